import { describe, expect, it } from 'vitest';

import { isAfterToday, isInstantAfterToday, latestToday } from './dates.ts';

describe('dates after today', () => {
  const now = new Date('2026-11-26T15:00:00Z');

  it('takes today as the day furthest ahead on earth (UTC+14), so no time zone has its today refused', () => {
    expect(latestToday(now)).toBe('2026-11-27');
    expect(latestToday(new Date('2026-11-26T09:59:59Z'))).toBe('2026-11-26');
    expect(isAfterToday('2026-11-26', now)).toBe(false);
    expect(isAfterToday('2026-11-27', now)).toBe(false);
    expect(isAfterToday('2026-11-28', now)).toBe(true);
    expect(isAfterToday('2028-01-01', now)).toBe(true);
  });

  it("takes an instant by its earliest day (UTC-12): a contact's attempt at noon today is never in the future", () => {
    // 00:30 in New York, a contact of today stamps its attempts at noon local time
    const nightShift = new Date('2026-11-26T05:30:00Z');
    expect(isInstantAfterToday('2026-11-26T17:00:00.000Z', nightShift)).toBe(false);
    // 23:00 on Baker Island (UTC-12), the last zone to leave a day
    expect(isInstantAfterToday('2026-11-27T11:00:00.000Z', new Date('2026-11-26T12:00:00Z'))).toBe(false);
    expect(isInstantAfterToday('2026-11-29T12:00:00.000Z', now)).toBe(true);
    expect(isInstantAfterToday('2029-03-01T09:00:00.000Z', now)).toBe(true);
  });

  it('answers no for a time that is not one, so a form error is a message and not a crash', () => {
    expect(isInstantAfterToday('', new Date('2026-11-26T12:00:00Z'))).toBe(false);
    expect(isInstantAfterToday('not a time', new Date('2026-11-26T12:00:00Z'))).toBe(false);
  });
});
