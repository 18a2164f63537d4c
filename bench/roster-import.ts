/**
 * Imports through POST /api/imports (parse, every row through the form's schema and its command, audit, one
 * transaction), each beside a plain insert of the same rows in one transaction: what checking and auditing each row
 * costs. A 2,000- and a 10,000-row student roster, and a 10,000-row history of skill attempts; during the 10,000-row
 * roster, the longest time the event loop was held (perf_hooks monitorEventLoopDelay), which is how long every other
 * request waited at worst. In-process, on an empty in-memory database, so the lines measure the import and not the
 * machine's load (printed beside them).
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { createApp } from '../api/app.ts';
import { hashPasswordSync } from '../api/auth/password.ts';
import { type Db, openDb } from '../api/db/open.ts';
import { asSystem, seedStandards } from '../api/seed/standards.ts';
import { toCsv } from '../schema/csv.ts';
import * as t from '../schema/tables.ts';

const ORIGIN = 'http://localhost';
const HISTORY_STUDENTS = 500;

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const rosterRows = (rows: number) =>
  Array.from({ length: rows }, (_, i) => ({
    'First Name': `First${i}`,
    'Last Name': `Last${i}`,
    Email: `student${i}@bench.test`,
    Phone: `555-${String(i).padStart(4, '0')}`,
    'Student ID': `B-${i}`,
    'Enrollment Date': '2026-01-12',
    'Expected Graduation': '2026-12-15',
  }));

/** An empty database with a director signed in and one EMS program (with the catalogue, for history). */
async function signedIn(standards: boolean) {
  const db = openDb(':memory:');
  if (standards) seedStandards(db);
  const { programId } = asSystem(db, 'bench', (ctx) => {
    ctx.insert(t.users, {
      email: 'director@bench.test',
      passwordHash: hashPasswordSync('bench-password'),
      firstName: 'Bench',
      lastName: 'Director',
      role: 'director',
    });
    return { programId: ctx.insert(t.programs, { name: 'EMT', type: 'ems', certifications: [] }).id };
  });
  const app = createApp({ db, dataDir: mkdtempSync(join(tmpdir(), 'bench-import-')), demo: false, publicUrl: ORIGIN });
  const login = await app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: 'director@bench.test', password: 'bench-password' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  /** Imports the file; answers the milliseconds it took and the event loop's longest hold meanwhile. */
  const timed = async (kind: string, csv: string, rows: number) => {
    const body = new FormData();
    body.set('file', new File([csv], `${kind}.csv`));
    body.set('programId', programId);
    body.set('kind', kind);
    body.set('dryRun', 'false');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await settle();
    const started = performance.now();
    const res = await app.request('/api/imports', { method: 'POST', headers: { cookie, origin: ORIGIN }, body });
    const ms = performance.now() - started;
    // the sampling timer records a hold when it next runs
    await settle();
    delay.disable();
    const report = (await res.json()) as { created?: number };
    if (res.status !== 201 || report.created !== rows) throw new Error(`import answered ${res.status}`);
    return { ms, blockedMs: delay.max / 1e6 };
  };
  return { db, programId, timed };
}

/** The same rows written straight into the table: no parsing, checks, versions or audit. */
function timedPlainStudents(rows: number): number {
  const db = openDb(':memory:');
  const insert = db.$client.prepare(
    `insert into students (id, created_at, updated_at, first_name, last_name, email, phone, student_code, program_id,
      enrollment_date, expected_graduation) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = new Date().toISOString();
  const started = performance.now();
  db.$client.transaction(() => {
    rosterRows(rows).forEach((r, i) =>
      insert.run(
        `s${i}`,
        now,
        now,
        r['First Name'],
        r['Last Name'],
        r.Email,
        r.Phone,
        r['Student ID'],
        'p',
        r['Enrollment Date'],
        r['Expected Graduation'],
      ),
    );
  })();
  return performance.now() - started;
}

/** The program's students (plain inserts: the history import is what is timed) and the catalogue's EMS skills. */
function historyRows(db: Db, programId: string, rows: number) {
  const now = new Date().toISOString();
  const insert = db.$client.prepare(
    `insert into students (id, created_at, updated_at, first_name, last_name, email, phone, student_code, program_id,
      enrollment_date, expected_graduation) values (?, ?, ?, 'A', 'B', ?, '555', ?, ?, '2026-01-12', '2026-12-15')`,
  );
  db.$client.transaction(() => {
    for (let i = 0; i < HISTORY_STUDENTS; i++) insert.run(`h${i}`, now, now, `h${i}@bench.test`, `H-${i}`, programId);
  })();
  const skills = db.$client.prepare(`select code from skills where program_type = 'ems'`).pluck().all() as string[];
  return Array.from({ length: rows }, (_, i) => ({
    'Student ID': `H-${i % HISTORY_STUDENTS}`,
    Skill: skills[i % skills.length],
    Date: `2026-02-${String((i % 28) + 1).padStart(2, '0')}`,
    Setting: 'Lab',
    Outcome: i % 3 === 0 ? 'Unsuccessful' : 'Successful',
  }));
}

/** The same attempts written straight into the table. */
function timedPlainAttempts(db: Db, rows: ReturnType<typeof historyRows>): number {
  const skillIds = new Map(db.$client.prepare('select code, id from skills').raw().all() as [string, string][]);
  const insert = db.$client.prepare(
    `insert into skill_attempts (id, created_at, updated_at, student_id, skill_id, attempted_at, setting, outcome,
      attempts_delta, successful_delta, recorded_by) values (?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 'bench')`,
  );
  const now = new Date().toISOString();
  const started = performance.now();
  db.$client.transaction(() => {
    rows.forEach((r, i) =>
      insert.run(`p${i}`, now, now, `h${i % HISTORY_STUDENTS}`, skillIds.get(r.Skill), r.Date, 'lab', 'successful'),
    );
  })();
  return performance.now() - started;
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const count = (n: number) => n.toLocaleString('en-US');
const load = () => `load average ${loadavg()[0].toFixed(1)}`;

async function rosterLine(rows: number) {
  const { timed } = await signedIn(false);
  const imported = await timed('students', toCsv(rosterRows(rows)), rows);
  const plain = timedPlainStudents(rows);
  return {
    line: `Roster import, ${count(rows)} students from CSV (POST /api/imports): ${ms(imported.ms)}; plain insert of the same rows: ${ms(plain)} (x${Math.round(imported.ms / plain)}); event loop held at most ${ms(imported.blockedMs)}; ${load()}`,
    imported,
  };
}

async function historyLine(rows: number) {
  const { db, programId, timed } = await signedIn(true);
  const history = historyRows(db, programId, rows);
  const imported = await timed('skill_attempts', toCsv(history), rows);
  const plain = timedPlainAttempts(db, history);
  return `History import, ${count(rows)} skill attempts from CSV: ${ms(imported.ms)}; plain insert of the same rows: ${ms(plain)} (x${Math.round(imported.ms / plain)}); event loop held at most ${ms(imported.blockedMs)}; ${load()}`;
}

/** The bench's import lines: each import's time beside a plain insert's, and how long it held the event loop. */
export async function importLines(): Promise<string[]> {
  // a first import warms the code paths, as a server that has run a while has them
  await rosterLine(200);
  return [(await rosterLine(2_000)).line, (await rosterLine(10_000)).line, await historyLine(10_000)];
}
