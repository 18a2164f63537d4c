import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { fromToday, logHours, school } from '../reports/test-fixtures.ts';

let h: TestApp;
let s: Awaited<ReturnType<typeof school>>;

beforeEach(async () => {
  h = testApp({ standards: true });
  s = await school(h);
  logHours(h, s.ana.id, 6, fromToday(-3));
  logHours(h, s.ben.id, 4, fromToday(-2));
  asSystem(h.db, 'fixture', (ctx) => {
    ctx.insert(t.messages, {
      senderId: h.users.instructor.id,
      recipientId: h.users.student.id,
      subject: 'Skills lab',
      content: 'Bring your stethoscope',
    });
    ctx.insert(t.messages, {
      senderId: h.users.instructor.id,
      recipientId: h.users.director.id,
      subject: 'Staff only',
      content: 'Budget talk',
    });
  });
});

type Files = Record<string, string>;

async function download(role: Role, path: string): Promise<Files> {
  const res = await h.as(role, 'GET', path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.zip"$/);
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));
}

const csv = (files: Files, table: string) =>
  Papa.parse<Record<string, string>>(files[`csv/${table}.csv`], { header: true, skipEmptyLines: true }).data;
const json = (files: Files, table: string) => JSON.parse(files[`json/${table}.json`]) as Record<string, unknown>[];

describe("a student's own records", () => {
  it('holds their student record, records, account and messages as CSV and JSON, and nobody else’s', async () => {
    const files = await download('student', '/api/exports/mine');
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'csv/students.csv', 'json/clinical_hours.json', 'csv/messages.csv']),
    );
    expect(csv(files, 'students').map((r) => r.firstName)).toEqual(['Ana']);
    expect(json(files, 'students').map((r) => r.id)).toEqual([s.ana.id]);
    expect(csv(files, 'clinical_hours').map((r) => [r.studentId, r.hoursCompleted])).toEqual([[s.ana.id, '6']]);
    expect(json(files, 'clinical_hours')).toMatchObject([{ studentId: s.ana.id, hoursCompleted: 6 }]);
    expect(csv(files, 'users').map((r) => r.email)).toEqual(['student@test.local']);
    expect(csv(files, 'messages').map((r) => r.subject)).toEqual(['Skills lab']);
    const all = Object.values(files).join('\n');
    for (const hidden of [s.ben.id, 'Ruiz', 'Budget talk', 'passwordHash', h.users.student.passwordHash!]) {
      expect(all).not.toContain(hidden);
    }
  });

  it('writes a hostile name as text a spreadsheet will not run', async () => {
    asSystem(h.db, 'fixture', (ctx) => {
      const ana = ctx.tx.select().from(t.students).where(eq(t.students.id, s.ana.id)).get()!;
      ctx.update(t.students, ana, { firstName: '=HYPERLINK("http://evil.example","x")\n+1' });
    });
    const files = await download('student', '/api/exports/mine');
    expect(csv(files, 'students')[0].firstName).toBe('\'=HYPERLINK("http://evil.example","x")\n+1');
  });

  it('is in the audit log, with who took it', async () => {
    await download('student', '/api/exports/mine');
    const entries = h.db.select().from(t.auditLog).where(eq(t.auditLog.command, 'exportOwnRecords')).all();
    expect(entries).toMatchObject([{ actorId: h.users.student.id, recordId: h.users.student.id, action: 'export' }]);
  });
});

