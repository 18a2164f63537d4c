/** What a device receives in a full pull is exactly what the REST reads show the same user. */
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { createApp } from '#api/app.ts';
import { openDb } from '#api/db/open.ts';
import { demoEmail, seedDemo } from '#api/seed/demo.ts';
import { asSystem, seedStandards } from '#api/seed/standards.ts';
import { SAME_ORIGIN } from '#api/test/helpers.ts';
import { holdsOwnDisciplineSkills, holdsSummariesOnly } from '#schema/device-set.ts';
import { type Role, ROLES } from '#schema/enums.ts';
import { LIST_PAGE_MAX, TOTAL_COUNT_HEADER } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

import type { PullResponse, SyncedTableName } from '../protocol.ts';

const db = openDb(':memory:');
seedStandards(db);
seedDemo(db, 'pull-test-password');
seedEveryKindOfVisibility();
const app = createApp({ db, dataDir: '/tmp', demo: false });

async function signIn(role: string) {
  const res = await app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoEmail(role as never), password: 'pull-test-password' }),
  });
  return res.headers.get('set-cookie')!.split(';')[0];
}

const REST: [SyncedTableName, string][] = [
  ['students', '/api/students'],
  ['studentSkills', '/api/student-skills'],
  ['clinicalHours', '/api/clinical-hours'],
  ['skillAttempts', '/api/skill-attempts'],
  ['patientContacts', '/api/patient-contacts'],
  ['messages', '/api/messages'],
  ['documents', '/api/documents'],
  ['programs', '/api/programs'],
  ['skills', '/api/skills'],
  ['clinicalSites', '/api/clinical-sites'],
  ['users', '/api/users'],
  ['dors', '/api/dors'],
  ['taskBooks', '/api/task-books'],
  ['jprSignOffs', '/api/jpr-sign-offs'],
];
/**
 * Beside the demo, rows of each kind each table's rule tells apart: another program's students and their records, a
 * removed student's, documents public, private, of no program and of another program, messages between others and
 * deleted from one side, requests about the demo student filed by someone else, another program's accreditation rows.
 */
function seedEveryKindOfVisibility() {
  const user = (role: Role) =>
    db
      .select()
      .from(t.users)
      .where(eq(t.users.email, demoEmail(role)))
      .get()!;
  const [director, administration, coordinator, instructor, student] = (
    ['director', 'administration', 'clinical_coordinator', 'instructor', 'student'] as const
  ).map(user);
  const ownStudent = db.select().from(t.students).where(eq(t.students.userId, student.id)).get()!;
  const skill = db.select().from(t.skills).get()!;
  const site = db.select().from(t.clinicalSites).get()!;
  const year = db.select().from(t.ramAssessments).get()!.year;
  asSystem(db, 'visibilityFixture', (ctx) => {
    const elsewhere = ctx.insert(t.programs, {
      name: 'Elsewhere',
      type: 'ems',
      certificationLevel: 'emt',
      certifications: [],
    });
    const person = (code: string, programId: string) =>
      ctx.insert(t.students, {
        firstName: 'Far',
        lastName: code,
        email: `${code}@elsewhere.test`,
        phone: '1',
        studentCode: code,
        programId,
        enrollmentDate: '2026-01-01',
        expectedGraduation: '2026-12-31',
      });
    const records = (studentId: string) => {
      ctx.insert(t.studentSkills, { studentId, skillId: skill.id, status: 'in_progress', progressPercentage: 50 });
      ctx.insert(t.clinicalHours, {
        studentId,
        date: '2026-02-01',
        hoursCompleted: 4,
        hourType: 'clinical',
        recordedBy: director.id,
      });
      const attempt = ctx.insert(t.skillAttempts, {
        studentId,
        skillId: skill.id,
        attemptedAt: '2026-02-01T10:00:00.000Z',
        setting: 'clinical',
        outcome: 'successful',
        participation: 'performed',
        attemptsDelta: 1,
        successfulDelta: 1,
        recordedBy: director.id,
        verifiedBy: director.id,
      });
      ctx.insert(t.skillAttemptVoids, {
        attemptId: attempt.id,
        studentId,
        skillId: skill.id,
        reason: 'Wrong student',
        voidedBy: director.id,
      });
      ctx.insert(t.patientContacts, {
        studentId,
        date: '2026-02-01',
        setting: 'clinical',
        ageYears: 40,
        gender: 'female',
        chiefComplaints: ['Chest pain'],
        primaryImpression: 'ACS',
        careLevel: 'als',
        disposition: 'transported',
        recordedBy: director.id,
      });
    };
    records(person('FAR-1', elsewhere.id).id);
    const removed = person('GONE-1', ownStudent.programId);
    records(removed.id);
    ctx.remove(t.students, removed);
    const doc = (name: string, programId: string | null, isPublic: boolean, uploadedBy: string) =>
      ctx.insert(t.documents, {
        name,
        type: 'policy',
        programType: 'ems',
        programId,
        isPublic,
        fileName: `${name}.pdf`,
        storedName: name,
        mimeType: 'application/pdf',
        fileSize: 1,
        uploadedBy,
      });
    doc('public-elsewhere', elsewhere.id, true, director.id);
    doc('private-elsewhere', elsewhere.id, false, director.id);
    doc('private-no-program', null, false, director.id);
    doc('private-own-program', ownStudent.programId, false, director.id);
    doc('own-upload-elsewhere', elsewhere.id, false, instructor.id);
    const message = (senderId: string, recipientId: string, sides = {}) =>
      ctx.insert(t.messages, { senderId, recipientId, subject: 's', content: 'c', ...sides });
    message(director.id, administration.id);
    message(director.id, coordinator.id, { recipientDeleted: true });
    message(coordinator.id, instructor.id, { senderDeleted: true });
    message(student.id, instructor.id);
    ctx.insert(t.requests, {
      kind: 'clinical-time',
      userId: instructor.id,
      studentId: ownStudent.id,
      clinicalSiteId: site.id,
      requestedHours: 4,
    });
    ctx.insert(t.siteEmails, { clinicalSiteId: site.id, emailAddress: 'desk@site.test' });
    ctx.insert(t.requests, { kind: 'program-join', userId: director.id, programId: elsewhere.id });
    ctx.insert(t.accreditationRequirements, {
      programId: elsewhere.id,
      title: 'Elsewhere only',
      requirementType: 'document',
    });
    ctx.insert(t.ramAssessments, { programId: elsewhere.id, year, componentArea: 'Elsewhere only' });
  });
}

