import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';

import { replaceQuotas, WriteQuotas } from '#api/limits/quotas.ts';
import { MAX_SYNC_CLIENTS_PER_USER } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import type { PullRequest, PullResponse } from '../protocol.ts';
import { PROTOCOL_VERSION } from '../protocol-version.ts';
import { handlePull } from '../server/pull.ts';
import { type Fetch, openClient, sessionFetch, type SyncWorld, syncWorld, uid, uniqueDbName } from '../test-harness.ts';
import { TrainingDb } from './db.ts';
import { PUT_SLICE_ROWS, SyncEngine } from './engine.ts';
import { pendingEntityKeys, syncOverview } from './status.ts';

let w: SyncWorld;
const opened: TrainingDb[] = [];

beforeEach(() => {
  w = syncWorld();
});
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function client(
  role: 'preceptor' | 'student' | 'instructor' = 'preceptor',
  name = uniqueDbName(role),
  wrap?: (f: Fetch) => Fetch,
) {
  const session = sessionFetch(w.h, role);
  await session.relogin();
  const c = openClient(w.h, role, name, wrap ? wrap(session.fetch) : session.fetch);
  opened.push(c.db);
  return { ...c, session, name };
}

const progress = (value: number, student = w.students[1], skill = w.skills[0]) =>
  ({
    studentId: student.id,
    skillId: skill.id,
    status: value === 100 ? 'completed' : 'in_progress',
    progressPercentage: value,
    attempts: 2,
    successfulAttempts: 1,
  }) as const;
const serverProgress = () => w.h.db.select().from(t.studentSkills).all();

describe('local writes', () => {
  it('show at once, queue in the outbox and mark the record pending', async () => {
    const { db, engine } = await client();
    await engine.mutate('recordSkillProgress', progress(40));
    expect(await db.domain('studentSkills').toArray()).toMatchObject([
      { progressPercentage: 40, studentId: w.students[1].id },
    ]);
    expect(await syncOverview(db)).toMatchObject({ pending: 1, needsAttention: 0 });
    expect(await pendingEntityKeys(db)).toEqual(new Set([`studentSkills:${w.students[1].id}/${w.skills[0].id}`]));
  });

  it('reject invalid input with the shared schema messages and write nothing', async () => {
    const { db, engine } = await client();
    const error = await engine
      .mutate('recordSkillProgress', { ...progress(40), progressPercentage: 140 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues[0].message).toBe('Progress must be between 0 and 100');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.domain('studentSkills').count()).toBe(0);
  });

  it('a write that fails inside its transaction leaves neither the row nor an outbox entry nor a used id', async () => {
    const { db, engine } = await client();
    await engine.mutate('recordSkillProgress', progress(10));
    // a stale entry holding the next id makes the outbox insert fail after the optimistic write
    await db.outbox.add({ mutationId: 2, name: 'recordSkillProgress', args: {}, createdAt: '', entityKeys: [] });
    await expect(engine.mutate('recordSkillProgress', progress(90, w.students[2]))).rejects.toThrow();
    expect((await db.domain('studentSkills').toArray()).map((r) => r.progressPercentage)).toEqual([10]);
    expect(await db.outbox.count()).toBe(2);
    expect(await db.getMeta('nextMutationId')).toBe(2);
  });

  it('the outbox and the counter survive closing and reopening the database', async () => {
    const first = await client();
    await first.engine.mutate('recordSkillProgress', progress(10));
    await first.engine.mutate('sendMessage', {
      recipientId: w.h.users.director.id,
      subject: 'Shift',
      content: 'Running late',
    });
    first.db.close();
    const again = openClient(w.h, 'preceptor', first.name, first.session.fetch);
    opened.push(again.db);
    expect((await again.db.outbox.toArray()).map((e) => e.mutationId)).toEqual([1, 2]);
    await again.engine.mutate('recordSkillProgress', progress(20));
    expect((await again.db.outbox.toArray()).map((e) => e.mutationId)).toEqual([1, 2, 3]);
    expect(await again.engine.sync()).toBe('in-sync');
    expect(serverProgress()).toHaveLength(1);
    expect(serverProgress()[0].progressPercentage).toBe(20);
  });
});

