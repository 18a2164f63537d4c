/**
 * `npm run bench:api`: the server under load (autocannon), on the large program set (`npm run seed:large`, run
 * first if DATA_DIR has none). For each read: requests/s and p50/p99 latency at 50 and 200 connections, next to
 * the trivial GET /api/health measured in the same run (the ratio is what counts on a shared machine). Pushes are
 * reported in mutations per second (batches of 20 per request, one client per connection). Lists keep their answer
 * until the next write (api/db/version-cache.ts), so the students list is measured twice: on unchanged data, and
 * while a few clients push, when nearly every read computes afresh.
 *
 * Then pulls after one write (BENCH_API_ONLY=pulls runs this part alone): a preceptor's and a coordinator's device
 * that was up to date pulls after a write in program 1 (theirs), in program 2 (the coordinator sees it, the preceptor
 * does not) and a message between two others, each next to /api/health at the same 10 connections. The device sends
 * the same cookie each time, so every request is that changed pull.
 *
 * Then the first sync and others' data: 50 devices of clinical coordinators pulling their first sync page after page
 * while /api/health is asked (its p99 beside health alone), and a coordinator's pull after one write elsewhere,
 * before and after 10,000 messages between other people are added (written with the server stopped, through the
 * same insert path as every command). Then imports, each beside a plain insert of its rows, and the longest the event
 * loop was held during the 10,000-row roster (bench/roster-import.ts; BENCH_ONLY=import runs this alone).
 * A cohort of 100 students' portfolio PDFs is timed beside the same figures as JSON, and a director's export of a
 * whole program beside a plain SELECT of its rows (BENCH_ONLY=export runs this alone).
 *
 * Last, booking under contention (issue 30): 50 students book a shift of 10 slots at once; exactly 10 are confirmed,
 * and the time per booking is printed beside a plain insert's (BENCH_ONLY=booking runs this alone).
 * BENCH_ONLY=push runs the push lines alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import autocannon from 'autocannon';
import { eq, like } from 'drizzle-orm';

import { hashPasswordSync } from '../api/auth/password.ts';
import { openDb } from '../api/db/open.ts';
import { asSystem } from '../api/seed/standards.ts';
import * as t from '../schema/tables.ts';
import type { Cookie, PullResponse } from '../sync/protocol.ts';
import { importLines } from './roster-import.ts';
import { startServer } from './server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3399);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = resolve(process.env.DATA_DIR ?? './data-large');
const PASSWORD = process.env.LARGE_PASSWORD ?? 'large-password';
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PUSH_BATCH = 20;
const PUSHERS_DURING_READS = 5;
const ONLY_PULLS = process.env.BENCH_API_ONLY === 'pulls';

/** BENCH_ONLY=import runs the import lines alone (in-process: they need no large set and no server). */
if (process.env.BENCH_ONLY === 'import') {
  console.log((await importLines()).join('\n'));
  process.exit(0);
}

if (!existsSync(join(DATA_DIR, 'training-records.db'))) {
  spawnSync('node', ['--import', 'tsx', 'api/seed/large-cli.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR },
  });
}

