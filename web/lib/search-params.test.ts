import { describe, expect, it } from 'vitest';

import { searchFlag, searchText } from './search-params.ts';

describe('screen search parameters', () => {
  it('keeps a numeric query such as a student code as text and drops blank ones', () => {
    expect([searchText('Lopez'), searchText(2026), searchText('  '), searchText(undefined), searchText({})]).toEqual([
      'Lopez',
      '2026',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads ?add=1 whether the router gives the number or the string', () => {
    expect([searchFlag(1), searchFlag('1'), searchFlag(0), searchFlag('yes')]).toEqual([
      '1',
      '1',
      undefined,
      undefined,
    ]);
  });
});
