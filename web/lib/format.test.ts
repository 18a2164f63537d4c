import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';

import {
  barPercent,
  capacityTone,
  formatDate,
  formatDateTime,
  formatDayTime,
  formatFileSize,
  isGraduatingSoon,
  progressTone,
  ratingTone,
} from './format.ts';

describe('display rules (spec section 9)', () => {
  it('colours student progress: 90+ green, 70-89 blue, 50-69 yellow, below 50 red', () => {
    expect([100, 90, 89, 70, 69, 50, 49, 0].map(progressTone)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('marks graduating soon from 90%', () => {
    expect([isGraduatingSoon(89), isGraduatingSoon(90)]).toEqual([false, true]);
  });

  it('colours site capacity: below 70% green, below 90% yellow, otherwise red', () => {
    expect([
      capacityTone(6, 10),
      capacityTone(7, 10),
      capacityTone(8, 10),
      capacityTone(9, 10),
      capacityTone(12, 10),
    ]).toEqual(['green', 'yellow', 'yellow', 'red', 'red']);
  });

  it('colours instructor ratings at 4.5, 4.0 and 3.5', () => {
    expect([4.5, 4.49, 4, 3.99, 3.5, 3.49].map(ratingTone)).toEqual([
      'green',
      'blue',
      'blue',
      'yellow',
      'yellow',
      'red',
    ]);
  });

  it('caps bars at 100% and handles a zero requirement', () => {
    expect([barPercent(50, 100), barPercent(150, 100), barPercent(5, 0)]).toEqual([50, 100, 0]);
  });

  it('shows file sizes in Bytes, KB, MB or GB with factor 1024 and 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024 * 2.345)).toBe('2.35 MB');
    expect(formatFileSize(1024 ** 3 * 3)).toBe('3 GB');
  });

  it('shows dates and times as date-fns did: a date alone is that day here, a time in this time zone', () => {
    const samples = [
      '2026-05-01',
      '2026-12-31',
      '2026-01-09T00:05:00',
      '2026-03-05T15:30:00.000Z',
      '2026-11-26T23:59:59Z',
    ];
    for (const iso of samples) {
      expect(formatDate(iso)).toBe(format(parseISO(iso), 'MMM d, yyyy'));
      expect(formatDateTime(iso)).toBe(format(parseISO(iso), 'MMM d, yyyy, h:mm a'));
      expect(formatDayTime(iso)).toBe(format(parseISO(iso), 'MMM d, h:mm a'));
    }
    expect(formatDate('2026-05-01')).toBe('May 1, 2026');
    expect(formatDateTime('2026-01-09T00:05:00')).toBe('Jan 9, 2026, 12:05 AM');
    expect(formatDate(null)).toBe('');
  });
});
