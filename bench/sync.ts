/**
 * `npm run bench:sync`: sync speed on this machine, each figure next to the simplest way of doing the same work.
 * - push: 10,000 queued recordSkillProgress mutations applied server-side in batches of 100 (validation, permission
 *   checks, version stamp, audit log, per-client counter), next to raw better-sqlite3 upserts of the same rows, each
 *   batch of them timed right after the push of the same batch; three runs, each ratio and their median.
 * - logSkillAttempt: the same 10,000 pushes as attempts appended to the evidence log (summary row kept in the same
 *   transaction), next to recordSkillProgress in this run.
 * - device figures: one attempt logged on a device already holding 75,000 attempts (fake-indexeddb in Node, slower
 *   than a browser's IndexedDB), and one void, which reads the pair's remaining entries for the last attempt date.
 * - pull: a program of 500 students x 150 skills (75,000 progress rows) from empty into IndexedDB in Chromium over
 *   loopback HTTP (a first sync, in pages), next to one Dexie bulkPut of the same rows into an empty database in the
 *   same page, then an incremental pull of 100 changed rows.
 * `BENCH_ONLY=push npm run bench:sync` prints the push figures alone.
 */
import 'fake-indexeddb/auto';

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { serve } from '@hono/node-server';
import { chromium } from '@playwright/test';
import { eq } from 'drizzle-orm';

import { createApp } from '../api/app.ts';
import { hashPasswordSync } from '../api/auth/password.ts';
import { COMMANDS } from '../api/commands/registry.ts';
import { type Db, openDb } from '../api/db/open.ts';
import { asSystem } from '../api/seed/standards.ts';
import * as t from '../schema/tables.ts';
import { TrainingDb } from '../sync/client/db.ts';
import { SyncEngine } from '../sync/client/engine.ts';
import { handlePush } from '../sync/server/push.ts';

const STUDENTS = 500;
const SKILLS = 150;
const PASSWORD = 'bench-password';

function seed(db: Db) {
  const passwordHash = hashPasswordSync(PASSWORD);
  return asSystem(db, 'benchSeed', (ctx) => {
    const director = ctx.insert(t.users, {
      email: 'director@bench.test',
      passwordHash,
      firstName: 'D',
      lastName: 'B',
      role: 'director',
    });
    const preceptor = ctx.insert(t.users, {
      email: 'preceptor@bench.test',
      passwordHash,
      firstName: 'P',
      lastName: 'B',
      role: 'preceptor',
    });
    const program = ctx.insert(t.programs, {
      name: 'Paramedic',
      type: 'ems',
      certificationLevel: 'paramedic',
      certifications: [],
    });
    ctx.insert(t.programMembers, { programId: program.id, userId: preceptor.id, assignedRole: 'preceptor' });
    const skills = Array.from({ length: SKILLS }, (_, i) =>
      ctx.insert(t.skills, {
        code: `bench-${i}`,
        name: `Skill ${i}`,
        category: 'Patient Assessment',
        programType: 'ems',
        certificationLevel: 'paramedic',
      }),
    );
    const students = Array.from({ length: STUDENTS }, (_, i) =>
      ctx.insert(t.students, {
        firstName: `S${i}`,
        lastName: 'Bench',
        email: `s${i}@bench.test`,
        phone: '1',
        studentCode: `B-${i}`,
        programId: program.id,
        emsCertificationLevel: 'paramedic',
        enrollmentDate: '2026-01-01',
        expectedGraduation: '2026-12-31',
      }),
    );
    return { director, preceptor, program, skills, students };
  });
}

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
const fmt = (n: number) => n.toLocaleString('en-US');

