/**
 * Several clients make random mutations against the real server code over a faulty network: dropped requests and
 * responses, duplicated requests, stale requests replayed late, delays that reorder clients, client restarts and
 * sessions that expire. After the network heals and every client syncs:
 * - every mutation was applied exactly once or is listed as rejected on its device, none is left pending;
 * - each device's data equals what the server shows that user;
 * - mutation counters never went down, on the devices or on the server.
 * fast-check prints the seed and the shrunk case on failure; rerun one with SYNC_SEED=<seed>.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import type { Role } from '../schema/enums.ts';
import * as t from '../schema/tables.ts';
import { type Row, TrainingDb } from './client/db.ts';
import type { MutationArgs, MutationName } from './client/mutators.ts';
import type { PullResponse } from './protocol.ts';
import { type Fetch, openClient, sessionFetch, type SyncWorld, syncWorld, uniqueDbName } from './test-harness.ts';

const RUNS = Number(process.env.SYNC_RUNS ?? 200);
const DEVICES: Role[] = ['preceptor', 'preceptor', 'instructor', 'student'];

type Fault = 'ok' | 'dropRequest' | 'dropResponse' | 'duplicate' | 'replayOld' | 'delay';
type Op =
  | { kind: 'progress'; device: number; student: number; skill: number; value: number }
  | { kind: 'message'; device: number; toSelf: boolean }
  | { kind: 'hours'; device: number; student: number; hours: number }
  | { kind: 'phone'; device: number; student: number; phone: string }
  | { kind: 'join'; device: number }
  | { kind: 'sync'; device: number }
  | { kind: 'syncPair'; a: number; b: number }
  | { kind: 'restart'; device: number }
  | { kind: 'expire'; device: number }
  | { kind: 'relogin'; device: number };

const device = fc.integer({ min: 0, max: DEVICES.length - 1 });
const student = fc.integer({ min: 0, max: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('progress' as const),
      device,
      student,
      skill: fc.integer({ min: 0, max: 2 }),
      value: fc.integer({ min: 0, max: 100 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('message' as const), device, toSelf: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('hours' as const),
      device,
      student,
      hours: fc.integer({ min: 1, max: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('phone' as const),
      device,
      student,
      phone: fc.constantFrom('555-0101', '555-0102', '555-0103'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('join' as const), device }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), device }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('syncPair' as const), a: device, b: device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), device }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('relogin' as const), device }) },
);
const faultArb = fc.constantFrom<Fault>(
  'ok',
  'ok',
  'ok',
  'dropRequest',
  'dropResponse',
  'duplicate',
  'replayOld',
  'delay',
);

/** A network between one device and the server that misbehaves as told, until healed. */
class FaultyNetwork {
  healed = false;
  private next = 0;
  private sent: { path: string; init: RequestInit }[] = [];
  constructor(
    private readonly faults: Fault[],
    private readonly inner: Fetch,
  ) {}

  fetch: Fetch = async (path, init) => {
    const fault = this.healed || this.faults.length === 0 ? 'ok' : this.faults[this.next++ % this.faults.length];
    const old = this.sent[Math.floor(this.sent.length / 2)];
    this.sent.push({ path, init });
    if (fault === 'dropRequest') throw new TypeError('network: request lost');
    if (fault === 'delay') await new Promise((r) => setTimeout(r, 2));
    if (fault === 'replayOld' && old) await this.inner(old.path, old.init);
    if (fault === 'duplicate') await this.inner(path, init);
    const res = await this.inner(path, init);
    if (fault === 'dropResponse') throw new TypeError('network: response lost');
    return res;
  };
}

interface Device {
  role: Role;
  name: string;
  network: FaultyNetwork;
  session: ReturnType<typeof sessionFetch>;
  client: ReturnType<typeof openClient>;
  made: { mutationId: number; marker?: { table: 'messages' | 'clinicalHours'; value: string } }[];
}

const toDelete: TrainingDb[] = [];
afterAll(async () => {
  for (const db of toDelete) await db.delete().catch(() => undefined);
});

async function runCase(ops: Op[], faults: Fault[][]) {
  const w = syncWorld();
  const devices: Device[] = [];
  for (const [i, role] of DEVICES.entries()) {
    const session = sessionFetch(w.h, role);
    await session.relogin();
    const network = new FaultyNetwork(faults[i], session.fetch);
    const name = uniqueDbName(`prop${i}`);
    devices.push({ role, name, network, session, client: openClient(w.h, role, name, network.fetch), made: [] });
  }
  const counters = new Map<string, number>();
  const checkMonotonic = async () => {
    for (const d of devices) {
      const local = (await d.client.db.getMeta<number>('nextMutationId')) ?? 1;
      const clientId = await d.client.db.getMeta<string>('clientId');
      const server = clientId
        ? (w.h.db.select().from(t.syncClients).where(eq(t.syncClients.clientId, clientId)).get()?.lastMutationId ?? 0)
        : 0;
      for (const [key, value] of [
        [`${d.name}:local`, local],
        [`${d.name}:server`, server],
      ] as const) {
        expect(value, key).toBeGreaterThanOrEqual(counters.get(key) ?? 0);
        counters.set(key, value);
      }
    }
  };

  let n = 0;
  for (const op of ops) {
    await apply(w, devices, op, () => `${++n}-${Math.random().toString(36).slice(2, 8)}`);
    await checkMonotonic();
  }

  for (const d of devices) {
    d.network.healed = true;
    await d.session.relogin();
  }
  for (let round = 0; round < 3; round++) for (const d of devices) await d.client.engine.sync();
  await checkMonotonic();

  for (const d of devices) await checkDevice(w, d);
  for (const d of devices) {
    d.client.db.close();
    toDelete.push(d.client.db);
  }
}