describe("a program's records", () => {
  it("holds the program's students and their records, its members' accounts, and not another program's", async () => {
    const files = await download('director', `/api/exports/programs/${s.ems.id}`);
    expect(csv(files, 'programs').map((r) => r.name)).toEqual(['EMT Fall']);
    expect(csv(files, 'students').map((r) => r.firstName)).toEqual(['Ana']);
    expect(csv(files, 'clinical_hours').map((r) => r.studentId)).toEqual([s.ana.id]);
    expect(
      csv(files, 'users')
        .map((r) => r.email)
        .sort(),
    ).toEqual(['instructor@test.local', 'preceptor@test.local', 'student@test.local'].sort());
    const all = Object.values(files).join('\n');
    for (const hidden of [s.ben.id, 'Ruiz', 'Skills lab', 'Budget talk', 'passwordHash']) {
      expect(all).not.toContain(hidden);
    }
    expect(files['csv/messages.csv']).toBeUndefined();
  });

  it('holds every record of the program once, past many pages, and none of another program', async () => {
    const now = new Date().toISOString();
    const rows = (studentId: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `${studentId}-h${i}`,
        createdAt: now,
        updatedAt: now,
        studentId,
        date: fromToday(-1 - (i % 300)),
        hoursCompleted: 1,
        recordedBy: h.users.instructor.id,
      }));
    // more than two pages of one table, written as stored rows (a command each would take the test minutes)
    for (const [student, n] of [
      [s.ana.id, 4_500],
      [s.ben.id, 300],
    ] as const) {
      const all = rows(student, n);
      for (let i = 0; i < all.length; i += 500)
        h.db
          .insert(t.clinicalHours)
          .values(all.slice(i, i + 500))
          .run();
    }
    const held = h.db
      .select({ id: t.clinicalHours.id, studentId: t.clinicalHours.studentId })
      .from(t.clinicalHours)
      .all();
    const ana = held
      .filter((r) => r.studentId === s.ana.id)
      .map((r) => r.id)
      .sort();
    const files = await download('director', `/api/exports/programs/${s.ems.id}`);
    const inJson = json(files, 'clinical_hours').map((r) => r.id as string);
    const inCsv = csv(files, 'clinical_hours').map((r) => r.id);
    expect(inJson.length).toBe(ana.length);
    expect([...inJson].sort()).toEqual(ana);
    expect([...inCsv].sort()).toEqual(ana);
    expect(files['README.txt']).toContain(`clinical_hours: ${ana.length} rows`);
    expect(json(files, 'clinical_hours').find((r) => r.id === `${s.ana.id}-h0`)).toMatchObject({
      studentId: s.ana.id,
      hoursCompleted: 1,
    });
    // stored JSON and flags come out as JSON values, not as the text SQLite keeps
    expect(json(files, 'users')[0]).toMatchObject({ certifications: [], isActive: true });
  });

  it('is refused to roles that may not export a program, and audited for those who may', async () => {
    for (const role of ['student', 'instructor', 'preceptor', 'clinical_coordinator'] as const) {
      expect((await h.as(role, 'GET', `/api/exports/programs/${s.ems.id}`)).status).toBe(403);
    }
    await download('administration', `/api/exports/programs/${s.fire.id}`);
    const entries = h.db.select().from(t.auditLog).where(eq(t.auditLog.command, 'exportProgramRecords')).all();
    expect(entries).toMatchObject([{ actorId: h.users.administration.id, recordId: s.fire.id, action: 'export' }]);
  });

  it('answers a guessed or deleted program id as one that does not exist, and audits nothing', async () => {
    const unknown = await h.as('director', 'GET', '/api/exports/programs/no-such-program');
    const body = await unknown.text();
    expect(unknown.status).toBe(404);
    asSystem(h.db, 'fixture', (ctx) => ctx.remove(t.programs, ctx.get(t.programs, s.fire.id, 'Program')));
    const deleted = await h.as('director', 'GET', `/api/exports/programs/${s.fire.id}`);
    expect([deleted.status, await deleted.text()]).toEqual([404, body]);
    expect(h.db.select().from(t.auditLog).where(eq(t.auditLog.command, 'exportProgramRecords')).all()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await h.as(null, 'GET', '/api/exports/mine')).status).toBe(401);
    expect((await h.as(null, 'GET', `/api/exports/programs/${s.ems.id}`)).status).toBe(401);
  });
});
