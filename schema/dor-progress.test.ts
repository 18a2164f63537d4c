import { describe, expect, it } from 'vitest';

import { DOR_FLAGS, DOR_SCORES, type DorRating, needsComment } from './dor.ts';
import { DEFAULT_DOR_CATEGORIES } from './dor-categories.ts';
import { type DorForProgress, dorProgress } from './dor-progress.ts';

const CATS = [
  { code: 'safety', name: 'Officer Safety', group: 'Critical' },
  { code: 'reports', name: 'Report Writing', group: 'Frequent' },
  { code: 'radio', name: 'Radio', group: 'Frequent' },
  { code: 'appearance', name: 'General Appearance', group: 'Appearance' },
];
const RULES = [
  { fromWeek: 1, toWeek: 1, minShare: 0.25 },
  { fromWeek: 2, toWeek: 3, minShare: 0.75 },
];
const r = (rating: DorRating['rating']): DorRating => ({ rating, comment: 'c' });

/**
 * By hand: week 1 starts 2026-11-02. The 2026-11-10 and -12 reports are week 2 (8 and 10 days on). Week 2's latest
 * scores: safety 5 (the 12th), reports 3 (the 12th), radio 4 (the 10th; N.O. on the 12th has no score), appearance
 * never scored. 2 of 3 scored categories acceptable: 0.667 < 0.75, so no advance. The draft of the 13th counts only
 * as missing; one completed report awaits acknowledgement, one acknowledged awaits review.
 */
const DORS: DorForProgress[] = [
  { date: '2026-11-02', status: 'reviewed', ratings: { safety: r(2), reports: r(3), radio: r('NRT') } },
  { date: '2026-11-03', status: 'reviewed', ratings: { safety: r(3), reports: r(4) } },
  { date: '2026-11-12', status: 'completed', ratings: { safety: r(5), reports: r(3), radio: r('N.O.') } },
  { date: '2026-11-10', status: 'acknowledged', ratings: { safety: r(4), radio: r(4) } },
  { date: '2026-11-13', status: 'draft', ratings: { safety: r(7), reports: r(7), radio: r(7) } },
];

describe('a trainee from their DORs', () => {
  it('charts each category over the completed reports, in date order, flags as gaps', () => {
    const p = dorProgress(DORS, CATS, RULES);
    expect(p.points.map((x) => x.date)).toEqual(['2026-11-02', '2026-11-03', '2026-11-10', '2026-11-12']);
    expect(p.points.map((x) => x.scores.safety)).toEqual([2, 3, 4, 5]);
    expect(p.points.map((x) => x.scores.radio)).toEqual([null, null, 4, null]);
    expect(p.points.map((x) => x.ratings.radio)).toEqual(['NRT', null, 4, 'N.O.']);
  });

  it("measures this week's share against the week's rule, and lists what is missing", () => {
    const p = dorProgress(DORS, CATS, RULES);
    expect(p.week).toBe(2);
    expect(p.rule).toEqual(RULES[1]);
    expect(p.phase).toBe(2);
    expect(p.share).toBeCloseTo(2 / 3);
    expect(p.mayAdvance).toBe(false);
    expect(p.missing).toEqual({ toComplete: 1, toAcknowledge: 1, toReview: 1, neverScored: [CATS[3]] });
  });

  it('advances once the share reaches the rule', () => {
    const better = [...DORS, { date: '2026-11-14', status: 'completed', ratings: { reports: r(4) } }];
    const p = dorProgress(better, CATS, RULES);
    expect(p.share).toBe(1);
    expect(p.mayAdvance).toBe(true);
  });

  it('says nothing of weeks before the first completed report', () => {
    const p = dorProgress([DORS[4]], CATS, RULES);
    expect(p).toMatchObject({ week: null, rule: null, phase: null, share: null, mayAdvance: false });
  });
});

describe('the default categories', () => {
  it('are the 40 of the standards file, in its order', async () => {
    const { readFileSync } = await import('node:fs');
    const dor = JSON.parse(readFileSync(new URL('../api/seed/standards/dor.json', import.meta.url), 'utf8')) as {
      categoryGroups: { group: string; categories: { name: string; skillCode: string }[] }[];
    };
    const fromFile = dor.categoryGroups.flatMap((g) =>
      g.categories.map((c) => ({ code: c.skillCode.replace('police-fto-', ''), name: c.name, group: g.group })),
    );
    expect(DEFAULT_DOR_CATEGORIES).toEqual(fromFile);
    expect(fromFile).toHaveLength(40);
  });

  it('need a comment on the ratings and flags the standards file names, and only those', async () => {
    const { readFileSync } = await import('node:fs');
    const dor = JSON.parse(readFileSync(new URL('../api/seed/standards/dor.json', import.meta.url), 'utf8')) as {
      commentRequiredRatings: number[];
      commentRequiredFlags: string[];
    };
    const named = [...dor.commentRequiredRatings, ...dor.commentRequiredFlags];
    expect([...DOR_SCORES, ...DOR_FLAGS].filter(needsComment).sort()).toEqual(named.sort());
  });
});