async function mutate<N extends MutationName>(
  d: Device,
  name: N,
  args: MutationArgs<N>,
  marker?: Device['made'][number]['marker'],
) {
  const { mutationId } = await d.client.engine.mutate(name, args);
  d.made.push({ mutationId, marker });
}

async function apply(w: SyncWorld, devices: Device[], op: Op, unique: () => string) {
  const students = [...w.students, w.outsider];
  switch (op.kind) {
    case 'progress':
      return mutate(devices[op.device], 'recordSkillProgress', {
        studentId: students[op.student].id,
        skillId: w.skills[op.skill].id,
        status: op.value === 100 ? 'completed' : 'in_progress',
        progressPercentage: op.value,
        attempts: 1,
        successfulAttempts: op.value === 100 ? 1 : 0,
      });
    case 'message': {
      const d = devices[op.device];
      const subject = `subject ${unique()}`;
      const recipientId = op.toSelf ? w.h.users[d.role].id : w.h.users.director.id;
      return mutate(
        d,
        'sendMessage',
        { recipientId, subject, content: 'hello' },
        { table: 'messages', value: subject },
      );
    }
    case 'hours': {
      const notes = `shift ${unique()}`;
      return mutate(
        devices[op.device],
        'logClinicalHours',
        { studentId: students[op.student].id, date: '2026-03-01', hoursCompleted: op.hours, notes },
        { table: 'clinicalHours', value: notes },
      );
    }
    case 'phone':
      return mutate(devices[op.device], 'updateStudent', { id: students[op.student].id, changes: { phone: op.phone } });
    case 'join':
      return mutate(devices[op.device], 'fileProgramJoinRequest', {
        programId: w.outsider.programId,
        requestedRole: 'student',
        justification: 'I would like to join this program',
      });
    case 'sync':
      return void (await devices[op.device].client.engine.sync());
    case 'syncPair':
      return void (await Promise.all([devices[op.a].client.engine.sync(), devices[op.b].client.engine.sync()]));
    case 'restart': {
      const d = devices[op.device];
      d.client.db.close();
      d.client = openClient(w.h, d.role, d.name, d.network.fetch);
      return;
    }
    case 'expire':
      w.h.db.delete(t.sessions).where(eq(t.sessions.userId, w.h.users[devices[op.device].role].id)).run();
      return;
    case 'relogin':
      return devices[op.device].session.relogin();
  }
}

/** A first pull (no cookie) as the device's user, under `clientId`. */
const pullFrom = async (d: Device, clientId: string) =>
  (await (
    await d.session.fetch('/api/sync/pull', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pullVersion: 1, clientGroupId: 'check', clientId, cookie: null }),
    })
  ).json()) as PullResponse;

async function checkDevice(w: SyncWorld, d: Device) {
  const { db } = d.client;
  const clientId = (await db.getMeta<string>('clientId'))!;
  expect(await db.outbox.count(), 'nothing left pending').toBe(0);
  // what the server says of this device: its counter (every mutation up to it processed, once) and its rejections
  const own = await pullFrom(d, clientId);
  expect(
    Array.from({ length: own.lastMutationId }, (_, i) => i + 1),
    'every mutation processed once',
  ).toEqual(d.made.map((m) => m.mutationId));
  const rejectedOnServer = own.rejected.map((r) => r.id).sort((a, b) => a - b);
  expect(
    (await db.rejected.toArray()).map((r) => r.mutationId),
    'rejections listed on the device',
  ).toEqual(rejectedOnServer);
  for (const { mutationId, marker } of d.made) {
    if (!marker) continue;
    const column = marker.table === 'messages' ? t.messages.subject : t.clinicalHours.notes;
    const table = marker.table === 'messages' ? t.messages : t.clinicalHours;
    const count = w.h.db.select().from(table).where(eq(column, marker.value)).all().length;
    expect(count, `mutation ${mutationId} applied exactly once or rejected`).toBe(
      rejectedOnServer.includes(mutationId) ? 0 : 1,
    );
  }
  const full = await pullFrom(d, `check-${clientId}`);
  const expected: Record<string, Row[]> = {};
  for (const op of full.patch) if (op.op === 'put') (expected[op.table] ??= []).push(op.row);
  for (const table of Object.keys(expected)) {
    const local = await db.domain(table as never).toArray();
    const byId = (a: Row, b: Row) => a.id.localeCompare(b.id);
    expect(local.sort(byId), `${d.role} ${table} matches the server`).toEqual(expected[table].sort(byId));
  }
}

describe('sync under a faulty network (property)', () => {
  it(`converges with every write exactly once or rejected, ${RUNS} generated cases`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 14 }),
        fc.array(fc.array(faultArb, { maxLength: 6 }), { minLength: DEVICES.length, maxLength: DEVICES.length }),
        runCase,
      ),
      { numRuns: RUNS, ...(process.env.SYNC_SEED && { seed: Number(process.env.SYNC_SEED) }) },
    );
  }, 600_000);
});
