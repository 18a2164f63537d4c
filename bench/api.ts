/**
 * `npm run bench:api`: the server under load (autocannon), on the large program set (`npm run seed:large`, run
 * first if DATA_DIR has none). For each read: requests/s and p50/p99 latency at 50 and 200 connections, next to
 * the trivial GET /api/health measured in the same run (the ratio is what counts on a shared machine). Pushes are
 * reported in mutations per second (batches of 20 per request, one client per connection). Lists keep their answer
 * until the next write (api/db/version-cache.ts), so the students list is measured twice: on unchanged data, and
 * while a few clients push, when nearly every read computes afresh.
 *
 * Then the first sync and others' data: 50 devices of clinical coordinators pulling their first sync page after page
 * while /api/health is asked (its p99 beside health alone), and a coordinator's pull after one write elsewhere,
 * before and after 10,000 messages between other people are added (written with the server stopped, through the
 * same insert path as every command). First, a cohort of 100 students' portfolio PDFs beside the same figures as JSON.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';

import { openDb } from '../api/db/open.ts';
import { asSystem } from '../api/seed/standards.ts';
import * as t from '../schema/tables.ts';
import type { Cookie, PullResponse } from '../sync/protocol.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3399);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = resolve(process.env.DATA_DIR ?? './data-large');
const PASSWORD = process.env.LARGE_PASSWORD ?? 'large-password';
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PUSH_BATCH = 20;
const PUSHERS_DURING_READS = 5;

if (!existsSync(join(DATA_DIR, 'training-records.db'))) {
  spawnSync('node', ['--import', 'tsx', 'api/seed/large-cli.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR },
  });
}

async function startServer() {
  const server = spawn('node', ['--import', 'tsx', 'api/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR, DEMO: '0' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  server.kill();
  throw new Error('server did not start');
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0];
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** What a browser sends with every request: long lists come back gzipped. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

function run(opts: autocannon.Options): Promise<Result> {
  return new Promise((done, fail) => {
    autocannon({ duration: DURATION, ...opts, headers: { ...BROWSER, ...opts.headers } }, (err, r) => {
      if (err) return fail(err);
      done({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });
  });
}

const counters = new Map<string, number>();
/** Pushes of PUSH_BATCH progress changes per request, one client per connection, each with its own counter. */
function pushOptions(
  connections: number,
  students: { id: string }[],
  skills: { id: string }[],
  preceptor: string,
): autocannon.Options {
  return {
    url: `${BASE}/api/sync/push`,
    connections,
    method: 'POST',
    headers: { cookie: preceptor, 'content-type': 'application/json', origin: BASE },
    requests: [
      {
        setupRequest: (req, context: Record<string, unknown>) => {
          const clientId = (context.clientId ??= `bench-${connections}-${crypto.randomUUID()}`) as string;
          const first = (counters.get(clientId) ?? 0) + 1;
          counters.set(clientId, first + PUSH_BATCH - 1);
          const mutations = Array.from({ length: PUSH_BATCH }, (_, i) => ({
            id: first + i,
            name: 'recordSkillProgress',
            createdAt: new Date().toISOString(),
            args: {
              studentId: students[(first + i) % students.length].id,
              skillId: skills[(first + i) % skills.length].id,
              status: 'in_progress',
              progressPercentage: (first + i) % 100,
              attempts: 1,
              successfulAttempts: 0,
            },
          }));
          return { ...req, body: JSON.stringify({ pushVersion: 1, clientGroupId: 'bench', clientId, mutations }) };
        },
      },
    ],
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const line = (name: string, r: Result, base: Result, unit = 'req/s', scale = 1) =>
  `${name.padEnd(34)} ${fmt(r.rps * scale).padStart(8)} ${unit}  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms  ratio ${(r.rps / base.rps).toFixed(2)}${r.errors || r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`;

const pullBody = (cookie: Cookie | null, clientId = 'bench-pull') =>
  JSON.stringify({ pullVersion: 1, clientGroupId: 'bench', clientId, cookie });
const postJson = (cookie: string) => ({ cookie, 'content-type': 'application/json', origin: BASE });

/** A pull's answer, for a client holding `cookie`. */
async function pullAs(session: string, cookie: Cookie | null): Promise<PullResponse> {
  const res = await fetch(`${BASE}/api/sync/pull`, {
    method: 'POST',
    headers: postJson(session),
    body: pullBody(cookie),
  });
  return (await res.json()) as PullResponse;
}

/** The cookie of a client that holds everything up to now (a first sync followed to its last page). */
async function upToDate(session: string): Promise<Cookie> {
  let cookie: Cookie | null = null;
  do cookie = (await pullAs(session, cookie)).cookie;
  while (cookie.snapshot);
  return cookie;
}

/** Each connection a device on its first sync: it follows its cursor page after page and starts again when done. */
function firstSyncOptions(connections: number, session: string): autocannon.Options {
  return {
    url: `${BASE}/api/sync/pull`,
    connections,
    method: 'POST',
    headers: { ...postJson(session), 'accept-encoding': 'identity' },
    requests: [
      {
        setupRequest: (req, context: Record<string, unknown>) => ({
          ...req,
          body: pullBody(
            (context.cookie as Cookie | undefined) ?? null,
            `first-${(context.id ??= crypto.randomUUID())}`,
          ),
        }),
        onResponse: (status, body, context: Record<string, unknown>) => {
          if (status !== 200) return;
          const before = (context.cookie as Cookie | null | undefined)?.snapshot?.sent ?? 0;
          const cookie = cookieOf(body);
          firstSyncRows += (cookie.snapshot?.sent ?? before) - before;
          context.cookie = cookie.snapshot ? cookie : null;
        },
      },
    ],
  };
}
/**
 * The cookie leads a pull's answer: read it alone, so that this process (which also times the health checks) does
 * not spend the CPU the server needs on parsing 50 devices' pages. The last page's rows are not counted.
 */
const cookieOf = (body: string) =>
  JSON.parse(body.slice('{"cookie":'.length, body.indexOf(',"lastMutationId"'))) as Cookie;
let firstSyncRows = 0;

/** 10,000 messages between two users the coordinator never writes to, each a version of its own as a command's is. */
function addForeignMessages(count: number) {
  const db = openDb(join(DATA_DIR, 'training-records.db'));
  const user = (email: string) => db.select().from(t.users).where(eq(t.users.email, email)).get()!.id;
  const [from, to] = [user('instructor-2@large.test'), user('preceptor-3@large.test')];
  for (let i = 0; i < count; i += 500)
    asSystem(db, 'benchForeignMessages', (ctx) => {
      for (let j = i; j < Math.min(count, i + 500); j++)
        ctx.insert(t.messages, { senderId: from, recipientId: to, subject: `Bench ${j}`, content: 'Between others' });
    });
  db.$client.close();
}

/** A list asked as the app asks it: every browser accepts gzip, and a page of 100 students is 40-85 KB without it. */
const asBrowser = (cookie: string) => ({ cookie, 'accept-encoding': 'gzip' });

/**
 * A cohort's portfolios, one after another as a director prints them: the time per PDF beside the time to read the
 * same figures as JSON, so the PDF's own cost (layout and compression) shows apart from gathering the evidence.
 */
async function cohortPortfolios(cookie: string, students: { id: string }[]) {
  const timePer = async (ext: string) => {
    const started = performance.now();
    for (const s of students) {
      const res = await fetch(`${BASE}/api/students/${s.id}/portfolio${ext}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`portfolio${ext}: ${res.status}`);
      await res.arrayBuffer();
    }
    return (performance.now() - started) / students.length;
  };
  const json = await timePer('');
  const pdf = await timePer('.pdf');
  console.log(
    `\nPortfolios of a cohort of ${students.length} students: ${fmt(pdf)} ms per PDF, ${fmt(json)} ms per JSON read of the same figures`,
  );
}

let server = await startServer();
try {
  const instructor = await signIn('instructor-1@large.test');
  const preceptor = await signIn('preceptor-1@large.test');
  const students = (await (
    await fetch(`${BASE}/api/students?limit=100`, { headers: { cookie: instructor } })
  ).json()) as { id: string }[];
  const skills = (await (
    await fetch(`${BASE}/api/skills?programType=ems&certificationLevel=paramedic`, { headers: { cookie: preceptor } })
  ).json()) as { id: string }[];
  await cohortPortfolios(instructor, students);

  for (const connections of [50, 200]) {
    console.log(`\n${connections} connections, ${DURATION} s each:`);
    const health = await run({ url: `${BASE}/api/health`, connections });
    console.log(line('GET /api/health (trivial route)', health, health));
    const session = await run({ url: `${BASE}/api/auth/user`, connections, headers: { cookie: instructor } });
    console.log(line('GET /api/auth/user (session check)', session, health));
    const list = await run({ url: `${BASE}/api/students?limit=100`, connections, headers: asBrowser(instructor) });
    console.log(line('GET /api/students (100 of 2,000)', list, health));
    // each connection cycles through the students; fixed requests, so autocannon builds each once (as for the others)
    const progress = await run({
      url: BASE,
      connections,
      headers: { cookie: instructor },
      requests: students.map((s) => ({ method: 'GET', path: `/api/student-skills?studentId=${s.id}` })),
    });
    console.log(line('GET /api/student-skills?studentId', progress, health));
    const pullCookie = await upToDate(preceptor);
    const pull = await run({
      url: `${BASE}/api/sync/pull`,
      connections,
      method: 'POST',
      headers: { cookie: preceptor, 'content-type': 'application/json', origin: BASE },
      body: pullBody(pullCookie),
    });
    console.log(line('POST /api/sync/pull (up to date)', pull, health));
    const push = await run(pushOptions(connections, students, skills, preceptor));
    console.log(line(`POST /api/sync/push (${PUSH_BATCH} per request)`, push, health, 'mutations/s', PUSH_BATCH));
    // every push moves the data version, so the students list is computed afresh on (nearly) every read
    const [busyList, pushesMeanwhile] = await Promise.all([
      run({ url: `${BASE}/api/students?limit=100`, connections, headers: asBrowser(instructor) }),
      run(pushOptions(PUSHERS_DURING_READS, students, skills, preceptor)),
    ]);
    console.log(line(`GET /api/students while ${PUSHERS_DURING_READS} clients push`, busyList, health));
    // the pushers never wait between pushes: what they got of the server meanwhile, beside the list
    console.log(line('  the pushes meanwhile', pushesMeanwhile, push, 'mutations/s', PUSH_BATCH));
  }

  const coordinator = await signIn('clinical_coordinator-1@large.test');
  console.log("\nFirst sync: 50 coordinators' devices pulling page after page, /api/health asked meanwhile:");
  const healthAlone = await run({ url: `${BASE}/api/health`, connections: 5 });
  console.log(line('GET /api/health alone (5 conn.)', healthAlone, healthAlone));
  firstSyncRows = 0;
  const [healthDuring, pages] = await Promise.all([
    run({ url: `${BASE}/api/health`, connections: 5 }),
    run(firstSyncOptions(50, coordinator)),
  ]);
  console.log(line('GET /api/health during the pulls', healthDuring, healthAlone));
  console.log(
    `${'POST /api/sync/pull first-sync pages'.padEnd(34)} ${fmt(pages.rps).padStart(8)} pages/s  p50 ${String(pages.p50).padStart(4)} ms  p99 ${String(pages.p99).padStart(5)} ms  ${fmt(firstSyncRows / DURATION)} rows/s${pages.errors || pages.non2xx ? `  (${pages.errors} errors, ${pages.non2xx} non-2xx)` : ''}`,
  );

  console.log(`\nA coordinator's pull after one write elsewhere (a message between two others), ${DURATION} s each:`);
  const preceptorId = (
    (await (await fetch(`${BASE}/api/auth/user`, { headers: { cookie: preceptor } })).json()) as { id: string }
  ).id;
  const afterForeignWrite = async () => {
    const cookie = await upToDate(coordinator);
    const sent = await fetch(`${BASE}/api/messages`, {
      method: 'POST',
      headers: postJson(instructor),
      body: JSON.stringify({ recipientId: preceptorId, subject: 'Between others', content: 'A write elsewhere' }),
    });
    if (!sent.ok) throw new Error(`foreign message: ${sent.status}`);
    return run({
      url: `${BASE}/api/sync/pull`,
      connections: 10,
      method: 'POST',
      headers: postJson(coordinator),
      body: pullBody(cookie),
    });
  };
  const before = await afterForeignWrite();
  console.log(line('pull, before', before, before));
  server.kill();
  const started = performance.now();
  addForeignMessages(10_000);
  console.log(`  (10,000 messages between two others added in ${fmt(performance.now() - started)} ms)`);
  server = await startServer();
  const after = await afterForeignWrite();
  console.log(line('pull, after 10,000 foreign messages', after, before));
} finally {
  server.kill();
}
