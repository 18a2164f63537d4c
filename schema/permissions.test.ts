import { describe, expect, it } from 'vitest';

import { ROLES } from './enums.ts';
import { verifiedOnEntry } from './permissions.ts';

describe('verified on entry', () => {
  it("leaves a student's own entry unverified and verifies every staff role's entry by its recorder", () => {
    const verified = ROLES.filter((role) => verifiedOnEntry(role));
    expect(verified).toEqual(ROLES.filter((role) => role !== 'student'));
    expect(verifiedOnEntry('student')).toBe(false);
  });
});