type WireRow = { id: string } & Record<string, unknown>;
const idsOf = (rows: WireRow[]) => rows.map((r) => r.id).sort();
/**
 * Sync bookkeeping a device keeps beside a row, not part of what the row says; and a desk's student row's tallies, what
 * its figures are computed from (device-set.test.ts compares those figures with the REST list's).
 */
const SYNC_ONLY = new Set(['version', 'tallies']);

/**
 * Each pulled row says what the REST read says of it, field by field: every field the pull sends (bar its bookkeeping)
 * is in the REST row with the same value, so the pull never sends more than REST shows. REST may add derived fields.
 */
function expectSameValues(what: string, pulled: WireRow[], rest: WireRow[]) {
  const byId = new Map(rest.map((r) => [r.id, r]));
  for (const row of pulled) {
    const shown = byId.get(row.id);
    if (!shown) continue;
    for (const [field, value] of Object.entries(row)) {
      if (SYNC_ONLY.has(field)) continue;
      expect(field in shown, `${what} ${row.id}: the pull sends ${field}, REST does not show it`).toBe(true);
      expect(shown[field], `${what} ${row.id}.${field}`).toEqual(value);
    }
  }
}

/** Per table, how many live rows each role pulled: a table's rule is only tested if some role sees fewer than all. */
const pulledCounts = new Map<SyncedTableName, number[]>();

const TABLES = {
  students: t.students,
  studentSkills: t.studentSkills,
  clinicalHours: t.clinicalHours,
  skillAttempts: t.skillAttempts,
  skillAttemptVoids: t.skillAttemptVoids,
  patientContacts: t.patientContacts,
  messages: t.messages,
  documents: t.documents,
  requests: t.requests,
  instructors: t.instructors,
  accreditationRequirements: t.accreditationRequirements,
  ramAssessments: t.ramAssessments,
  siteEmails: t.siteEmails,
  dors: t.dors,
} as const;
/** The tables whose rows not everyone sees. */
const RULED = Object.keys(TABLES) as (keyof typeof TABLES)[];
const REQUEST_KINDS = ['program-join', 'role-change', 'preceptor', 'clinical-time'];

