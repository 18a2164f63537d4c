// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DomainRows } from '../../../sync/client/db.ts';
import type { SkillMinimum } from '../../../schema/skill-figures.ts';
import { useAttemptsInFlight, type AttemptTap } from './attempts-in-flight.ts';

type ProgressRow = DomainRows['studentSkills'];

const minimumOf = (): SkillMinimum => ({ total: 2, bySetting: {} });
const tap = (id: string, outcome = 'successful'): AttemptTap => ({
  id,
  studentId: 's1',
  skillId: 'opa',
  outcome,
  setting: 'lab',
  attemptedAt: '2026-11-26T08:00:00.000Z',
  verified: true,
});
/** The summary row as the device stores it after `n` successful attempts (a new object, as each read gives). */
const rowAfter = (n: number) =>
  new Map([
    [
      'opa',
      {
        id: 's1/opa',
        studentId: 's1',
        skillId: 'opa',
        attempts: n,
        successfulAttempts: n,
        status: 'completed',
      } as ProgressRow,
    ],
  ]);

function deferred() {
  let settle = (_: string | null) => undefined as void;
  const promise = new Promise<string | null>((r) => (settle = r));
  return { promise, settle: (v: string | null) => act(async () => settle(v)) };
}

const counted = (totals: object) => ({ totals, counted: true });

function mount() {
  const hook = renderHook(({ stored, tiles }) => useAttemptsInFlight('s1', stored, minimumOf, tiles), {
    initialProps: { stored: new Map<string, ProgressRow>(), tiles: counted({}) },
  });
  const shown = () => hook.result.current.bySkill.get('opa');
  const write = (id: string) => {
    const d = deferred();
    act(() => hook.result.current.track(tap(id), () => d.promise));
    return d;
  };
  return { hook, shown, write };
}

describe('attempts in flight', () => {
  it('shows a tap at once with the figures the write will store, and the pending mark', () => {
    const { hook, shown, write } = mount();
    write('a1');
    expect(shown()).toMatchObject({
      attempts: 1,
      successfulAttempts: 1,
      status: 'in_progress',
      progressPercentage: 50,
    });
    expect(hook.result.current.inFlightKeys.size).toBe(1);
  });

  it('an attempt stored before its row is read again stays until the row arrives, then counts once', async () => {
    const { hook, shown, write } = mount();
    const first = write('a1');
    await first.settle('a1');
    expect(shown()).toMatchObject({ attempts: 1 });
    hook.rerender({ stored: rowAfter(1), tiles: counted({}) });
    expect(shown()).toMatchObject({ attempts: 1 });
    expect(hook.result.current.inFlightKeys.size).toBe(0);
  });

  it("a second tap stored after the first one's row arrived is not taken for held by that row", async () => {
    const { hook, shown, write } = mount();
    const first = write('a1');
    const second = write('a2');
    expect(shown()).toMatchObject({ attempts: 2 });
    await first.settle('a1');
    hook.rerender({ stored: rowAfter(1), tiles: counted({}) });
    expect(shown()).toMatchObject({ attempts: 2 });
    await second.settle('a2');
    expect(shown()).toMatchObject({ attempts: 2 });
    hook.rerender({ stored: rowAfter(2), tiles: counted({}) });
    expect(shown()).toMatchObject({ attempts: 2 });
  });

  it('a write that stored nothing takes its attempt back', async () => {
    const { hook, shown, write } = mount();
    const refused = write('a1');
    expect(shown()).toMatchObject({ attempts: 1 });
    await refused.settle(null);
    expect(shown()).toBeUndefined();
    expect(hook.result.current.inFlightKeys.size).toBe(0);
  });

  it("the tiles count a skill it completes until the tiles' own totals are read again after the write", async () => {
    const { hook, write } = mount();
    const totals = {};
    hook.rerender({ stored: new Map(), tiles: counted(totals) });
    const first = write('a1');
    expect(hook.result.current.completedInTiles).toBe(0);
    const second = write('a2');
    expect(hook.result.current.completedInTiles).toBe(1);
    // a third success on a completed skill completes nothing more
    write('a3');
    expect(hook.result.current.completedInTiles).toBe(1);
    await first.settle('a1');
    await second.settle('a2');
    hook.rerender({ stored: rowAfter(2), tiles: counted(totals) });
    expect(hook.result.current.completedInTiles).toBe(1);
    hook.rerender({ stored: rowAfter(2), tiles: counted({}) });
    expect(hook.result.current.completedInTiles).toBe(0);
  });
});
