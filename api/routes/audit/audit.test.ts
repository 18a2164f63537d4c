import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { testApp } from '#api/test/helpers.ts';
import type { AuditPage } from '#schema/audit.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

const studentBody = (programId: string, code: string) => ({
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: `${code}@example.org`,
  phone: '555',
  studentId: code,
  programId,
  enrollmentDate: '2026-01-10',
  expectedGraduation: '2026-12-20',
});

async function world() {
  const h = testApp();
  const program = h.program({ name: 'EMT', type: 'ems', certificationLevel: 'emt', requiredHours: 10 });
  const created = (await (await h.as('director', 'POST', '/api/students', studentBody(program.id, 'A-1'))).json()) as {
    id: string;
  };
  await h.as('administration', 'PATCH', `/api/students/${created.id}`, { phone: '556' });
  return { h, program, studentId: created.id };
}

describe('audit trail', () => {
  it('shows who changed which field of a record, from what to what, newest first', async () => {
    const { h, studentId } = await world();
    const page = (await (
      await h.as('director', 'GET', `/api/audit?table=students&recordId=${studentId}`)
    ).json()) as AuditPage;
    expect(page.entries.map((e) => [e.action, e.actorName, e.command])).toEqual([
      ['update', 'Test administration', 'updateStudent'],
      ['create', 'Test director', 'createStudent'],
    ]);
    expect(page.entries[0].changes).toEqual({ phone: { before: '555', after: '556' } });
  });

  it('names seed and setup writes as made by the system', async () => {
    const { h, program } = await world();
    const page = (await (
      await h.as('director', 'GET', `/api/audit?table=programs&recordId=${program.id}`)
    ).json()) as AuditPage;
    expect(page.entries.map((e) => e.actorName)).toEqual(['System']);
  });

  it('filters by user and date, and pages with a cursor', async () => {
    const { h } = await world();
    const byAdmin = (await (
      await h.as('director', 'GET', `/api/audit?actorId=${h.users.administration.id}`)
    ).json()) as AuditPage;
    expect(byAdmin.entries.every((e) => e.actorId === h.users.administration.id)).toBe(true);
    expect(byAdmin.entries.length).toBe(1);
    const future = (await (await h.as('director', 'GET', '/api/audit?from=2999-01-01')).json()) as AuditPage;
    expect(future.entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const all = (await (await h.as('director', 'GET', `/api/audit?from=${today}&to=${today}`)).json()) as AuditPage;
    expect(all.entries.length).toBeGreaterThan(1);
    const rest = (await (await h.as('director', 'GET', `/api/audit?before=${all.entries[0].id}`)).json()) as AuditPage;
    expect(rest.entries.map((e) => e.id)).toEqual(all.entries.slice(1).map((e) => e.id));
  });

  it('exports the filtered trail as CSV, one row per changed field', async () => {
    const { h, studentId } = await world();
    const res = await h.as('administration', 'GET', `/api/audit/export?recordId=${studentId}`);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-/);
    const lines = (await res.text()).replace('\ufeff', '').trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,actorId,command,table,recordId,action,field,before,after');
    expect(lines.some((l) => l.endsWith(',update,phone,555,556'))).toBe(true);
    expect(lines.filter((l) => l.includes(',create,')).length).toBeGreaterThan(5);
  });

  it('exports a value starting with a formula as text, even when it runs over a line break', async () => {
    const { h, program } = await world();
    const hostile = '=HYPERLINK("http://evil.example","Open")\nsecond line';
    expect((await h.as('director', 'PATCH', `/api/programs/${program.id}`, { description: hostile })).status).toBe(200);
    const csv = (await (await h.as('director', 'GET', `/api/audit/export?recordId=${program.id}`)).text()).replace(
      '\ufeff',
      '',
    );
    const rows = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    expect(rows.find((r) => r.field === 'description')?.after).toBe(`'${hostile}`);
  });

  it('answers a bad filter with the field and a 400, and refuses roles outside directors and administration', async () => {
    const { h } = await world();
    const bad = await h.as('director', 'GET', '/api/audit?from=yesterday');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.from).toBeTruthy();
    // a page cursor from before the trail merged evidence rows (a bare entry number) is not a page of it
    const oldCursor = await h.as('director', 'GET', '/api/audit?before=40');
    expect(oldCursor.status).toBe(400);
    expect(((await oldCursor.json()) as { fields: Record<string, string> }).fields.before).toBe(MSG.auditPageInvalid);
    for (const role of ['instructor', 'preceptor', 'student', 'clinical_coordinator'] as const) {
      expect((await h.as(role, 'GET', '/api/audit')).status).toBe(403);
    }
  });
});

describe('what the audit log never keeps', () => {
  it('the name a document is stored under on disk: its entry says the field was set, not its value', async () => {
    const { h } = await world();
    const form = new FormData();
    form.append('file', new File(['Airway policy text'], 'airway.txt'));
    for (const [key, value] of Object.entries({
      name: 'Airway policy',
      type: 'Policy',
      programType: 'ems',
      isPublic: 'false',
    }))
      form.append(key, value);
    const res = await h.as('director', 'POST', '/api/documents', form);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const { storedName } = h.db.select().from(t.documents).where(eq(t.documents.id, id)).get()!;
    const page = (await (
      await h.as('director', 'GET', `/api/audit?table=documents&recordId=${id}`)
    ).json()) as AuditPage;
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0].changes.storedName).toEqual({ before: '[redacted]', after: '[redacted]' });
    expect(page.entries[0].changes.name).toEqual({ before: null, after: 'Airway policy' });
    expect(await (await h.as('director', 'GET', `/api/audit/export?recordId=${id}`)).text()).not.toContain(storedName);
    const sqlite = (h.db as unknown as { $client: import('better-sqlite3').Database }).$client;
    expect(
      sqlite.prepare("select count(*) as n from audit_log where changes like '%' || ? || '%'").get(storedName),
    ).toEqual({ n: 0 });
  });
});

describe('the audit log is append-only', () => {
  it('refuses to change or remove an entry, even straight through SQL', async () => {
    const { h } = await world();
    const sqlite = (h.db as unknown as { $client: import('better-sqlite3').Database }).$client;
    const count = () => (sqlite.prepare('select count(*) as n from audit_log').get() as { n: number }).n;
    const before = count();
    expect(() => sqlite.prepare("update audit_log set actor_id = 'someone else'").run()).toThrow(
      'The audit log is append-only',
    );
    expect(() => sqlite.prepare('delete from audit_log').run()).toThrow('The audit log is append-only');
    expect(count()).toBe(before);
    expect(sqlite.prepare('select count(*) as n from audit_log where actor_id = ?').get('someone else')).toEqual({
      n: 0,
    });
  });
});
