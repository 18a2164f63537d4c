import { describe, expect, it } from 'vitest';
import { parseEntrySearch, tabIndex } from './search-params.ts';

describe('skill entry search params', () => {
  it('keeps a known tab and a search text', () => {
    expect(parseEntrySearch({ tab: 'scheduled', q: 'airway' })).toEqual({ tab: 'scheduled', q: 'airway' });
  });
  it('drops unknown tabs and empty or non-text values', () => {
    expect(parseEntrySearch({ tab: 'settings', q: '' })).toEqual({});
    expect(parseEntrySearch({ tab: 3, q: 7 })).toEqual({});
  });
  it('opens the first tab by default', () => {
    expect(tabIndex(undefined)).toBe(0);
    expect(tabIndex('reports')).toBe(3);
  });
});
