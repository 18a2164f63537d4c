import { describe, expect, it } from 'vitest';

import { daysRemainingTone, gpaTone } from '#web/lib/format.ts';

import { combineAnswers, csvTable, daysRemainingText, firstOf, formatGpa, matchesSearch } from './report-rules.ts';

describe('GPA colour and format', () => {
  it('is green at 3.5 or above, yellow at 3.0 or above, red below', () => {
    expect(gpaTone(4)).toBe('green');
    expect(gpaTone(3.5)).toBe('green');
    expect(gpaTone(3.49)).toBe('yellow');
    expect(gpaTone(3)).toBe('yellow');
    expect(gpaTone(2.99)).toBe('red');
  });

  it('shows two decimals, or No GPA when none is recorded', () => {
    expect(formatGpa(3)).toBe('3.00');
    expect(formatGpa(3.456)).toBe('3.46');
    expect(formatGpa(null)).toBe('No GPA');
  });
});

describe('days remaining', () => {
  it('is red under 30, yellow under 90, green otherwise', () => {
    expect(daysRemainingTone(-3)).toBe('red');
    expect(daysRemainingTone(0)).toBe('red');
    expect(daysRemainingTone(29)).toBe('red');
    expect(daysRemainingTone(30)).toBe('yellow');
    expect(daysRemainingTone(89)).toBe('yellow');
    expect(daysRemainingTone(90)).toBe('green');
  });

  it('says how many days are left, or overdue once passed', () => {
    expect(daysRemainingText(45)).toBe('45 days remaining');
    expect(daysRemainingText(1)).toBe('1 day remaining');
    expect(daysRemainingText(0)).toBe('0 days remaining');
    expect(daysRemainingText(-1)).toBe('1 day overdue');
    expect(daysRemainingText(-12)).toBe('12 days overdue');
  });
});

describe('firstOf', () => {
  it('shows up to 3, then +N more', () => {
    expect(firstOf(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: null });
    expect(firstOf(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: null });
    expect(firstOf(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: '+2 more' });
    expect(firstOf([])).toEqual({ shown: [], more: null });
  });
});

describe('matchesSearch', () => {
  it('is a case-insensitive substring match over the fields; blank matches all', () => {
    expect(matchesSearch(['Maya Chen', 'STU-2026002'], 'chen')).toBe(true);
    expect(matchesSearch(['Maya Chen', 'STU-2026002'], ' stu-2026 ')).toBe(true);
    expect(matchesSearch(['Maya Chen', 'STU-2026002'], 'paramedic')).toBe(false);
    expect(matchesSearch(['Maya Chen', null], '')).toBe(true);
  });
});

describe('csvTable', () => {
  it('keeps the columns without rows and writes empty cells for none', () => {
    const columns = [
      ['Name', (x: { n: string; g: number | null }) => x.n],
      ['GPA', (x: { n: string; g: number | null }) => x.g],
    ] as const;
    expect(csvTable(columns, [])).toEqual({ columns: ['Name', 'GPA'], rows: [] });
    expect(
      csvTable(columns, [
        { n: 'Ana', g: null },
        { n: 'Ben', g: 3 },
      ]).rows,
    ).toEqual([
      { Name: 'Ana', GPA: '' },
      { Name: 'Ben', GPA: 3 },
    ]);
  });
});

describe('combineAnswers', () => {
  const ready = <T>(data: T, savedAt: string | null = null) => ({ status: 'ready' as const, data, savedAt });

  it('waits for every answer and fails if any fails', () => {
    expect(combineAnswers<[number, number]>([ready(1), { status: 'loading' }])).toEqual({ status: 'loading' });
    expect(combineAnswers<[number, number]>([{ status: 'loading' }, { status: 'failed' }])).toEqual({
      status: 'failed',
    });
  });

  it('gives the data together, with the oldest saved time when any came from the device', () => {
    expect(combineAnswers<[number, string]>([ready(1), ready('a')])).toEqual({
      status: 'ready',
      data: [1, 'a'],
      savedAt: null,
    });
    expect(
      combineAnswers<[number, string, boolean]>([
        ready(1, '2026-07-01T10:00:00.000Z'),
        ready('a'),
        ready(true, '2026-07-01T09:00:00.000Z'),
      ]),
    ).toEqual({ status: 'ready', data: [1, 'a', true], savedAt: '2026-07-01T09:00:00.000Z' });
  });
});