type Seeded = ReturnType<typeof seed>;
const progressArgs = (w: Seeded, i: number) => ({
  studentId: w.students[i % STUDENTS].id,
  skillId: w.skills[Math.floor(i / STUDENTS) % SKILLS].id,
  status: 'in_progress',
  progressPercentage: i % 100,
  attempts: 1,
  successfulAttempts: 0,
});
const attemptArgs = (w: Seeded, i: number) => ({
  id: crypto.randomUUID(),
  studentId: w.students[i % STUDENTS].id,
  skillId: w.skills[Math.floor(i / STUDENTS) % SKILLS].id,
  attemptedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  setting: 'lab',
  outcome: i % 3 === 0 ? 'unsuccessful' : 'successful',
});

/** The database's size in bytes: its pages, as a file of it would take. */
const dbBytes = (db: Db) =>
  (db.$client.pragma('page_count', { simple: true }) as number) *
  (db.$client.pragma('page_size', { simple: true }) as number);

/** A plain writer's upsert of progress rows, in the same batches: the same SQL without the push around it. */
function rawUpsert(actorId: string) {
  const raw = openDb(':memory:').$client;
  const upsert =
    raw.prepare(`insert into student_skills (id, created_at, updated_at, version, student_id, skill_id, instructor_id, status, progress_percentage, attempts, successful_attempts)
    values (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?) on conflict(student_id, skill_id) do update set progress_percentage = excluded.progress_percentage, updated_at = excluded.updated_at`);
  return raw.transaction((rows: { args: ReturnType<typeof progressArgs> }[]) => {
    for (const { args: a } of rows) {
      upsert.run(
        crypto.randomUUID(),
        '',
        '',
        a.studentId,
        a.skillId,
        actorId,
        a.status,
        a.progressPercentage,
        a.attempts,
        a.successfulAttempts,
      );
    }
  });
}

/**
 * Pushes 10,000 mutations of one name through the server's push in batches of 100; the rate, the database's growth per
 * mutation, and with `raw` the rate of a plain writer's upsert of the same rows, each batch timed right after the
 * push's: the two alternate, so a machine busy with other work slows both alike.
 */
function pushRate<A>(
  name: string,
  args: (w: Seeded, i: number) => A,
  raw?: (w: Seeded) => (rows: { args: A }[]) => void,
) {
  const db = openDb(':memory:');
  const w = seed(db);
  const rawBatch = raw?.(w);
  const bytesBefore = dbBytes(db);
  const actor = { id: w.preceptor.id, role: 'preceptor' as const };
  const mutations = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name, createdAt: '', args: args(w, i) }));
  let pushMs = 0;
  let rawMs = 0;
  // a push stops after its time budget (sync/server/push.ts): the device sends the rest next, as here
  for (let sent = 0; sent < mutations.length;) {
    const start = performance.now();
    const res = handlePush(
      db,
      actor,
      { pushVersion: 1, clientGroupId: 'g', clientId: 'bench', mutations: mutations.slice(sent, sent + 100) },
      COMMANDS,
    );
    pushMs += performance.now() - start;
    if (res.error || res.results.length === 0) throw new Error(`push stopped: ${JSON.stringify(res)}`);
    if (res.results.some((r) => r.status !== 'applied'))
      throw new Error(`push rejected: ${JSON.stringify(res.results.find((r) => r.status !== 'applied'))}`);
    if (rawBatch) {
      const rawStart = performance.now();
      rawBatch(mutations.slice(sent, sent + res.results.length));
      rawMs += performance.now() - rawStart;
    }
    sent += res.results.length;
  }
  return { rate: rate(10_000, pushMs), rawRate: rate(10_000, rawMs), bytesEach: (dbBytes(db) - bytesBefore) / 10_000 };
}

/** Runs of the recordSkillProgress push in one invocation: one run's ratio moves with the machine, their median less. */
const PUSH_RUNS = 3;

