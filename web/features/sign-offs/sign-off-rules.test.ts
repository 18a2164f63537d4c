import { describe, expect, it } from 'vitest';

import { preselectedIds, type SignableRecord } from './sign-off-rules.ts';

const record = (id: string, date: string, kind: SignableRecord['kind'] = 'contact'): SignableRecord => ({
  kind,
  id,
  date,
  label: id,
});

describe('the records a sign-off sheet starts with chosen', () => {
  const now = new Date('2026-11-26T15:00:00Z');

  it("chooses the latest day's records, passing over a day after today (logged before such dates were refused)", () => {
    const records = [
      record('future', '2028-03-02'),
      record('shift-contact', '2026-11-25'),
      record('shift-hours', '2026-11-25', 'hours'),
      record('older', '2026-11-20'),
    ];
    expect(preselectedIds(records, now)).toEqual(new Set(['shift-contact', 'shift-hours']));
  });

  it('chooses nothing when every record is after today', () => {
    expect(preselectedIds([record('future', '2029-01-01')], now)).toEqual(new Set());
  });
});