const startApiServer = () => startServer('api/main.ts', PORT, { DATA_DIR, DEMO: '0' }, 30);

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
        setupRequest: (req, ctx) => {
          const context = ctx as Record<string, unknown>;
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
        setupRequest: (req, ctx) => {
          const context = ctx as Record<string, unknown>;
          return {
            ...req,
            body: pullBody(
              (context.cookie as Cookie | undefined) ?? null,
              `first-${(context.id ??= crypto.randomUUID())}`,
            ),
          };
        },
        onResponse: (status, body, ctx) => {
          const context = ctx as Record<string, unknown>;
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

const BOOKERS = 50;
const SLOTS = 10;
const bookerEmail = (n: number) => `booker-${n}@large.test`;

/** Accounts for the first BOOKERS students of program 1 (once), so each books as itself, as a phone does. */
function addBookers() {
  const db = openDb(join(DATA_DIR, 'training-records.db'));
  if (
    !db
      .select()
      .from(t.users)
      .where(eq(t.users.email, bookerEmail(1)))
      .get()
  ) {
    const passwordHash = hashPasswordSync(PASSWORD);
    const students = db.select().from(t.students).where(like(t.students.studentCode, 'L-1-%')).limit(BOOKERS).all();
    asSystem(db, 'benchBookers', (ctx) => {
      for (const [i, s] of students.entries()) {
        const user = ctx.insert(t.users, {
          email: bookerEmail(i + 1),
          passwordHash,
          firstName: s.firstName,
          lastName: s.lastName,
          role: 'student',
        });
        ctx.update(t.students, s, { userId: user.id });
      }
    });
  }
  const programId = db.select().from(t.students).where(like(t.students.studentCode, 'L-1-%')).get()!.programId;
  db.$client.close();
  return programId;
}

/** Sends one write per client at once; answers the statuses and the wall time per write. */
async function allAtOnce(requests: (() => Promise<Response>)[]) {
  const started = performance.now();
  const statuses = await Promise.all(requests.map(async (send) => (await send()).status));
  return { statuses, msPerWrite: (performance.now() - started) / requests.length };
}

/**
 * Booking under contention: BOOKERS students, each signed in as themself, book the same shift of SLOTS slots at
 * once. Exactly SLOTS must be confirmed (201) and the rest told the slot is taken (409); the time per booking is
 * beside the same clients each sending a plain insert (a message) at once.
 */
async function bookingUnderContention(programId: string) {
  const coordinator = await signIn('clinical_coordinator-1@large.test');
  const bookers = await Promise.all(Array.from({ length: BOOKERS }, (_, i) => signIn(bookerEmail(i + 1))));
  const posted = await fetch(`${BASE}/api/shifts`, {
    method: 'POST',
    headers: postJson(coordinator),
    body: JSON.stringify({
      programId,
      type: 'clinical',
      date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      startTime: '07:00',
      durationMinutes: 720,
      slots: SLOTS,
    }),
  });
  if (!posted.ok) throw new Error(`posting the shift: ${posted.status} ${await posted.text()}`);
  const [shift] = (await posted.json()) as { id: string }[];
  const coordinatorId = (
    (await (await fetch(`${BASE}/api/auth/user`, { headers: { cookie: coordinator } })).json()) as { id: string }
  ).id;
  const plain = await allAtOnce(
    bookers.map(
      (cookie) => () =>
        fetch(`${BASE}/api/messages`, {
          method: 'POST',
          headers: postJson(cookie),
          body: JSON.stringify({ recipientId: coordinatorId, subject: 'Bench', content: 'A plain insert' }),
        }),
    ),
  );
  const booking = await allAtOnce(
    bookers.map(
      (cookie) => () =>
        fetch(`${BASE}/api/shifts/${shift.id}/bookings`, { method: 'POST', headers: postJson(cookie), body: '{}' }),
    ),
  );
  const count = (status: number) => booking.statuses.filter((s) => s === status).length;
  console.log(`
Booking under contention: ${BOOKERS} students book one shift of ${SLOTS} slots at once:`);
  console.log(`  confirmed ${count(201)}, slot taken ${count(409)}, other ${BOOKERS - count(201) - count(409)}`);
  console.log(
    `  ${fmt(booking.msPerWrite * 1000)} µs per booking; a plain insert (a message): ${fmt(plain.msPerWrite * 1000)} µs`,
  );
  if (count(201) !== SLOTS) throw new Error(`expected exactly ${SLOTS} confirmed bookings, got ${count(201)}`);
}

/** A list asked as the app asks it: every browser accepts gzip, and a page of 100 students is 40-85 KB without it. */
const asBrowser = (cookie: string) => ({ cookie, 'accept-encoding': 'gzip' });

/** One progress change pushed from a new device of the user signed in as `session`. */
async function pushProgress(session: string, studentId: string, skillId: string) {
  const res = await fetch(`${BASE}/api/sync/push`, {
    method: 'POST',
    headers: postJson(session),
    body: JSON.stringify({
      pushVersion: 1,
      clientGroupId: 'bench',
      clientId: `bench-write-${crypto.randomUUID()}`,
      mutations: [
        {
          id: 1,
          name: 'recordSkillProgress',
          createdAt: new Date().toISOString(),
          args: {
            studentId,
            skillId,
            status: 'in_progress',
            progressPercentage: 50,
            attempts: 1,
            successfulAttempts: 0,
          },
        },
      ],
    }),
  });
  const body = (await res.json()) as { results: { status: string }[] };
  if (body.results[0]?.status !== 'applied') throw new Error(`bench write: ${JSON.stringify(body)}`);
}
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

const PULL_CONNECTIONS = 10;

/** CPU time the process has used, in ms (Linux: /proc/<pid>/stat, user + system, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * A run and the server's CPU time per request: on a machine others load, the requests per second of two runs
 * move with their load, the CPU a request costs much less.
 */
async function measured(pid: number, opts: autocannon.Options) {
  const before = cpuMs(pid);
  const result = await run(opts);
  const requests = result.rps * DURATION;
  return { result, cpuPerRequest: (cpuMs(pid) - before) / requests };
}

/** `session`'s device pulls with the cookie it held before `write`, over and over. */
async function pullAfter(pid: number, session: string, write: () => Promise<void>) {
  // what a device holds once its first sync is through, without the minutes of pages a coordinator's takes
  const { snapshot: _rest, ...cookie } = (await pullAs(session, null)).cookie;
  await write();
  return measured(pid, {
    url: `${BASE}/api/sync/pull`,
    connections: PULL_CONNECTIONS,
    method: 'POST',
    headers: postJson(session),
    body: pullBody(cookie),
  });
}

const firstIds = async (session: string, path: string) =>
  ((await (await fetch(`${BASE}${path}`, { headers: { cookie: session } })).json()) as { id: string }[]).map(
    (r) => r.id,
  );

/** Pulls of a preceptor's and a coordinator's device after one write in their program, in another, between others. */
async function pullsAfterOneWrite(pid: number) {
  const [instructor1, instructor2] = [await signIn('instructor-1@large.test'), await signIn('instructor-2@large.test')];
  const [preceptor1, preceptor2] = [await signIn('preceptor-1@large.test'), await signIn('preceptor-2@large.test')];
  const coordinator = await signIn('clinical_coordinator-1@large.test');
  const [student1] = await firstIds(instructor1, '/api/students?limit=1');
  const [student2] = await firstIds(instructor2, '/api/students?limit=1');
  const [skill] = await firstIds(preceptor1, '/api/skills?programType=ems&certificationLevel=paramedic');
  const otherId = (
    (await (await fetch(`${BASE}/api/auth/user`, { headers: { cookie: preceptor2 } })).json()) as {
      id: string;
    }
  ).id;
  const writes: [string, () => Promise<void>][] = [
    ['up to date', async () => {}],
    ['write in program 1', () => pushProgress(preceptor1, student1, skill)],
    ['write in program 2', () => pushProgress(preceptor2, student2, skill)],
    [
      'message between others',
      async () => {
        const sent = await fetch(`${BASE}/api/messages`, {
          method: 'POST',
          headers: postJson(instructor2),
          body: JSON.stringify({ recipientId: otherId, subject: 'Between others', content: 'A write elsewhere' }),
        });
        if (!sent.ok) throw new Error(`foreign message: ${sent.status}`);
      },
    ],
  ];
  console.log(
    `\nPulls after one write, ${PULL_CONNECTIONS} connections, ${DURATION} s each, beside /api/health measured just` +
      ' before each (the machine is shared: its load moves both), and as CPU per request. Program 1 is theirs:',
  );
  const cpuLine = (name: string, r: Awaited<ReturnType<typeof measured>>, base: Awaited<ReturnType<typeof measured>>) =>
    `${line(name, r.result, base.result)}  cpu ${(r.cpuPerRequest * 1000).toFixed(0).padStart(5)} µs/req, ratio ${(base.cpuPerRequest / r.cpuPerRequest).toFixed(2)}`;
  // the server's first seconds (compiling, its first views and statements) would count against the first line
  await run({ url: `${BASE}/api/health`, connections: PULL_CONNECTIONS, duration: 2 });
  await pullAfter(pid, preceptor1, async () => {});
  for (const [who, session] of [
    ['preceptor', preceptor1],
    ['coordinator', coordinator],
  ] as const) {
    for (const [what, write] of writes) {
      const health = await measured(pid, { url: `${BASE}/api/health`, connections: PULL_CONNECTIONS });
      console.log(cpuLine('  GET /api/health (trivial route)', health, health));
      console.log(cpuLine(`${who}: ${what}`, await pullAfter(pid, session, write), health));
    }
  }
}

/**
 * A director's export of a whole program (GET /api/exports/programs/:id, the ZIP read to its end), beside a plain
 * SELECT of the same student records straight from the database file.
 */
async function programExport() {
  const db = openDb(join(DATA_DIR, 'training-records.db'));
  const program = db.select().from(t.programs).orderBy(t.programs.createdAt).get()!;
  const plainStarted = performance.now();
  let rows = 0;
  for (const table of ['students', 'student_skills', 'skill_attempts', 'clinical_hours', 'patient_contacts']) {
    const where =
      table === 'students' ? 'program_id = ?' : 'student_id in (select id from students where program_id = ?)';
    rows += db.$client.prepare(`select * from ${table} where deleted_at is null and ${where}`).all(program.id).length;
  }
  const plain = performance.now() - plainStarted;
  db.$client.close();
  const cookie = await signIn('director-1@large.test');
  const started = performance.now();
  const res = await fetch(`${BASE}/api/exports/programs/${program.id}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`program export: ${res.status}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  const exported = performance.now() - started;
  console.log(
    `\nProgram export (${program.name}, ${rows.toLocaleString('en-US')} student rows): ${fmt(exported)} ms for the ZIP (${fmt(bytes / 1024)} KB), ${fmt(plain)} ms for a plain SELECT of the same rows`,
  );
}

/** BENCH_ONLY=export runs the program export alone. */
if (process.env.BENCH_ONLY === 'export') {
  const server = await startApiServer();
  try {
    await programExport();
  } finally {
    server.kill();
  }
  process.exit(0);
}

/** BENCH_ONLY=booking runs the booking section alone (the rest takes minutes on a shared machine). */
if (process.env.BENCH_ONLY === 'booking') {
  const programId = addBookers();
  const server = await startApiServer();
  try {
    await bookingUnderContention(programId);
  } finally {
    server.kill();
  }
  process.exit(0);
}

/** BENCH_ONLY=push runs the push lines alone, each beside the trivial route at the same connections. */
if (process.env.BENCH_ONLY === 'push') {
  const server = await startApiServer();
  try {
    const instructor = await signIn('instructor-1@large.test');
    const preceptor = await signIn('preceptor-1@large.test');
    const students = (await (
      await fetch(`${BASE}/api/students?limit=100`, { headers: { cookie: instructor } })
    ).json()) as { id: string }[];
    const skills = (await (
      await fetch(`${BASE}/api/skills?programType=ems&certificationLevel=paramedic`, { headers: { cookie: preceptor } })
    ).json()) as { id: string }[];
    for (const connections of [50, 200]) {
      console.log(`\n${connections} connections, ${DURATION} s each:`);
      const health = await run({ url: `${BASE}/api/health`, connections });
      console.log(line('GET /api/health (trivial route)', health, health));
      const push = await run(pushOptions(connections, students, skills, preceptor));
      console.log(line(`POST /api/sync/push (${PUSH_BATCH} per request)`, push, health, 'mutations/s', PUSH_BATCH));
    }
  } finally {
    server.kill();
  }
  process.exit(0);
}

let server = await startApiServer();
try {
  await pullsAfterOneWrite(server.pid!);
  if (!ONLY_PULLS) {
    const instructor = await signIn('instructor-1@large.test');
    const preceptor = await signIn('preceptor-1@large.test');
    const students = (await (
      await fetch(`${BASE}/api/students?limit=100`, { headers: { cookie: instructor } })
    ).json()) as { id: string }[];
    const skills = (await (
      await fetch(`${BASE}/api/skills?programType=ems&certificationLevel=paramedic`, { headers: { cookie: preceptor } })
    ).json()) as { id: string }[];
    await cohortPortfolios(instructor, students);
    await programExport();

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
    server = await startApiServer();
    const after = await afterForeignWrite();
    console.log(line('pull, after 10,000 foreign messages', after, before));
  }

  server.kill();
  const bookingProgram = addBookers();
  server = await startApiServer();
  await bookingUnderContention(bookingProgram);
} finally {
  server.kill();
}

console.log(`\n${(await importLines()).join('\n')}`);