describe('sync', () => {
  it('a lost push response is retried, reported as duplicate, and the outbox empties with the write applied once', async () => {
    let loseNextResponse = true;
    const { db, engine } = await client('preceptor', undefined, (f) => async (path, init) => {
      const res = await f(path, init);
      if (path.endsWith('/push') && loseNextResponse) {
        loseNextResponse = false;
        throw new TypeError('Failed to fetch');
      }
      return res;
    });
    await engine.mutate('sendMessage', { recipientId: w.h.users.director.id, subject: 'Once', content: 'only once' });
    expect(await engine.sync()).toBe('offline');
    expect(await db.outbox.count()).toBe(1);
    expect(await engine.sync()).toBe('in-sync');
    expect(await db.outbox.count()).toBe(0);
    expect(w.h.db.select().from(t.messages).where(eq(t.messages.subject, 'Once')).all()).toHaveLength(1);
    expect(await db.domain('messages').count()).toBe(1);
  });

  it('says it is sending only in a round with changes to send', async () => {
    const { db, engine } = await client();
    const phases: string[] = [];
    const setMeta = db.setMeta.bind(db);
    db.setMeta = (key, value) => {
      if (key === 'status') phases.push((value as { phase: string }).phase);
      return setMeta(key, value);
    };
    expect(await engine.sync()).toBe('in-sync');
    expect(phases).toEqual(['pulling', 'in-sync']);
    phases.length = 0;
    await engine.mutate('sendMessage', { recipientId: w.h.users.director.id, subject: 'Sent', content: 'sent' });
    expect(await engine.sync()).toBe('in-sync');
    expect(phases).toEqual(['pushing', 'pulling', 'in-sync']);
  });

  it('a device the server forgot (too many newer devices of its user) sends its queued changes once, under a new id', async () => {
    const { db, engine } = await client();
    const send = (subject: string) =>
      engine.mutate('sendMessage', { recipientId: w.h.users.director.id, subject, content: subject });
    await send('Before');
    expect(await engine.sync()).toBe('in-sync');
    const forgottenId = await db.getMeta<string>('clientId');
    for (let i = 0; i < MAX_SYNC_CLIENTS_PER_USER; i++) {
      const res = await w.h.as('preceptor', 'POST', '/api/sync/push', {
        pushVersion: PROTOCOL_VERSION,
        clientGroupId: w.h.users.preceptor.id,
        clientId: `newer-device-${i}`,
        mutations: [{ id: 1, name: 'recordSkillProgress', args: progress(i + 1), createdAt: new Date().toISOString() }],
      });
      expect(res.status).toBe(200);
    }
    expect(w.h.db.select().from(t.syncClients).where(eq(t.syncClients.clientId, forgottenId!)).all()).toEqual([]);
    await send('After one');
    await send('After two');
    expect(await engine.sync()).toBe('in-sync');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta<string>('clientId')).not.toBe(forgottenId);
    const subjects = w.h.db
      .select()
      .from(t.messages)
      .all()
      .map((m) => m.subject);
    expect(subjects.sort()).toEqual(['After one', 'After two', 'Before']);
    await send('Later');
    expect(await engine.sync()).toBe('in-sync');
    expect(w.h.db.select().from(t.messages).all()).toHaveLength(4);
  });

  it('a push the server answers only in part (its time budget ran out) is continued in the same round', async () => {
    // stands in for a server that stopped after the first mutation of each push
    const { db, engine } = await client('preceptor', undefined, (f) => (path, init) => {
      if (!path.endsWith('/push')) return f(path, init);
      const body = JSON.parse(init.body as string);
      return f(path, { ...init, body: JSON.stringify({ ...body, mutations: body.mutations.slice(0, 1) }) });
    });
    for (const value of [10, 20, 30])
      await engine.mutate('recordSkillProgress', progress(value, w.students[value / 10 - 1]));
    expect(await engine.sync()).toBe('in-sync');
    expect(await db.outbox.count()).toBe(0);
    expect(
      serverProgress()
        .map((p) => p.progressPercentage)
        .sort(),
    ).toEqual([10, 20, 30]);
  });

  it("a push refused for a quota pauses calmly: the change stays queued, others' changes still arrive, the next try waits for Retry-After", async () => {
    let clock = Date.now();
    replaceQuotas(w.h.db, new WriteQuotas(() => clock));
    const { db, session } = await client();
    const engine = new SyncEngine({ db, userId: w.h.users.preceptor.id, fetch: session.fetch, random: () => 0.5 });
    for (let i = 1; i <= 31; i++)
      await engine.mutate('sendMessage', { recipientId: w.h.users.director.id, subject: `m${i}`, content: 'hello' });
    await w.h.as('director', 'PATCH', `/api/students/${w.students[1].id}`, { phone: '555-0111' });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    expect(await engine.sync()).toBe('paused');
    expect(timers.mock.calls.map(([, delay]) => delay)).toContain(60_000);
    timers.mockRestore();
    engine.cancelRetry();
    expect(await syncOverview(db)).toMatchObject({
      phase: 'paused',
      error: 'Sending paused for 60 s: too many changes at once',
      pending: 1,
      needsAttention: 0,
    });
    expect((await db.domain('students').get(w.students[1].id))?.phone).toBe('555-0111');
    expect(w.h.db.select().from(t.messages).all()).toHaveLength(30);
    clock += 60_000;
    expect(await engine.sync()).toBe('in-sync');
    expect(await syncOverview(db)).toMatchObject({ pending: 0, needsAttention: 0, error: null });
    expect(w.h.db.select().from(t.messages).all()).toHaveLength(31);
  });

  it('a rejected change moves to needs-attention with its input, and its optimistic effect is undone', async () => {
    const { db, engine } = await client();
    await engine.mutate('recordSkillProgress', progress(70, w.outsider));
    await engine.mutate('recordSkillProgress', progress(30));
    expect(await engine.sync()).toBe('in-sync');
    const rejected = await db.rejected.toArray();
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({
      name: 'recordSkillProgress',
      code: '400',
      fields: { studentId: 'Student not found' },
      args: progress(70, w.outsider),
    });
    expect((await db.domain('studentSkills').toArray()).map((r) => r.studentId)).toEqual([w.students[1].id]);
    expect(await syncOverview(db)).toMatchObject({ pending: 0, needsAttention: 1, phase: 'in-sync' });
    await engine.discardRejected(rejected[0].mutationId);
    expect(await db.rejected.count()).toBe(0);
  });

  it('an ended session pauses sync, keeps the queue, and resumes after signing in again', async () => {
    let signedOut = 0;
    const c = await client();
    c.engine['onSignedOut' as never] = (() => signedOut++) as never;
    await c.engine.mutate('recordSkillProgress', progress(55));
    await w.h.as('preceptor', 'GET', '/api/logout');
    w.h.db.delete(t.sessions).run();
    expect(await c.engine.sync()).toBe('signed-out');
    expect(signedOut).toBe(1);
    expect(await c.db.outbox.count()).toBe(1);
    await c.session.relogin();
    expect(await c.engine.sync()).toBe('in-sync');
    expect(serverProgress().map((p) => p.progressPercentage)).toEqual([55]);
  });

  it('pending local edits stay on top of pulled changes (rebase), then give way to the server once acknowledged', async () => {
    const preceptor = await client();
    const instructor = await client('instructor');
    await preceptor.engine.mutate('recordSkillProgress', progress(20));
    await preceptor.engine.sync();
    await instructor.engine.mutate('updateStudent', { id: w.students[1].id, changes: { phone: '555-0199' } });
    await instructor.engine.pull();
    expect((await instructor.db.domain('students').get(w.students[1].id))?.phone).toBe('555-0199');
    expect(await instructor.db.domain('studentSkills').count()).toBe(1);
    expect(await instructor.engine.sync()).toBe('in-sync');
    expect((await instructor.db.domain('students').get(w.students[1].id))?.phone).toBe('555-0199');
    expect(await instructor.db.shadow.count()).toBe(0);
    await preceptor.engine.sync();
    expect((await preceptor.db.domain('students').get(w.students[1].id))?.phone).toBe('555-0199');
  });

  it('two devices recording the same student and skill offline end with one record, the later write winning', async () => {
    const a = await client();
    const b = await client('instructor');
    await a.engine.mutate('recordSkillProgress', progress(40));
    await b.engine.mutate('recordSkillProgress', progress(80));
    await a.engine.sync();
    await b.engine.sync();
    await a.engine.sync();
    expect(serverProgress()).toHaveLength(1);
    expect(serverProgress()[0].progressPercentage).toBe(80);
    for (const c of [a, b]) {
      expect((await c.db.domain('studentSkills').toArray()).map((r) => r.progressPercentage)).toEqual([80]);
    }
  });

  it('backs off exponentially with jitter, capped at a minute', async () => {
    const { engine } = await client();
    expect(engine.retryDelay(0)).toBe(750);
    expect(engine.retryDelay(3)).toBe(6000);
    expect(engine.retryDelay(20)).toBe(45_000);
  });
});

