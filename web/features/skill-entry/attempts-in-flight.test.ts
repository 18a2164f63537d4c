// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { SkillMinimum } from '#schema/skill-figures.ts';
import type { DomainRows } from '#sync/client/db.ts';

import { type AttemptTap, useAttemptsInFlight } from './attempts-in-flight.ts';

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

/**
 * Any order of taps, writes stored or refused (in tap order, as IndexedDB commits them), and re-reads of the rows and
 * of the tiles' totals (each from what is stored by then, as new objects): every skill shows exactly the attempts
 * not refused, and the tiles exactly the skills those complete.
 */
describe('attempts in flight, after any taps, writes and re-reads', () => {
  const SKILLS = ['opa', 'bvm', 'cpr'];
  type Op = { kind: 'tap'; skill: number } | { kind: 'store' | 'refuse' | 'reread' | 'rereadTotals' };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('tap' as const), skill: fc.integer({ min: 0, max: SKILLS.length - 1 }) }),
    fc.record({
      kind: fc.constantFrom('store' as const, 'refuse' as const, 'reread' as const, 'rereadTotals' as const),
    }),
  );
  /** Rows as the device stores them after these attempts (successful, minimum 2): new objects, as each read gives. */
  const rowsOf = (attempts: string[]) =>
    new Map(
      SKILLS.filter((k) => attempts.includes(k)).map((k) => {
        const n = attempts.filter((a) => a === k).length;
        return [
          k,
          {
            id: `s1/${k}`,
            studentId: 's1',
            skillId: k,
            attempts: n,
            successfulAttempts: n,
            status: n >= 2 ? 'completed' : 'in_progress',
          } as ProgressRow,
        ];
      }),
    );
  const completed = (attempts: string[]) => SKILLS.filter((k) => attempts.filter((a) => a === k).length >= 2).length;

  it('count every attempt once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 40 }), async (ops) => {
        let props = { stored: rowsOf([]), tiles: { totals: { completed: 0 } as object, counted: true } };
        const hook = renderHook((p: typeof props) => useAttemptsInFlight('s1', p.stored, minimumOf, p.tiles), {
          initialProps: props,
        });
        const writes: { skill: string; settle: (id: string | null) => Promise<void> }[] = [];
        const stored: string[] = [];
        for (const [i, op] of ops.entries()) {
          if (op.kind === 'tap') {
            const d = deferred();
            act(() => hook.result.current.track({ ...tap(`a${i}`), skillId: SKILLS[op.skill] }, () => d.promise));
            writes.push({ skill: SKILLS[op.skill], settle: d.settle });
          } else if (op.kind === 'store' || op.kind === 'refuse') {
            const write = writes.shift();
            if (!write) continue;
            if (op.kind === 'store') stored.push(write.skill);
            await write.settle(op.kind === 'store' ? 'id' : null);
          } else if (op.kind === 'reread') {
            props = { ...props, stored: rowsOf(stored) };
            hook.rerender(props);
          } else {
            props = { ...props, tiles: { totals: { completed: completed(stored) }, counted: true } };
            hook.rerender(props);
          }
          const standing = [...stored, ...writes.map((w) => w.skill)];
          for (const k of SKILLS)
            expect(hook.result.current.bySkill.get(k)?.attempts ?? 0).toBe(standing.filter((a) => a === k).length);
          const tilesShow =
            (props.tiles.totals as { completed: number }).completed + hook.result.current.completedInTiles;
          expect(tilesShow).toBe(completed(standing));
        }
        hook.unmount();
      }),
      { numRuns: 100 },
    );
  });
});
