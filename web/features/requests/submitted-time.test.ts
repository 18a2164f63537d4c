import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { submittedAgo } from './submitted-time.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('Submitted, as relative time with a suffix', () => {
  it.each([
    [before(20_000), 'less than a minute ago'],
    [before(5 * MINUTE), '5 minutes ago'],
    [before(50 * MINUTE), 'about 1 hour ago'],
    [before(2 * HOUR), 'about 2 hours ago'],
    [before(30 * HOUR), '1 day ago'],
    [before(3 * DAY), '3 days ago'],
    [before(35 * DAY), 'about 1 month ago'],
    [before(100 * DAY), '3 months ago'],
    [before(400 * DAY), 'about 1 year ago'],
    [before(3 * 365 * DAY), 'almost 3 years ago'],
  ])('%s reads %s', (iso, text) => {
    expect(submittedAgo(iso)).toBe(text);
  });

  it('a time a little ahead of this device reads as just now, not in the future', () => {
    expect(submittedAgo(new Date(NOW.getTime() + 30_000).toISOString())).toBe('less than a minute ago');
  });

  it('no date or an unreadable one reads Unknown', () => {
    expect(submittedAgo(null)).toBe('Unknown');
    expect(submittedAgo('not a date')).toBe('Unknown');
  });
});
