import Database from 'better-sqlite3';
import { eq, getTableName } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { type Command, defineCommand } from '#api/commands/command.ts';
import { COMMANDS } from '#api/commands/registry.ts';
import { wrapDb } from '#api/db/open.ts';
import { dataVersion } from '#api/db/version-cache.ts';
import { replaceQuotas, WriteQuotas } from '#api/limits/quotas.ts';
import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import { MAX_PUSH_MUTATIONS, MAX_SYNC_CLIENTS_PER_USER } from '#schema/enums.ts';
import { ERR, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

import {
  type Cookie,
  type Mutation,
  type PatchOp,
  type PullResponse,
  type PushResponse,
  SYNCED_TABLES,
} from '../protocol.ts';
import { MUTATION_ARGS_VERSION } from '../protocol-version.ts';
import { handlePull } from './pull.ts';
import { handlePush, PUSH_TIME_BUDGET_MS } from './push.ts';
import { TABLE_SPECS } from './tables.ts';

let h: TestApp;
let programId: string;
let studentId: string;
let skillId: string;

beforeEach(() => {
  h = testApp();
  programId = h.program({ name: 'EMT', type: 'ems', certificationLevel: 'emt' }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]).id;
  const fixture = asSystem(h.db, 'fixture', (ctx) => ({
    skill: ctx.insert(t.skills, {
      code: 's1',
      name: 'Splinting',
      category: 'Trauma Management',
      programType: 'ems',
      certificationLevel: 'emt',
    }),
    student: ctx.insert(t.students, {
      userId: h.users.student.id,
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'student@test.local',
      phone: '1',
      studentCode: 'S-1',
      programId,
      enrollmentDate: '2026-01-01',
      expectedGraduation: '2026-12-31',
    }),
  }));
  studentId = fixture.student.id;
  skillId = fixture.skill.id;
});

const push = async (role: Role, clientId: string, mutations: Mutation[]) => {
  const res = await h.as(role, 'POST', '/api/sync/push', { pushVersion: 1, clientGroupId: 'g1', clientId, mutations });
  return { status: res.status, body: (await res.json()) as PushResponse };
};
/** Pushes the batch from where the server stopped (its time budget), as a client does, until it is all sent or refused. */
async function pushUntilStopped(role: Role, clientId: string, batch: Mutation[]) {
  for (let sent = 0; ;) {
    const res = await h.as(role, 'POST', '/api/sync/push', {
      pushVersion: 1,
      clientGroupId: 'g1',
      clientId,
      mutations: batch.slice(sent),
    });
    if (res.status !== 200) return res;
    sent += ((await res.clone().json()) as PushResponse).results.length;
    if (sent >= batch.length) return res;
  }
}
const pull = async (role: Role, clientId: string, cookie: Cookie | null) =>
  (await (
    await h.as(role, 'POST', '/api/sync/pull', { pullVersion: 1, clientGroupId: 'g1', clientId, cookie })
  ).json()) as PullResponse;

const message = (id: number, subject = `m${id}`, recipientId = h.users.director.id): Mutation => ({
  id,
  name: 'sendMessage',
  createdAt: new Date().toISOString(),
  args: { id: crypto.randomUUID(), recipientId, subject, content: 'hello' },
});
const progress = (id: number, value: number): Mutation => ({
  id,
  name: 'recordSkillProgress',
  createdAt: new Date().toISOString(),
  args: { studentId, skillId, status: 'in_progress', progressPercentage: value, attempts: 1, successfulAttempts: 0 },
});
const messageCount = () => h.db.select().from(t.messages).all().length;
/** What the server answers for mutations sent again (each must be a duplicate): the original outcome of each. */
async function duplicatesOf(clientId: string, batch: Mutation[]) {
  // within the push's time budget, however busy the machine: all of them are answered in one batch
  const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
  const { body } = await push('preceptor', clientId, batch).finally(() => clock.mockRestore());
  expect(body.results.map((r) => r.status)).toEqual(Array(batch.length).fill('duplicate'));
  return body.results.map((r) => (r.status === 'duplicate' ? r.original : r.status));
}