describe('full pull = REST reads, per role', () => {
  for (const role of ROLES) {
    it(role, async () => {
      const cookie = await signIn(role);
      /** Every page of a list (a paged list says its full length in X-Total-Count); a refusal (403) shows nothing. */
      const rowsOf = async (path: string) => {
        const rows: WireRow[] = [];
        for (;;) {
          const res = await app.request(
            `${path}${path.includes('?') ? '&' : '?'}limit=${LIST_PAGE_MAX}&offset=${rows.length}`,
            { headers: { cookie } },
          );
          if (res.status === 403) return rows;
          expect(res.status, `${role} ${path}`).toBe(200);
          const page = (await res.json()) as WireRow[];
          rows.push(...page);
          const total = res.headers.get(TOTAL_COUNT_HEADER);
          if (total === null || page.length === 0 || rows.length >= Number(total)) return rows;
        }
      };
      const patch: PullResponse['patch'] = [];
      // a desk's device holds the per-skill records of the students it opened: opened all, it holds what REST shows
      const opened = holdsSummariesOnly(role) ? idsOf(await rowsOf('/api/students')) : [];
      // a first sync comes in pages: pull on until the cookie says the last one came
      for (let from: PullResponse['cookie'] | null = null; ;) {
        const page = (await (
          await app.request('/api/sync/pull', {
            method: 'POST',
            headers: { cookie, ...SAME_ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify({ pullVersion: 1, clientGroupId: 'g', clientId: `c-${role}`, cookie: from, opened }),
          })
        ).json()) as PullResponse;
        patch.push(...page.patch);
        if (!page.cookie.snapshot) break;
        from = page.cookie;
      }
      const pulled = (table: SyncedTableName) =>
        patch.flatMap((p) => (p.op === 'put' && p.table === table ? [p.row.id] : [])).sort();
      const pulledRows = (table: SyncedTableName) =>
        patch.flatMap((p) => (p.op === 'put' && p.table === table ? [p.row as WireRow] : []));
      /** The pulled rows of a table are the rows its REST reads list, with the same values. */
      const compare = async (table: SyncedTableName, paths: string[], rows = pulledRows(table)) => {
        const rest = (await Promise.all(paths.map(rowsOf))).flat();
        expect(idsOf(rows), `${role} ${table}`).toEqual(idsOf(rest));
        expectSameValues(`${role} ${table}`, rows, rest);
      };
      const shareOfSkills = holdsOwnDisciplineSkills(role);
      for (const [table, path] of REST) if (!(table === 'skills' && shareOfSkills)) await compare(table, [path]);
      if (shareOfSkills) {
        // a student's device holds the catalogue's skills of their programs' disciplines and those their records name
        const programIds = new Set((await rowsOf('/api/students')).map((s) => s.programId));
        const types = new Set((await rowsOf('/api/programs')).filter((p) => programIds.has(p.id)).map((p) => p.type));
        const records = ['/api/student-skills', '/api/skill-attempts', '/api/jpr-sign-offs'];
        const named = new Set((await Promise.all(records.map(rowsOf))).flat().map((r) => r.skillId));
        const share = (await rowsOf('/api/skills')).filter((k) => types.has(k.programType) || named.has(k.id));
        expect(idsOf(pulledRows('skills')), `${role} skills`).toEqual(idsOf(share));
        expectSameValues(`${role} skills`, pulledRows('skills'), share);
      }
      // each kind of request has its own REST shape (fields renamed and joined per kind): compared by id only
      const requests = (await Promise.all(REQUEST_KINDS.map((k) => rowsOf(`/api/requests/${k}`)))).flat();
      expect(idsOf(pulledRows('requests')), `${role} requests`).toEqual(idsOf(requests));
      await compare('instructors', ['/api/instructors']);
      await compare('accreditationRequirements', ['/api/accreditation/requirements']);
      const year = db.select().from(t.ramAssessments).get()!.year;
      const ram = pulledRows('ramAssessments').filter((r) => r.year === year);
      await compare('ramAssessments', [`/api/ram/assessments?year=${year}`], ram);
      await compare('siteEmails', ['/api/site-emails']);
      const attempts = (await (await app.request('/api/skill-attempts', { headers: { cookie } })).json()) as {
        voided: { id: string } | null;
      }[];
      const voids = attempts.flatMap((a) => (a.voided ? [a.voided.id] : [])).sort();
      expect(pulled('skillAttemptVoids'), `${role} voids`).toEqual(voids);
      if (role === 'student') expect(pulled('studentSkills').length).toBeGreaterThan(0);
      for (const table of RULED) pulledCounts.set(table, [...(pulledCounts.get(table) ?? []), pulled(table).length]);
    });
  }

  it('the fixture tells each rule apart: some role pulls fewer rows than there are, and some role more than none', async () => {
    const live = (table: keyof typeof TABLES) => db.$count(TABLES[table], isNull(TABLES[table].deletedAt));
    for (const table of RULED) {
      const counts = pulledCounts.get(table) ?? [];
      expect(Math.min(...counts), table).toBeLessThan(await live(table));
      expect(Math.max(...counts), table).toBeGreaterThan(0);
    }
  });
});
