/**
 * Several devices (two of one user) log, void and edit skill assessments offline over a faulty network; after the
 * network heals and every device syncs: the server's counts equal the attempts logged minus the voids, every device's
 * figures equal the server's, and each assessment field holds the value with the latest stamp everywhere. A device
 * voids only attempts it holds; the only writes refused are voids the rules refuse (a student voiding staff's attempt,
 * a preceptor voiding another user's), never a second void of the same attempt from another device.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import type { Role } from '../schema/enums.ts';
import * as t from '../schema/tables.ts';
import type { TrainingDb } from './client/db.ts';
import { type Fetch, openClient, sessionFetch, type SyncWorld, syncWorld, uniqueDbName } from './test-harness.ts';

const RUNS = Number(process.env.EVIDENCE_RUNS ?? 200);
const DEVICES: Role[] = ['preceptor', 'preceptor', 'instructor', 'student'];
type Fault = 'ok' | 'dropRequest' | 'dropResponse' | 'duplicate';
type Op =
  | { kind: 'log'; device: number; student: number; skill: number; successful: boolean }
  | { kind: 'void'; device: number; pick: number }
  | { kind: 'edit'; device: number; student: number; skill: number; notes: string }
  | { kind: 'sync'; device: number };

const device = fc.integer({ min: 0, max: DEVICES.length - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('log' as const),
      device,
      student: fc.integer({ min: 0, max: 1 }),
      skill: fc.integer({ min: 0, max: 1 }),
      successful: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), device, pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      device: fc.integer({ min: 0, max: 2 }),
      student: fc.integer({ min: 0, max: 1 }),
      skill: fc.integer({ min: 0, max: 1 }),
      notes: fc.constantFrom('steady', 'needs work', 'ready'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), device }) },
);
const faultArb = fc.constantFrom<Fault>('ok', 'ok', 'dropRequest', 'dropResponse', 'duplicate');

class FaultyNetwork {
  healed = false;
  private next = 0;
  constructor(
    private readonly faults: Fault[],
    private readonly inner: Fetch,
  ) {}
  fetch: Fetch = async (path, init) => {
    const fault = this.healed || this.faults.length === 0 ? 'ok' : this.faults[this.next++ % this.faults.length];
    if (fault === 'dropRequest') throw new TypeError('network: request lost');
    if (fault === 'duplicate') await this.inner(path, init);
    const res = await this.inner(path, init);
    if (fault === 'dropResponse') throw new TypeError('network: response lost');
    return res;
  };
}

const toDelete: TrainingDb[] = [];
afterAll(async () => {
  for (const db of toDelete) await db.delete().catch(() => undefined);
});

async function runCase(ops: Op[], faults: Fault[][]) {
  const w = syncWorld();
  const devices = await Promise.all(
    DEVICES.map(async (role, i) => {
      const session = sessionFetch(w.h, role);
      await session.relogin();
      const network = new FaultyNetwork(faults[i], session.fetch);
      return { role, network, session, client: openClient(w.h, role, uniqueDbName(`evidence${i}`), network.fetch) };
    }),
  );
  const logged: { device: number; id: string; mutationId: number }[] = [];
  const voids: { device: number; attemptId: string; mutationId: number; allowed: boolean }[] = [];
  const edits: { device: number; pair: string; notes: string; stamp: string; mutationId: number }[] = [];
  // the student's device logs for the student's own record only (students[0] is linked to the student user)
  const pairOf = (d: number, student: number, skill: number) => ({
    studentId: w.students[DEVICES[d] === 'student' ? 0 : student].id,
    skillId: w.skills[skill].id,
  });
  for (const op of ops) await apply(w, devices, op, { logged, voids, edits, pairOf });
  for (const d of devices) {
    d.network.healed = true;
    await d.session.relogin();
  }
  for (let round = 0; round < 3; round++) for (const d of devices) await d.client.engine.sync();

  const rejected = new Set<string>();
  for (const [i, d] of devices.entries())
    for (const r of await d.client.db.rejected.toArray()) rejected.add(`${i}:${r.mutationId}`);
  const accepted = <T extends { device: number; mutationId: number }>(xs: T[]) =>
    xs.filter((x) => !rejected.has(`${x.device}:${x.mutationId}`));
  const refusedAllowed = voids.filter((v) => v.allowed && rejected.has(`${v.device}:${v.mutationId}`));
  expect(refusedAllowed, 'no void the rules allow is refused').toEqual([]);
  expect(
    [...logged, ...edits].filter((x) => rejected.has(`${x.device}:${x.mutationId}`)),
    'no attempt or edit is refused',
  ).toEqual([]);
  const standing = new Set(accepted(logged).map((a) => a.id));
  for (const v of accepted(voids)) standing.delete(v.attemptId);

  const serverAttempts = w.h.db.select().from(t.skillAttempts).all();
  const serverRows = w.h.db.select().from(t.studentSkills).all();
  const counted = serverRows.reduce((n, r) => n + r.attempts + r.pendingAttempts, 0);
  expect(counted, 'counts equal attempts logged minus voids').toBe(standing.size);
  expect(serverAttempts.filter((a) => a.kind === 'attempt').length).toBe(accepted(logged).length);

  for (const d of devices) {
    for (const row of serverRows) {
      const local = await d.client.db.domain('studentSkills').get(row.id);
      if (!local) continue; // a pair this user may not see
      expect(
        { a: local.attempts, s: local.successfulAttempts, p: local.pendingAttempts, n: local.notes },
        `${d.role} figures equal the server's`,
      ).toEqual({ a: row.attempts, s: row.successfulAttempts, p: row.pendingAttempts, n: row.notes });
    }
  }
  const latest = new Map<string, { stamp: string; notes: string }>();
  for (const e of accepted(edits)) if ((latest.get(e.pair)?.stamp ?? '') < e.stamp) latest.set(e.pair, e);
  for (const [pair, { notes }] of latest) {
    const row = serverRows.find((r) => `${r.studentId}/${r.skillId}` === pair);
    expect(row?.notes, 'the latest stamp wins').toBe(notes);
  }
  for (const d of devices) {
    d.client.db.close();
    toDelete.push(d.client.db);
  }
}

type Model = {
  logged: { device: number; id: string; mutationId: number }[];
  voids: { device: number; attemptId: string; mutationId: number; allowed: boolean }[];
  edits: { device: number; pair: string; notes: string; stamp: string; mutationId: number }[];
  pairOf: (d: number, student: number, skill: number) => { studentId: string; skillId: string };
};

async function apply(_w: SyncWorld, devices: { client: ReturnType<typeof openClient> }[], op: Op, m: Model) {
  const engine = devices['device' in op ? op.device : 0].client.engine;
  switch (op.kind) {
    case 'log': {
      const id = crypto.randomUUID();
      const { mutationId } = await engine.mutate('logSkillAttempt', {
        id,
        ...m.pairOf(op.device, op.student, op.skill),
        attemptedAt: new Date(Date.UTC(2026, 2, 1 + m.logged.length)).toISOString(),
        setting: 'lab',
        outcome: op.successful ? 'successful' : 'unsuccessful',
      });
      m.logged.push({ device: op.device, id, mutationId });
      return;
    }
    case 'void': {
      const held = await devices[op.device].client.db.domain('skillAttempts').toArray();
      if (held.length === 0) return;
      const attempt = held[op.pick % held.length];
      const { mutationId } = await engine.mutate('voidSkillAttempt', {
        id: crypto.randomUUID(),
        attemptId: attempt.id,
        reason: 'Logged by mistake',
      });
      const role = DEVICES[op.device];
      const recorder = m.logged.find((l) => l.id === attempt.id)?.device;
      const allowed = role === 'instructor' || (recorder !== undefined && DEVICES[recorder] === role);
      m.voids.push({ device: op.device, attemptId: attempt.id, mutationId, allowed });
      return;
    }
    case 'edit': {
      const pair = m.pairOf(op.device, op.student, op.skill);
      const stamp = await engine.stamp();
      const { mutationId } = await engine.mutate('editSkillAssessment', {
        ...pair,
        stamp,
        changes: { notes: op.notes },
      });
      m.edits.push({
        device: op.device,
        pair: `${pair.studentId}/${pair.skillId}`,
        notes: op.notes,
        stamp,
        mutationId,
      });
      return;
    }
    case 'sync':
      await engine.sync();
  }
}

describe('the evidence log under a faulty network (property)', () => {
  it(`counts equal attempts minus voids and the latest assessment wins everywhere, ${RUNS} cases`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.array(faultArb, { maxLength: 5 }), { minLength: DEVICES.length, maxLength: DEVICES.length }),
        runCase,
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