describe('push', () => {
  it('applies a batch once; the same batch again is reported as duplicate and changes nothing', async () => {
    const batch = [message(1), message(2)];
    const first = await push('preceptor', 'c1', batch);
    expect(first.body).toEqual({
      results: [
        { id: 1, status: 'applied' },
        { id: 2, status: 'applied' },
      ],
      lastMutationId: 2,
    });
    const again = await push('preceptor', 'c1', batch);
    expect(again.body.results).toEqual([
      { id: 1, status: 'duplicate', original: 'applied' },
      { id: 2, status: 'duplicate', original: 'applied' },
    ]);
    expect(messageCount()).toBe(2);
  });

  it('a replay across batch boundaries after lost answers applies nothing twice and still reports each rejection', async () => {
    const refused = { ...message(2), args: { recipientId: h.users.director.id, subject: '', content: '' } };
    const queue = [message(1), refused, message(3), message(4), message(5)];
    // the device sent 1-3 and then 4-5, and lost both answers: it sends its whole queue again, then more
    await push('preceptor', 'c1', queue.slice(0, 3));
    await push('preceptor', 'c1', queue.slice(3));
    const replay = await push('preceptor', 'c1', [...queue, message(6)]);
    expect(replay.body.results).toEqual([
      { id: 1, status: 'duplicate', original: 'applied' },
      {
        id: 2,
        status: 'duplicate',
        original: 'rejected',
        code: '400',
        message: 'Invalid input',
        fields: { subject: 'Subject is required', content: 'Message content is required' },
      },
      { id: 3, status: 'duplicate', original: 'applied' },
      { id: 4, status: 'duplicate', original: 'applied' },
      { id: 5, status: 'duplicate', original: 'applied' },
      { id: 6, status: 'applied' },
    ]);
    expect(replay.body.lastMutationId).toBe(6);
    expect(messageCount()).toBe(5);
  });

  it('a replay after the server restarts applies nothing twice: what was processed is on disk, not in memory', async () => {
    const queue = [
      message(1),
      message(2),
      { ...message(3), args: { recipientId: crypto.randomUUID(), subject: 's', content: 'c' } },
    ];
    const actor = { id: h.users.preceptor.id, role: 'preceptor' as const };
    const request = (mutations: Mutation[]) => ({
      pushVersion: 1 as const,
      clientGroupId: 'g',
      clientId: 'c1',
      mutations,
    });
    const first = handlePush(h.db, actor, request(queue), COMMANDS);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    // a new process opens the same database: a connection that shares no cache or statement with the first
    const restarted = wrapDb(new Database(h.db.$client.serialize()));
    const replay = handlePush(restarted, actor, request([...queue, message(4)]), COMMANDS);
    expect(replay.results).toEqual([
      { id: 1, status: 'duplicate', original: 'applied' },
      { id: 2, status: 'duplicate', original: 'applied' },
      { ...first.results[2], status: 'duplicate', original: 'rejected' },
      { id: 4, status: 'applied' },
    ]);
    expect(
      restarted
        .select()
        .from(t.messages)
        .all()
        .map((m) => m.subject),
    ).toEqual(['m1', 'm2', 'm4']);
  });

  it('keeps a counter for at most MAX_SYNC_CLIENTS_PER_USER devices of a user, forgetting the one unused longest', async () => {
    await push('director', 'director-laptop', [message(1, 'd', h.users.preceptor.id)]);
    // device-0's first change is refused: its stored rejection goes with it
    const refused = { ...message(1), args: { recipientId: h.users.director.id, subject: '', content: '' } };
    expect((await push('preceptor', 'device-0', [refused, message(2)])).status).toBe(200);
    expect((await pull('preceptor', 'device-0', null)).rejected).toHaveLength(1);
    for (let i = 1; i <= MAX_SYNC_CLIENTS_PER_USER; i++) {
      expect((await push('preceptor', `device-${i}`, [message(1)])).status).toBe(200);
      // device-1 keeps being used, so it is not the one forgotten
      if (i > 1) expect((await push('preceptor', 'device-1', [progress(i, i)])).status).toBe(200);
    }
    const clients = (userId: string) =>
      h.db
        .select()
        .from(t.syncClients)
        .where(eq(t.syncClients.userId, userId))
        .all()
        .map((c) => c.clientId);
    const kept = clients(h.users.preceptor.id);
    expect(kept).toHaveLength(MAX_SYNC_CLIENTS_PER_USER);
    expect(kept).not.toContain('device-0');
    expect(kept).toContain('device-1');
    expect(clients(h.users.director.id)).toEqual(['director-laptop']);
    // a forgotten device is told it starts over (counter 0) and is told of none of its old outcomes
    expect(await pull('preceptor', 'device-0', null)).toMatchObject({ lastMutationId: 0, rejected: [] });
  });

  it('answers OutOfOrder at a gap and applies nothing from it on', async () => {
    const res = await push('preceptor', 'c1', [message(2), message(3)]);
    expect(res.body).toEqual({ results: [], lastMutationId: 0, error: 'OutOfOrder' });
    expect(messageCount()).toBe(0);
    const partial = await push('preceptor', 'c1', [message(1), message(3)]);
    expect(partial.body).toEqual({ results: [{ id: 1, status: 'applied' }], lastMutationId: 1, error: 'OutOfOrder' });
    expect(messageCount()).toBe(1);
  });

  it('records a forbidden or invalid mutation as rejected, advances the counter and changes no data', async () => {
    const res = await push('student', 'c1', [
      progress(1, 50),
      { ...message(2), args: { recipientId: h.users.director.id, subject: '', content: '' } },
      message(3),
    ]);
    expect(res.body.results).toEqual([
      { id: 1, status: 'rejected', code: '403', message: 'You do not have permission to do this' },
      {
        id: 2,
        status: 'rejected',
        code: '400',
        message: 'Invalid input',
        fields: { subject: 'Subject is required', content: 'Message content is required' },
      },
      { id: 3, status: 'applied' },
    ]);
    expect(res.body.lastMutationId).toBe(3);
    expect(h.db.select().from(t.studentSkills).all()).toEqual([]);
    expect(messageCount()).toBe(1);
    const retry = await push('student', 'c1', [progress(1, 50)]);
    expect(retry.body.results[0]).toMatchObject({ status: 'duplicate', original: 'rejected', code: '403' });
  });

  it('a refused change takes no data version (every kept answer stays), and a device whose push answer was lost still learns of it', async () => {
    const before = await pull('student', 's1', null);
    const version = dataVersion(h.db);
    const res = await push('student', 's1', [progress(1, 50)]);
    expect(res.body.results).toEqual([
      { id: 1, status: 'rejected', code: '403', message: 'You do not have permission to do this' },
    ]);
    expect(dataVersion(h.db)).toBe(version);
    const next = await pull('student', 's1', before.cookie);
    expect(next.rejected).toEqual(res.body.results);
    expect(next.lastMutationId).toBe(1);
  });

  it("a batch's applied changes take one data version between them, and a refused one before them takes none", async () => {
    const before = await pull('preceptor', 'c1', null);
    const version = dataVersion(h.db);
    const refused = { ...progress(1, 50), args: { ...(progress(1, 50).args as object), skillId: crypto.randomUUID() } };
    // within the push's time budget, however busy the machine: the four are one batch
    const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
    const res = await push('preceptor', 'c1', [refused, message(2), progress(3, 40), message(4)]);
    clock.mockRestore();
    expect(res.body.results.map((r) => r.status)).toEqual(['rejected', 'applied', 'applied', 'applied']);
    expect(dataVersion(h.db)).toBe(version + 1);
    const written = [
      ...h.db.select().from(t.messages).all(),
      ...h.db.select().from(t.studentSkills).all(),
      ...h.db.select().from(t.skillAttempts).all(),
    ];
    expect(written).toHaveLength(4);
    expect(new Set(written.map((row) => row.version))).toEqual(new Set([version + 1]));
    const next = await pull('preceptor', 'c1', before.cookie);
    const pulled = new Set(next.patch.map((op) => (op.op === 'put' ? op.row.id : null)));
    expect(written.map((row) => pulled.has(row.id))).toEqual([true, true, true, true]);
  });

  it('rolls back every write of a mutation whose command throws, and still advances', () => {
    const exploding = defineCommand({
      name: 'explode',
      args: z.object({}),
      apply(ctx) {
        ctx.insert(t.messages, { senderId: ctx.actor.id, recipientId: ctx.actor.id, subject: 's', content: 'c' });
        throw new Error('bug after a write');
      },
    });
    const commands = new Map<string, Command>([...COMMANDS, ['explode', exploding as Command]]);
    const actor = { id: h.users.director.id, role: 'director' as const };
    const res = handlePush(
      h.db,
      actor,
      {
        pushVersion: 1,
        clientGroupId: 'g',
        clientId: 'c9',
        mutations: [{ id: 1, name: 'explode', args: {}, createdAt: '' }],
      },
      commands,
    );
    expect(res.results).toEqual([
      { id: 1, status: 'rejected', code: 'ServerError', message: 'The server could not apply this change.' },
    ]);
    expect(messageCount()).toBe(0);
    expect(h.db.select().from(t.auditLog).where(eq(t.auditLog.command, 'explode')).all()).toEqual([]);
    expect(h.db.select().from(t.syncClients).where(eq(t.syncClients.clientId, 'c9')).get()?.lastMutationId).toBe(1);
  });

  it('a change that throws between applied ones leaves none of its writes and each of theirs once, at one version', () => {
    const exploding = defineCommand({
      name: 'explode',
      args: z.object({}),
      apply(ctx) {
        ctx.insert(t.messages, { senderId: ctx.actor.id, recipientId: ctx.actor.id, subject: 'lost', content: 'c' });
        throw new Error('bug after a write');
      },
    });
    const commands = new Map<string, Command>([...COMMANDS, ['explode', exploding as Command]]);
    const actor = { id: h.users.preceptor.id, role: 'preceptor' as const };
    const explode = (id: number): Mutation => ({ id, name: 'explode', args: {}, createdAt: '' });
    const version = dataVersion(h.db);
    // within the push's time budget, however busy the machine: the five are one batch
    const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
    const res = handlePush(
      h.db,
      actor,
      {
        pushVersion: 1,
        clientGroupId: 'g',
        clientId: 'c7',
        mutations: [message(1), explode(2), message(3), explode(4), message(5)],
      },
      commands,
    );
    clock.mockRestore();
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied', 'rejected', 'applied']);
    const sent = h.db.select().from(t.messages).all();
    expect(sent.map((m) => m.subject).sort()).toEqual(['m1', 'm3', 'm5']);
    expect(new Set(sent.map((m) => m.version))).toEqual(new Set([version + 1]));
    expect(dataVersion(h.db)).toBe(version + 1);
    expect(h.db.select().from(t.auditLog).where(eq(t.auditLog.command, 'explode')).all()).toEqual([]);
    const stored = h.db.select().from(t.mutationResults).where(eq(t.mutationResults.clientId, 'c7')).all();
    // each refused at the version the batch's applied changes hold, so a pull from before them reports it
    expect(stored.map((r) => [r.mutationId, r.status, r.version])).toEqual([
      [2, 'rejected', version + 1],
      [4, 'rejected', version + 1],
    ]);
    expect(h.db.select().from(t.syncClients).where(eq(t.syncClients.clientId, 'c7')).get()?.lastMutationId).toBe(5);
  });

  it('rolls the whole batch back on a transient database failure (503), so the client retries it and each change lands once', async () => {
    const busy = defineCommand({
      name: 'busy',
      args: z.object({}),
      apply() {
        throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      },
    });
    const commands = new Map<string, Command>([...COMMANDS, ['busy', busy as Command]]);
    const actor = { id: h.users.preceptor.id, role: 'preceptor' as const };
    const batch = [message(1), { id: 2, name: 'busy', args: {}, createdAt: '' }];
    expect(() =>
      handlePush(h.db, actor, { pushVersion: 1, clientGroupId: 'g', clientId: 'c8', mutations: batch }, commands),
    ).toThrow('Temporarily unable');
    expect(h.db.select().from(t.syncClients).where(eq(t.syncClients.clientId, 'c8')).get()?.lastMutationId ?? 0).toBe(
      0,
    );
    expect(messageCount()).toBe(0);

    const retried = handlePush(
      h.db,
      actor,
      { pushVersion: 1, clientGroupId: 'g', clientId: 'c8', mutations: [batch[0]] },
      commands,
    );
    expect(retried.results).toEqual([{ id: 1, status: 'applied' }]);
    expect(messageCount()).toBe(1);
  });

  it('refuses more than MAX_PUSH_MUTATIONS in one push before any work', async () => {
    const res = await push(
      'preceptor',
      'c1',
      Array.from({ length: MAX_PUSH_MUTATIONS + 1 }, (_, i) => message(i + 1)),
    );
    expect(res.status).toBe(400);
    expect(messageCount()).toBe(0);
    expect(h.db.select().from(t.syncClients).all()).toEqual([]);
  });

  it('stops a batch at a mutation boundary once it has run past its time budget; the rest lands with the next push', () => {
    const slow = defineCommand({
      name: 'slow',
      args: z.object({}),
      apply(ctx) {
        for (const end = performance.now() + PUSH_TIME_BUDGET_MS * 0.6; performance.now() < end;);
        ctx.insert(t.messages, {
          senderId: ctx.actor.id,
          recipientId: h.users.director.id,
          subject: 's',
          content: 'c',
        });
      },
    });
    const commands = new Map<string, Command>([['slow', slow as Command]]);
    const actor = { id: h.users.preceptor.id, role: 'preceptor' as const };
    const batch = [1, 2, 3, 4].map((id) => ({ id, name: 'slow', args: {}, createdAt: '' }));
    const first = handlePush(
      h.db,
      actor,
      { pushVersion: 1, clientGroupId: 'g', clientId: 'c7', mutations: batch },
      commands,
    );
    expect(first.results.length).toBeGreaterThan(0);
    expect(first.results.length).toBeLessThan(4);
    expect(first).toEqual({
      results: first.results.map(({ id }) => ({ id, status: 'applied' })),
      lastMutationId: first.results.length,
    });
    expect(messageCount()).toBe(first.results.length);
    for (let last = first.lastMutationId; last < 4;) {
      last = handlePush(
        h.db,
        actor,
        { pushVersion: 1, clientGroupId: 'g', clientId: 'c7', mutations: batch.slice(last) },
        commands,
      ).lastMutationId;
    }
    expect(messageCount()).toBe(4);
  });

  it("stops before a mutation over its user's quota with 429 and Retry-After: what came before is kept, it and the rest wait", async () => {
    let clock = Date.now();
    replaceQuotas(h.db, new WriteQuotas(() => clock));
    const batch = Array.from({ length: 32 }, (_, i) => message(i + 1));
    const refused = await pushUntilStopped('preceptor', 'c1', batch);
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '60']);
    expect(await refused.json()).toEqual({ error: ERR.tooManyChanges });
    expect(messageCount()).toBe(30);
    expect(await pull('preceptor', 'c1', null)).toMatchObject({ lastMutationId: 30, rejected: [] });
    expect(await duplicatesOf('c1', batch.slice(0, 30))).toEqual(Array(30).fill('applied'));
    clock += 59_000;
    const early = await pushUntilStopped('preceptor', 'c1', batch.slice(30));
    expect([early.status, early.headers.get('retry-after')]).toEqual([429, '1']);
    clock += 1000;
    expect((await pushUntilStopped('preceptor', 'c1', batch)).status).toBe(200);
    expect(messageCount()).toBe(32);
    expect(await duplicatesOf('c1', batch)).toEqual(Array(32).fill('applied'));
    expect(messageCount()).toBe(32);
  });

  it('refuses a removal without a reason from the current app; one queued by an app before reasons were asked still applies', async () => {
    const hours = (id: number, hoursId: string): Mutation => ({
      id,
      name: 'logClinicalHours',
      createdAt: new Date().toISOString(),
      argsVersion: MUTATION_ARGS_VERSION,
      args: { id: hoursId, studentId, date: '2026-03-02', hoursCompleted: 6 },
    });
    const remove = (id: number, hoursId: string, argsVersion?: number): Mutation => ({
      id,
      name: 'deleteClinicalHours',
      createdAt: new Date().toISOString(),
      args: { id: hoursId },
      ...(argsVersion !== undefined && { argsVersion }),
    });
    const [kept, removed] = [crypto.randomUUID(), crypto.randomUUID()];
    const batch = [hours(1, kept), hours(2, removed), remove(3, kept, MUTATION_ARGS_VERSION), remove(4, removed)];
    const res = await push('preceptor', 'c1', batch);
    expect(res.body.results.map((r) => [r.status, r.fields])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
      ['rejected', { reason: MSG.removeReasonRequired }],
      ['applied', undefined],
    ]);
    const live = h.db
      .select()
      .from(t.clinicalHours)
      .all()
      .filter((r) => !r.deletedAt);
    expect(live.map((r) => r.id)).toEqual([kept]);
  });

  it('rejects an unknown mutation name instead of blocking the queue', async () => {
    const res = await push('preceptor', 'c1', [{ id: 1, name: 'dropDatabase', args: {}, createdAt: '' }, message(2)]);
    expect(res.body.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
  });

  it('refuses a client id that belongs to another user, and another protocol version', async () => {
    await push('preceptor', 'c1', [message(1)]);
    expect((await push('instructor', 'c1', [message(2)])).status).toBe(403);
    const old = await h.as('preceptor', 'POST', '/api/sync/push', {
      pushVersion: 0,
      clientGroupId: 'g',
      clientId: 'c1',
      mutations: [],
    });
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({ error: 'VersionNotSupported' });
  });
});