describe('a first sync in pages', () => {
  /** The real server pull in pages of 2 rows; `cutAt` fails that pull (1-based) as a lost signal would. */
  const pagedPulls =
    (log: PullRequest[], cutAt?: number, beforePull?: (n: number) => Promise<void>) =>
    (f: Fetch) =>
    async (path: string, init: RequestInit) => {
      if (path !== '/api/sync/pull') return f(path, init);
      const req = JSON.parse(init.body as string) as PullRequest;
      log.push(req);
      if (log.length === cutAt) throw new TypeError('Failed to fetch');
      await beforePull?.(log.length);
      const actor = { id: w.h.users.preceptor.id, role: 'preceptor' as const };
      return new Response(JSON.stringify(handlePull(w.h.db, actor, req, 2)));
    };

  it('keeps each page with its place, shows how far it got, and resumes there after a lost signal', async () => {
    const log: PullRequest[] = [];
    const { db, engine } = await client('preceptor', undefined, pagedPulls(log, 4));
    expect(await engine.sync()).toBe('offline');
    const held = await db.domain('users').count();
    expect(held).toBeGreaterThan(0);
    const overview = await syncOverview(db);
    expect(overview.firstSync).toEqual({ received: 6, total: expect.any(Number), stopped: true });
    expect(overview.firstSync!.total).toBeGreaterThan(6);

    expect(await engine.sync()).toBe('in-sync');
    expect(log[4].cookie?.snapshot).toEqual(log[3].cookie?.snapshot);
    expect(log[4].cookie?.snapshot?.sent).toBe(6);
    expect((await syncOverview(db)).firstSync).toBeNull();
    const whole = handlePull(w.h.db, { id: w.h.users.preceptor.id, role: 'preceptor' }, { ...log[0], cookie: null });
    const puts = whole.patch.filter((op) => op.op === 'put');
    expect(overview.firstSync!.total).toBe(puts.length);
    for (const table of new Set(puts.map((op) => op.table)))
      expect(await db.domain(table).count()).toBe(puts.filter((op) => op.table === table).length);
  });

  it('ends holding what others changed while its pages came, without waiting for a later pull', async () => {
    const other = await client('instructor');
    const student = w.students[1];
    const preceptor = { id: w.h.users.preceptor.id, role: 'preceptor' as const };
    const whole = handlePull(w.h.db, preceptor, {
      pullVersion: PROTOCOL_VERSION,
      clientGroupId: 'x',
      clientId: 'x',
      cookie: null,
    });
    const lastPage = Math.ceil(whole.patch.filter((op) => op.op === 'put').length / 2);
    const changeBeforeLastPage = async (n: number) => {
      if (n !== lastPage) return;
      await other.engine.mutate('updateStudent', { id: student.id, changes: { phone: '555-0142' } });
      expect(await other.engine.sync()).toBe('in-sync');
    };
    const log: PullRequest[] = [];
    const { db, engine } = await client('preceptor', undefined, pagedPulls(log, undefined, changeBeforeLastPage));
    expect(await engine.sync()).toBe('in-sync');
    expect(log[lastPage - 1].cookie?.snapshot).toBeDefined();
    expect((await db.domain('students').get(student.id))?.phone).toBe('555-0142');
    expect((await syncOverview(db)).firstSync).toBeNull();
  });

  /** The real first pull with `extra` more skills in its page (a college's catalogue), the `bad`-th not storable. */
  const pullWithSkills = (extra: number, bad?: number) => (f: Fetch) => async (path: string, init: RequestInit) => {
    const res = await f(path, init);
    if (path !== '/api/sync/pull') return res;
    const body = (await res.json()) as PullResponse;
    if (body.cookie.snapshot) return new Response(JSON.stringify(body));
    const skill = body.patch.find((op) => op.op === 'put' && op.table === 'skills');
    if (skill?.op !== 'put') throw new Error('the pull holds no skill');
    const more = Array.from({ length: extra }, (_, i) => ({
      ...skill,
      row: { ...skill.row, id: i + 1 === bad ? null : uid(9000 + i), name: `Skill ${i}` },
    }));
    return new Response(JSON.stringify({ ...body, patch: [...body.patch, ...more] }));
  };

  it('stores a page larger than one put in slices, each handed to the browser apart, all of it or none', async () => {
    const extra = PUT_SLICE_ROWS * 2 + 30;
    const { db, engine } = await client('preceptor', undefined, pullWithSkills(extra));
    const bulkPut = vi.spyOn(db.domain('skills'), 'bulkPut');
    expect(await engine.sync()).toBe('in-sync');
    expect(await db.domain('skills').count()).toBe(w.skills.length + extra);
    // every slice large enough that Dexie notes the table as changed, not each row's keys, and none twice that
    const slices = bulkPut.mock.calls.map(([rows]) => rows.length);
    expect(slices.length).toBeGreaterThan(1);
    expect(Math.min(...slices)).toBeGreaterThanOrEqual(PUT_SLICE_ROWS);
    expect(Math.max(...slices)).toBeLessThan(PUT_SLICE_ROWS * 2);

    // a row the browser refuses in the last slice takes the slices stored before it back with it
    const refused = await client('preceptor', undefined, pullWithSkills(extra, extra - 10));
    expect(await refused.engine.sync()).not.toBe('in-sync');
    expect(await refused.db.domain('skills').count()).toBe(0);
    expect(await refused.db.domain('students').count()).toBe(0);
    expect(await refused.db.getMeta('cookie')).toBeUndefined();
  });
});
