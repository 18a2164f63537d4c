import { describe, expect, it } from 'vitest';

import { FIGURES } from './figures.ts';

describe('figure names', () => {
  it('gives every distinct figure its own name, and each an explanation', () => {
    const terms = Object.values(FIGURES);
    expect(new Set(terms.map((f) => f.name)).size).toBe(terms.length);
    for (const f of terms) expect(f.about.length).toBeGreaterThan(f.name.length);
  });
});
