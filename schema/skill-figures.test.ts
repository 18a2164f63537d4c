import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ATTEMPT_SETTINGS } from './enums.ts';
import {
  applyEntry,
  type AttemptEntry,
  derivedProgress,
  derivedStatus,
  emptyFigures,
  foldEntries,
  latestAttemptDate,
  shownStatus,
  skillMinimum,
} from './skill-figures.ts';

const attempt = (over: Partial<AttemptEntry> = {}): AttemptEntry => ({
  kind: 'attempt',
  setting: 'lab',
  outcome: 'successful',
  participation: 'performed',
  attemptsDelta: 1,
  successfulDelta: 1,
  attemptedAt: '2026-11-20T10:00:00.000Z',
  verified: true,
  ...over,
});
const failed = (over: Partial<AttemptEntry> = {}) => attempt({ outcome: 'unsuccessful', successfulDelta: 0, ...over });

describe('a skill’s figures from its log', () => {
  it('counts each verified, performed attempt once, by setting', () => {
    const f = foldEntries([attempt(), failed({ setting: 'clinical' }), attempt({ setting: 'clinical' })]);
    expect(f.attempts).toBe(3);
    expect(f.successfulAttempts).toBe(2);
    expect(f.bySetting.lab).toEqual({ attempts: 1, successful: 1 });
    expect(f.bySetting.clinical).toEqual({ attempts: 2, successful: 1 });
    expect(f.bySetting.field).toEqual({ attempts: 0, successful: 0 });
  });

  it('keeps a student’s own unverified attempt and observed attempts out of the counts', () => {
    const f = foldEntries([attempt({ verified: false }), attempt({ participation: 'observed' }), attempt()]);
    expect(f).toMatchObject({ attempts: 1, successfulAttempts: 1, pendingAttempts: 1, observedAttempts: 1 });
  });

  it('adds a correction’s deltas to the totals but to no setting', () => {
    const opening = attempt({ kind: 'correction', setting: null, attemptsDelta: 5, successfulDelta: 3 });
    const f = foldEntries([opening, attempt()]);
    expect(f).toMatchObject({ attempts: 6, successfulAttempts: 4 });
    expect(f.bySetting.lab).toEqual({ attempts: 1, successful: 1 });
  });

  it('a void takes exactly what its attempt added', () => {
    const a = failed({ setting: 'field' });
    const after = applyEntry(applyEntry(foldEntries([attempt()]), a), a, -1);
    expect(after).toEqual({ ...foldEntries([attempt()]) });
  });

  it('the last attempt date is the latest day with a counted attempt', () => {
    const log = [attempt({ attemptedAt: '2026-11-02T08:00:00Z' }), attempt({ attemptedAt: '2026-11-09T08:00:00Z' })];
    expect(foldEntries(log).lastAttemptDate).toBe('2026-11-09');
    expect(latestAttemptDate(log.slice(0, 1))).toBe('2026-11-02');
    expect(latestAttemptDate([attempt({ verified: false })])).toBeNull();
  });

  it('fold and incremental updates agree for any log and any voids (500 random logs)', () => {
    const entry = fc.record({
      setting: fc.constantFrom(...ATTEMPT_SETTINGS),
      ok: fc.boolean(),
      verified: fc.boolean(),
      observed: fc.boolean(),
      day: fc.integer({ min: 1, max: 28 }),
      voided: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (spec) => {
        const log = spec.map((s) =>
          attempt({
            setting: s.setting,
            outcome: s.ok ? 'successful' : 'unsuccessful',
            successfulDelta: s.ok ? 1 : 0,
            verified: s.verified,
            participation: s.observed ? 'observed' : 'performed',
            attemptedAt: `2026-11-${String(s.day).padStart(2, '0')}T12:00:00.000Z`,
          }),
        );
        let incremental = emptyFigures();
        for (const e of log) incremental = applyEntry(incremental, e);
        const standing = log.filter((_, i) => !spec[i].voided);
        for (const [i, e] of log.entries()) if (spec[i].voided) incremental = applyEntry(incremental, e, -1);
        incremental = { ...incremental, lastAttemptDate: latestAttemptDate(standing) };
        expect(incremental).toEqual(foldEntries(standing));
      }),
      { numRuns: 500 },
    );
  });
});

describe('status and progress against the minimum', () => {
  const skill = { id: 'iv', minimumAttempts: 4 };

  it('uses the program’s minimum where it set one, else the catalogue’s', () => {
    expect(skillMinimum(null, skill)).toEqual({ total: 4, bySetting: {} });
    const program = { iv: { total: 2, bySetting: { clinical: 1 } } };
    expect(skillMinimum(program, skill)).toEqual(program.iv);
  });

  it('is not started, in progress, then completed as successful attempts reach the minimum', () => {
    const min = skillMinimum(null, skill);
    expect(derivedStatus(emptyFigures(), min)).toBe('not_started');
    expect(derivedStatus(foldEntries([failed()]), min)).toBe('in_progress');
    expect(derivedStatus(foldEntries([attempt({ verified: false })]), min)).toBe('in_progress');
    expect(derivedStatus(foldEntries([attempt(), attempt(), attempt(), attempt()]), min)).toBe('completed');
    expect(derivedProgress(foldEntries([attempt(), failed()]), min)).toBe(25);
    expect(derivedProgress(foldEntries(Array.from({ length: 9 }, () => attempt())), min)).toBe(100);
  });

  it('needs each setting’s minimum as well as the total', () => {
    const min = { total: 2, bySetting: { clinical: 1 } };
    const labOnly = foldEntries([attempt(), attempt()]);
    expect(derivedStatus(labOnly, min)).toBe('in_progress');
    expect(derivedProgress(labOnly, min)).toBe(67);
    expect(derivedStatus(foldEntries([attempt(), attempt({ setting: 'clinical' })]), min)).toBe('completed');
  });

  it('shows a staff override over the derived figure, and the derived one once it is cleared', () => {
    const min = skillMinimum(null, skill);
    const f = foldEntries([attempt()]);
    expect(shownStatus(f, min, { statusOverride: 'needs_improvement', progressOverride: 10 })).toEqual({
      status: 'needs_improvement',
      progressPercentage: 10,
    });
    expect(shownStatus(f, min, { statusOverride: null, progressOverride: null })).toEqual({
      status: 'in_progress',
      progressPercentage: 25,
    });
  });
});
