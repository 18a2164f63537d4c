/**
 * A 2,000-row student roster through POST /api/imports (parse, every row through the form's schema and createStudent,
 * audit, one transaction), beside a plain insert of the same rows in one transaction: what checking and auditing each
 * row costs. In-process, on an empty in-memory database, so the line measures the import and not the machine's load.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createApp } from '../api/app.ts';
import { hashPasswordSync } from '../api/auth/password.ts';
import { openDb } from '../api/db/open.ts';
import { asSystem } from '../api/seed/standards.ts';
import { toCsv } from '../schema/csv.ts';
import * as t from '../schema/tables.ts';

const ROWS = 2_000;
const ORIGIN = 'http://localhost';

const rosterRows = () =>
  Array.from({ length: ROWS }, (_, i) => ({
    'First Name': `First${i}`,
    'Last Name': `Last${i}`,
    Email: `student${i}@bench.test`,
    Phone: `555-${String(i).padStart(4, '0')}`,
    'Student ID': `B-${i}`,
    'Enrollment Date': '2026-01-12',
    'Expected Graduation': '2026-12-15',
  }));

async function timedImport(): Promise<number> {
  const db = openDb(':memory:');
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
  const body = new FormData();
  body.set('file', new File([toCsv(rosterRows())], 'roster.csv'));
  body.set('programId', programId);
  body.set('kind', 'students');
  body.set('dryRun', 'false');
  const started = performance.now();
  const res = await app.request('/api/imports', { method: 'POST', headers: { cookie, origin: ORIGIN }, body });
  const ms = performance.now() - started;
  const report = (await res.json()) as { created?: number };
  if (res.status !== 201 || report.created !== ROWS) throw new Error(`import answered ${res.status}`);
  return ms;
}

/** The same rows written straight into the table: no parsing, checks, versions or audit. */
function timedPlainInsert(): number {
  const db = openDb(':memory:');
  const insert = db.$client.prepare(
    `insert into students (id, created_at, updated_at, first_name, last_name, email, phone, student_code, program_id,
      enrollment_date, expected_graduation) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = new Date().toISOString();
  const started = performance.now();
  db.$client.transaction(() => {
    rosterRows().forEach((r, i) =>
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

/** The bench line: the import's time, the plain insert's and their ratio. */
export async function rosterImportLine(): Promise<string> {
  const imported = await timedImport();
  const plain = timedPlainInsert();
  const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
  return `Roster import, ${ROWS.toLocaleString('en-US')} students from CSV (POST /api/imports): ${ms(imported)}; plain insert of the same rows: ${ms(plain)} (x${Math.round(imported / plain)})`;
}