/** The middle value (of an odd count; the upper middle of an even one). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function benchPush() {
  const runs = Array.from({ length: PUSH_RUNS }, () =>
    pushRate('recordSkillProgress', progressArgs, (w) => rawUpsert(w.preceptor.id)),
  );
  const attempts = pushRate('logSkillAttempt', attemptArgs);
  return {
    runs: runs.map((r) => ({ pushRate: r.rate, rawRate: r.rawRate, ratio: r.rate / r.rawRate })),
    attemptRate: attempts.rate,
    bytesPerAttempt: attempts.bytesEach,
  };
}

/**
 * One attempt, then one void, on a device holding 75,000 attempts (one on each of 500 students x 150 skills, with their summary rows),
 * through engine.mutate: the optimistic figures and the outbox entry in one transaction, as a tap does.
 */
async function benchDeviceFigures() {
  const db = new TrainingDb(`bench-figures-${crypto.randomUUID()}`);
  const userId = 'bench-preceptor';
  await db.domain('users').put({ id: userId, role: 'preceptor' });
  await db.domain('skills').bulkPut(Array.from({ length: SKILLS }, (_, k) => ({ id: `k${k}`, minimumAttempts: 5 })));
  await db.domain('students').bulkPut(Array.from({ length: STUDENTS }, (_, s) => ({ id: `s${s}`, programId: 'p' })));
  await db.domain('programs').put({ id: 'p', type: 'ems', skillMinimums: null });
  const attempts = Array.from({ length: 75_000 }, (_, i) => ({
    id: `a${i}`,
    studentId: `s${i % STUDENTS}`,
    skillId: `k${Math.floor(i / STUDENTS) % SKILLS}`,
    kind: 'attempt',
    attemptedAt: '2026-01-01T10:00:00.000Z',
    setting: 'lab',
    outcome: 'successful',
    participation: 'performed',
    attemptsDelta: 1,
    successfulDelta: 1,
    recordedBy: userId,
    verifiedBy: userId,
  }));
  await db.domain('skillAttempts').bulkPut(attempts);
  await db.domain('studentSkills').bulkPut(
    attempts.map((a) => ({
      id: `ss-${a.id}`,
      studentId: a.studentId,
      skillId: a.skillId,
      updatedAt: a.attemptedAt,
      attempts: 1,
      successfulAttempts: 1,
      attemptsBySetting: {
        lab: { attempts: 1, successful: 1 },
        simulation: { attempts: 0, successful: 0 },
        clinical: { attempts: 0, successful: 0 },
        field: { attempts: 0, successful: 0 },
      },
      observedAttempts: 0,
      pendingAttempts: 0,
      lastAttemptDate: '2026-01-01',
      fieldStamps: {},
    })),
  );
  const tap = (studentId: string, skillId: string, id = crypto.randomUUID()) => ({
    id,
    studentId,
    skillId,
    attemptedAt: '2026-01-02T10:00:00.000Z',
    setting: 'lab' as const,
    outcome: 'successful' as const,
  });
  const engine = new SyncEngine({
    db,
    userId,
    autoRetry: false,
    fetch: async () => new Response('{}', { status: 503 }),
  });
  const timed = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  // a first write loads the mutators and opens the tables, as the first tap of a session does
  await engine.mutate('logSkillAttempt', tap('s1', 'k1'));
  const attemptId = crypto.randomUUID();
  const logMs = await timed(() => engine.mutate('logSkillAttempt', tap('s0', 'k0', attemptId)));
  const voidMs = await timed(() =>
    engine.mutate('voidSkillAttempt', { id: crypto.randomUUID(), attemptId, reason: 'Bench' }),
  );
  const row = await db.domain('studentSkills').where('[studentId+skillId]').equals(['s0', 'k0']).first();
  if (row?.attempts !== 1 || row.lastAttemptDate !== '2026-01-01')
    throw new Error(`figures after log and void: ${JSON.stringify(row)}`);
  await db.delete();
  return { logMs, voidMs, count: attempts.length };
}