describe('a first sync in pages', () => {
  const preceptor = () => ({ id: h.users.preceptor.id, role: 'preceptor' as const });
  const pageOf = (cookie: Cookie | null, pageRows = 3) =>
    handlePull(h.db, preceptor(), { pullVersion: 1, clientGroupId: 'g1', clientId: 'p1', cookie }, pageRows);
  /** Pulls page after page from `cookie` as a device does, applying each; `between` runs after each page. */
  function syncInPages(between: (page: number) => void = () => undefined) {
    const state = new Map<string, Map<string, unknown>>();
    const cookies: Cookie[] = [];
    let cookie: Cookie | null = null;
    do {
      const res = pageOf(cookie);
      apply(state, res.patch);
      cookie = res.cookie;
      cookies.push(cookie);
      between(cookies.length);
    } while (cookie.snapshot);
    return { state, cookies, cookie };
  }
  const addStudents = (n: number) =>
    asSystem(h.db, 'fixture', (ctx) =>
      Array.from({ length: n }, (_, i) =>
        ctx.insert(t.students, {
          firstName: `F${i}`,
          lastName: `L${i}`,
          email: `s${i}@test.local`,
          phone: '1',
          studentCode: `P-${i}`,
          programId,
          enrollmentDate: '2026-01-01',
          expectedGraduation: '2026-12-31',
        }),
      ),
    );

  it('brings exactly the rows of a one-piece pull, clear first only, with the records received so far counting up to the total', async () => {
    addStudents(7);
    await push('preceptor', 'c1', [progress(1, 40), message(2)]);
    const whole = pageOf(null, 100_000);
    expect(whole.cookie.snapshot).toBeUndefined();
    const { state, cookies } = syncInPages();
    expect(snapshot(state)).toEqual(snapshot(apply(new Map(), whole.patch)));
    expect(cookies.length).toBeGreaterThan(3);
    const progressSeen = cookies.flatMap((c) => (c.snapshot ? [c.snapshot.sent] : []));
    expect(progressSeen).toEqual([...progressSeen].sort((a, b) => a - b));
    const total = whole.patch.filter((op) => op.op === 'put').length;
    expect(cookies.every((c) => !c.snapshot || c.snapshot.total === total)).toBe(true);
    expect(cookies.at(-1)).toEqual(whole.cookie);
  });

  it('a change made while the pages come (an edit of a row already sent, a new row, a delete) is there after the next pull', async () => {
    const students = addStudents(6);
    await push('preceptor', 'c1', [progress(1, 40)]);
    const { state, cookie } = syncInPages((page) => {
      if (page !== 2) return;
      asSystem(h.db, 'fixture', (ctx) => {
        ctx.update(t.students, students[0], { firstName: 'Renamed' });
        ctx.remove(t.students, students[5]);
      });
    });
    await push('preceptor', 'c1', [progress(2, 75), message(3)]);
    const after = pageOf(cookie);
    expect(after.cookie.snapshot).toBeUndefined();
    apply(state, after.patch);
    expect(snapshot(state)).toEqual(snapshot(apply(new Map(), pageOf(null, 100_000).patch)));
    expect((state.get('students')!.get(students[0].id) as { firstName: string }).firstName).toBe('Renamed');
    expect(state.get('students')!.has(students[5].id)).toBe(false);
  });

  it('starts again from clear when what the user may see changes half way (joining a program)', async () => {
    addStudents(6);
    const other = h.program({ name: 'Paramedic', type: 'ems', certificationLevel: 'paramedic' }, []).id;
    const first = pageOf(null);
    expect(first.cookie.snapshot).toBeDefined();
    const joined = await h.as('director', 'POST', `/api/programs/${other}/users`, {
      userId: h.users.preceptor.id,
      assignedRole: 'preceptor',
    });
    expect(joined.status).toBe(201);
    const next = pageOf(first.cookie);
    expect(next.patch[0]).toEqual({ op: 'clear' });
    expect(next.cookie.snapshot?.sent).toBe(next.patch.length - 1);
  });

  it('reads each synced table on its id and version keys by name: the first automatic index is on id alone, <table>_version on version', () => {
    for (const name of SYNCED_TABLES) {
      const table = getTableName(TABLE_SPECS[name].table);
      const columns = h.db.$client.prepare(`pragma index_info(sqlite_autoindex_${table}_1)`).all() as {
        name: string;
      }[];
      expect([table, columns.map((c) => c.name)]).toEqual([table, ['id']]);
      const version = h.db.$client.prepare(`pragma index_info(${table}_version)`).all() as { name: string }[];
      expect([table, version.map((c) => c.name)]).toEqual([table, ['version']]);
    }
  });

  it('takes a cursor in a student record, whose id is two ids long, through the route', async () => {
    const start = await pull('preceptor', 'c1', null);
    const afterId = `${crypto.randomUUID()}/${crypto.randomUUID()}`;
    const res = await h.as('preceptor', 'POST', '/api/sync/pull', {
      pullVersion: 1,
      clientGroupId: 'g1',
      clientId: 'c1',
      cookie: { ...start.cookie, snapshot: { table: 'studentSkills', afterId, sent: 10, total: 20 } },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('a cursor the device made up shows nothing beyond what the user sees', async () => {
    const other = h.program({ name: 'Other', type: 'ems', certificationLevel: 'emt' }, []).id;
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.students, {
        firstName: 'Hidden',
        lastName: 'Student',
        email: 'hidden@test.local',
        phone: '1',
        studentCode: 'H-1',
        programId: other,
        enrollmentDate: '2026-01-01',
        expectedGraduation: '2026-12-31',
      }),
    );
    const start = pageOf(null);
    const forged = { ...start.cookie, snapshot: { table: 'students' as const, afterId: '', sent: 0, total: 0 } };
    const res = pageOf(forged, 100_000);
    expect(ids(res.patch, 'students')).toEqual([studentId]);
  });
});

/** Applies a pull's patch to a map of table -> id -> row, as a client would. */
const ids = (patch: PatchOp[], table: string) =>
  patch.flatMap((p) => (p.op === 'put' && p.table === table ? [p.row.id] : []));

function apply(state: Map<string, Map<string, unknown>>, patch: PatchOp[]) {
  for (const op of patch) {
    if (op.op === 'clear') state.clear();
    else if (op.op === 'put') {
      if (!state.has(op.table)) state.set(op.table, new Map());
      state.get(op.table)!.set(op.row.id, op.row);
    } else state.get(op.table)?.delete(op.id);
  }
  return state;
}
const snapshot = (state: Map<string, Map<string, unknown>>) =>
  Object.fromEntries(
    [...state].filter(([, rows]) => rows.size).map(([table, rows]) => [table, Object.fromEntries([...rows].sort())]),
  );

describe('pull', () => {
  it('returns the rows and lastMutationId of the same moment, and rejected mutations', async () => {
    await push('preceptor', 'c1', [progress(1, 40), progress(2, 60)]);
    await push('student', 's1', [progress(1, 99)]);
    const res = await pull('preceptor', 'c1', null);
    expect(res.lastMutationId).toBe(2);
    expect(res.patch[0]).toEqual({ op: 'clear' });
    const rows = res.patch.filter((p) => p.op === 'put' && p.table === 'studentSkills');
    expect(rows).toHaveLength(1);
    expect((rows[0] as unknown as { row: { progressPercentage: number } }).row.progressPercentage).toBe(60);
    const studentPull = await pull('student', 's1', null);
    expect(studentPull.rejected).toEqual([
      { id: 1, status: 'rejected', code: '403', message: 'You do not have permission to do this' },
    ]);
    expect(studentPull.lastMutationId).toBe(1);
  });

  it('from any older cookie, an incremental pull gives the same data as a full pull', async () => {
    const cookies: { cookie: Cookie; state: Map<string, Map<string, unknown>> }[] = [];
    const first = await pull('preceptor', 'c1', null);
    cookies.push({ cookie: first.cookie, state: apply(new Map(), first.patch) });
    const steps: (() => Promise<unknown>)[] = [
      () => push('preceptor', 'c1', [progress(1, 10), message(2)]),
      () =>
        h.as('director', 'POST', '/api/students', {
          firstName: 'B',
          lastName: 'C',
          email: 'b@x.org',
          phone: '2',
          studentId: 'S-2',
          programId,
          enrollmentDate: '2026-01-01',
          expectedGraduation: '2026-12-01',
        }),
      () => push('preceptor', 'c1', [progress(3, 70)]),
      () => h.as('director', 'DELETE', `/api/students/${studentId}`),
      () => h.as('director', 'PATCH', `/api/skills/${skillId}`, { minimumAttempts: 4 }),
    ];
    for (const step of steps) {
      await step();
      const res = await pull('preceptor', 'c1', cookies.at(-1)!.cookie);
      cookies.push({ cookie: res.cookie, state: apply(structuredClone(cookies.at(-1)!.state), res.patch) });
    }
    const full = snapshot(apply(new Map(), (await pull('preceptor', 'c1', null)).patch));
    for (const { cookie, state } of cookies) {
      const incremental = await pull('preceptor', 'c1', cookie);
      expect(snapshot(apply(structuredClone(state), incremental.patch))).toEqual(full);
    }
    expect(full.students).toBeDefined();
    expect(Object.keys(full.studentSkills ?? {})).toEqual([]);
  });

  it('sends nothing about a change to a row the user may not see: a message between others, progress of a student outside their programs', async () => {
    const before = await pull('instructor', 'i1', null);
    await push('preceptor', 'c1', [progress(1, 40), message(2)]);
    const after = await pull('instructor', 'i1', before.cookie);
    expect(after.cookie.version).toBeGreaterThan(before.cookie.version);
    expect(after.patch).toEqual([]);
  });

  it('a row its own change takes out of view goes as a delete: a message the recipient deleted, a student moved to another program and their progress', async () => {
    await push('preceptor', 'c1', [progress(1, 40)]);
    await push('student', 's1', [message(1, 'm1', h.users.preceptor.id)]);
    const before = await pull('preceptor', 'c1', null);
    const [messageId] = ids(before.patch, 'messages');
    const [progressId] = ids(before.patch, 'studentSkills');
    expect(messageId && progressId).toBeTruthy();
    const other = h.program({ name: 'Paramedic', type: 'ems', certificationLevel: 'paramedic' }, []).id;
    expect((await h.as('preceptor', 'DELETE', `/api/messages/${messageId}`)).status).toBe(200);
    expect((await h.as('director', 'PATCH', `/api/students/${studentId}`, { programId: other })).status).toBe(200);
    const after = await pull('preceptor', 'c1', before.cookie);
    expect(after.patch.filter((p) => p.op === 'del')).toEqual(
      expect.arrayContaining([
        { op: 'del', table: 'messages', id: messageId },
        { op: 'del', table: 'students', id: studentId },
        { op: 'del', table: 'studentSkills', id: progressId },
      ]),
    );
    expect(ids((await pull('student', 's1', null)).patch, 'messages')).toEqual([messageId]);
  });

  it('delivers what became visible when the user joins a program (epoch change)', async () => {
    const before = await pull('instructor', 'i1', null);
    expect(before.patch.filter((p) => p.op === 'put' && p.table === 'students')).toEqual([]);
    await h.as('director', 'POST', `/api/programs/${programId}/users`, {
      userId: h.users.instructor.id,
      assignedRole: 'instructor',
    });
    const after = await pull('instructor', 'i1', before.cookie);
    expect(after.patch[0]).toEqual({ op: 'clear' });
    expect(
      after.patch
        .filter((p) => p.op === 'put' && p.table === 'students')
        .map((p) => (p as { row: { id: string } }).row.id),
    ).toEqual([studentId]);
  });
});
