import { describe, expect, it } from 'vitest';

import { quickActionsFor } from './targets.ts';

describe("the dashboard's quick actions", () => {
  it("a preceptor's first action opens skill entry's one-tap logging", () => {
    expect(quickActionsFor('preceptor')[0]).toEqual({
      label: 'Log Skills',
      target: { to: '/ems/skill-entry', search: {} },
      needs: 'attempts.log',
    });
  });

  it('a role that may not log attempts is not offered it', () => {
    expect(quickActionsFor('clinical_coordinator').map((a) => a.label)).not.toContain('Log Skills');
  });
});