async function benchPull() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  const pageDir = join(dataDir, 'page');
  execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.pull-page.config.ts'], {
    env: { ...process.env, BENCH_DIST: pageDir },
    stdio: 'ignore',
  });
  const db = openDb(join(dataDir, 'bench.db'));
  const w = seed(db);
  asSystem(db, 'benchProgress', (ctx) => {
    for (const s of w.students)
      for (const k of w.skills) {
        ctx.tx
          .insert(t.studentSkills)
          .values({
            id: crypto.randomUUID(),
            createdAt: ctx.now,
            updatedAt: ctx.now,
            version: ctx.version,
            studentId: s.id,
            skillId: k.id,
            instructorId: w.preceptor.id,
            status: 'in_progress',
            progressPercentage: 50,
            attempts: 1,
            successfulAttempts: 1,
          })
          .run();
      }
  });
  const app = createApp({ db, dataDir, demo: false, webDist: pageDir });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/?email=preceptor@bench.test&password=${PASSWORD}`);
    await page.waitForFunction(() => 'bench' in window);
    const full = await page.evaluate(() => window.bench.fullPull());
    const raw = await page.evaluate(() => window.bench.rawBulkPut());
    asSystem(db, 'benchChanges', (ctx) => {
      for (const row of db.select().from(t.studentSkills).limit(100).all()) {
        ctx.tx
          .update(t.studentSkills)
          .set({ progressPercentage: 90, version: ctx.version })
          .where(eq(t.studentSkills.id, row.id))
          .run();
      }
    });
    const incremental = await page.evaluate(() => window.bench.incrementalPull());
    return { full, incremental, raw };
  } finally {
    await browser.close();
    server.close();
  }
}

const push = benchPush();
for (const [i, run] of push.runs.entries()) {
  console.log(
    `push run ${i + 1}: ${fmt(run.pushRate)} recordSkillProgress/s through handlePush (batches of 100), ${fmt(run.rawRate)} rows/s raw better-sqlite3 upsert of the same rows and batches: ratio ${run.ratio.toFixed(2)}`,
  );
}
const pushRateMedian = median(push.runs.map((r) => r.pushRate));
console.log(
  `push: median of ${PUSH_RUNS} runs ${fmt(pushRateMedian)} mutations/s, ratio ${median(push.runs.map((r) => r.ratio)).toFixed(2)} (targets: 20,000 mutations/s, ratio at least 0.15)`,
);
console.log(
  `      ${fmt(push.attemptRate)} logSkillAttempt/s, same batches: ratio ${(push.attemptRate / pushRateMedian).toFixed(2)} of recordSkillProgress (target: at least 0.80)`,
);
console.log(
  `      ${fmt(Math.round(push.bytesPerAttempt))} bytes of database per logged attempt (attempt, summary, audit; target: at most 1,789, half of the 3,579 the same count gave before evidence rows were their own audit entries)`,
);
if (process.env.BENCH_ONLY !== 'push') {
  const figures = await benchDeviceFigures();
  console.log(
    `device: figures after one attempt with ${fmt(figures.count)} attempts on the device: ${figures.logMs.toFixed(1)} ms (target < 16 ms); after a void: ${figures.voidMs.toFixed(1)} ms`,
  );
  const pull = await benchPull();
  console.log(
    `pull: full ${fmt(pull.full.rows)} progress rows (${STUDENTS} students x ${SKILLS} skills) into IndexedDB in Chromium: ${(pull.full.ms / 1000).toFixed(2)} s (target < 10 s)`,
  );
  console.log(
    `      the same ${fmt(pull.raw.rows)} rows in one Dexie bulkPut into an empty database: ${(pull.raw.ms / 1000).toFixed(2)} s; the pull's speed is ${(pull.raw.ms / pull.full.ms).toFixed(2)} of it (target: at least 0.50)`,
  );
  console.log(`      incremental pull of 100 changed rows: ${pull.incremental.ms.toFixed(0)} ms (target < 300 ms)`);
}
