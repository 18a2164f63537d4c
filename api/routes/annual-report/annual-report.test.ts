import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { contactBody, emsStudent } from '#api/test/ems-fixtures.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import { pdfText } from '#api/test/pdf-text.ts';
import type { AnnualReportFigures } from '#schema/annual-report.ts';
import type { CohortSmcItem } from '#schema/cohort-smc.ts';
import type { Role } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import { type SmcFigures, smcItems, smcTableLabel } from '#schema/smc.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let programA: string;
let programB: string;
const ids: Record<string, string> = {};

/**
 * Program A (the instructor works in it): g1, g2 and g3 graduated in 2025, s4 left that year, s5 is still enrolled.
 * Program B has one graduate of its own.
 */
beforeEach(() => {
  h = testApp({ standards: true });
  programA = h.program({ name: 'Medic A', type: 'ems', certificationLevel: 'paramedic' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]).id;
  programB = h.program({ name: 'Medic B', type: 'ems', certificationLevel: 'paramedic' }).id;
  const student = (code: string, programId: string, graduationDate: string | null) =>
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.students, {
        firstName: code,
        lastName: 'Student',
        email: `${code}@example.org`,
        phone: '555-0100',
        studentCode: code,
        emsCertificationLevel: 'paramedic',
        programId,
        enrollmentDate: '2024-08-20',
        expectedGraduation: '2025-05-01',
        graduationDate,
      }),
    ).id;
  for (const code of ['g1', 'g2', 'g3']) ids[code] = student(code, programA, '2025-05-01');
  ids.s4 = student('s4', programA, null);
  ids.s5 = student('s5', programA, null);
  ids.b1 = student('b1', programB, '2025-05-01');
});

async function ok(role: Role, method: string, path: string, body: object) {
  const res = await h.as(role, method, path, body);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res;
}
const outcome = (role: Role, body: object) => ok(role, 'PUT', '/api/annual-report/outcomes', body);
const exam = (studentId: string, attemptNumber: number, passed: boolean) =>
  ok('clinical_coordinator', 'POST', '/api/annual-report/exam-attempts', {
    studentId,
    attemptNumber,
    takenOn: '2025-06-01',
    passed,
  });
const worksheet = async (role: Role, programId: string, year: number | string) =>
  h.as(role, 'GET', `/api/annual-report?programId=${programId}&year=${year}`);

describe('the annual-report worksheet', () => {
  it('gives the hand-worked percentages and flags of the entered outcomes and exam results', async () => {
    await outcome('director', { studentId: ids.g1, placement: 'employed' });
    await outcome('director', { studentId: ids.g2, placement: 'not_placed' });
    await outcome('clinical_coordinator', { studentId: ids.g3, placement: 'continuing_education' });
    await outcome('director', { studentId: ids.s4, exitDate: '2025-03-01', exitReason: 'attrition' });
    await exam(ids.g1, 1, true);
    await exam(ids.g2, 1, false);
    await exam(ids.g2, 2, true);
    for (const n of [1, 2, 3]) await exam(ids.g3, n, false);
    await exam(ids.g3, 4, true);
    await exam(ids.b1, 1, false); // another program's graduate: not in A's figures

    const res = await worksheet('director', programA, 2025);
    expect(res.status).toBe(200);
    const { figures, students } = (await res.json()) as { figures: AnnualReportFigures; students: unknown[] };
    // retention 3 graduates / (3 + 1 who left) = 75 %
    expect(figures.retention).toMatchObject({ numerator: 3, denominator: 4, percent: 75, flag: 'meets' });
    // placement: g1 and g3 of 3 graduates = 67 %, below 70 %
    expect(figures.placement).toMatchObject({ numerator: 2, denominator: 3, percent: 67, flag: 'below' });
    // exam: g1 passed first time (1 of 3), g2 by the second (2 of 3 within 3), g3 on the fourth (3 of 3 within 6)
    expect(figures.examFirstAttempt).toMatchObject({ numerator: 1, denominator: 3, percent: 33, flag: 'below' });
    expect(figures.examWithin3).toMatchObject({ numerator: 2, denominator: 3, percent: 67, flag: 'below' });
    expect(figures.examWithin6).toMatchObject({ numerator: 3, denominator: 3, percent: 100, flag: 'meets' });
    // the year's graduates and leaver, and the student still enrolled
    expect(students).toHaveLength(5);

    const before = (await (await worksheet('director', programA, 2024)).json()) as { figures: AnnualReportFigures };
    expect(before.figures.placement).toMatchObject({ percent: null, flag: 'empty', empty: MSG.noGraduates });
  });

  it('replaces a student’s outcome and audits every entry with who made it', async () => {
    await outcome('director', { studentId: ids.g1, placement: 'not_placed' });
    await outcome('director', { studentId: ids.g1, placement: 'military' });
    const rows = h.db.select().from(t.studentOutcomes).where(eq(t.studentOutcomes.studentId, ids.g1)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ placement: 'military', programId: programA, recordedBy: h.users.director.id });
    const audit = h.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.tableName, 'student_outcomes'), eq(t.auditLog.recordId, rows[0].id)))
      .all();
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['create', h.users.director.id],
      ['update', h.users.director.id],
    ]);
    expect(audit[1].changes.placement).toEqual({ before: 'not_placed', after: 'military' });
  });

  it('refuses bad entries with their message and changes nothing', async () => {
    await exam(ids.g1, 1, false);
    const before = fingerprint(h.db);
    const refused = async (method: string, path: string, body: object, fields: Record<string, string>) => {
      const res = await h.as('director', method, path, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual(fields);
    };
    await refused(
      'PUT',
      '/api/annual-report/outcomes',
      { studentId: ids.s5, placement: 'employed' },
      {
        placement: MSG.placementNotGraduate,
      },
    );
    await refused(
      'PUT',
      '/api/annual-report/outcomes',
      { studentId: ids.g1, exitDate: '2025-01-01', exitReason: 'attrition' },
      { exitReason: MSG.exitOfGraduate },
    );
    await refused(
      'PUT',
      '/api/annual-report/outcomes',
      { studentId: ids.g1, placement: 'astronaut' },
      {
        placement: MSG.placementRequired,
      },
    );
    const attempt = { studentId: ids.g1, attemptNumber: 1, takenOn: '2025-06-01', passed: true };
    await refused('POST', '/api/annual-report/exam-attempts', attempt, { attemptNumber: MSG.examAttemptTaken });
    await refused(
      'POST',
      '/api/annual-report/exam-attempts',
      { ...attempt, attemptNumber: 2.5 },
      {
        attemptNumber: MSG.wholeNumber,
      },
    );
    await refused(
      'POST',
      '/api/annual-report/exam-attempts',
      { ...attempt, studentId: ids.s5 },
      {
        studentId: MSG.examOfNonGraduate,
      },
    );
    const year = await worksheet('director', programA, 'twenty');
    expect(year.status).toBe(400);
    expect(((await year.json()) as { fields: object }).fields).toEqual({ year: MSG.yearInvalid });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('is read and written only by directors and coordinators; guessed ids learn nothing', async () => {
    const before = fingerprint(h.db);
    for (const role of ['student', 'instructor', 'preceptor', 'administration'] as const) {
      expect((await worksheet(role, programA, 2025)).status).toBe(403);
      const res = await h.as(role, 'PUT', '/api/annual-report/outcomes', { studentId: ids.g1, placement: 'employed' });
      expect(res.status).toBe(403);
      expect((await h.as(role, 'GET', `/api/annual-report/cohort-smc.csv?programId=${programA}`)).status).toBe(403);
    }
    expect((await h.as(null, 'GET', `/api/annual-report?programId=${programA}&year=2025`)).status).toBe(401);
    // a guessed program id answers as a program that exists nowhere
    const guessed = await worksheet('director', 'guessed-program-id', 2025);
    expect(guessed.status).toBe(404);
    expect(await guessed.json()).toEqual({ error: 'Program not found' });
    // a guessed student id answers the form's field error
    const res = await h.as('director', 'PUT', '/api/annual-report/outcomes', {
      studentId: 'guessed-student',
      placement: 'employed',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: object }).fields).toEqual({ studentId: 'Student not found' });
    expect((await h.as('director', 'DELETE', '/api/annual-report/exam-attempts/guessed-id')).status).toBe(404);
    expect(fingerprint(h.db)).toBe(before);
    // the roles that span programs read both
    expect((await worksheet('clinical_coordinator', programB, 2025)).status).toBe(200);
  });

  it('removes an exam attempt entered by mistake', async () => {
    const res = await exam(ids.g1, 1, true);
    const { id } = (await res.json()) as { id: string };
    await ok('director', 'DELETE', `/api/annual-report/exam-attempts/${id}`, {});
    const { figures } = (await (await worksheet('director', programA, 2025)).json()) as {
      figures: AnnualReportFigures;
    };
    expect(figures.examFirstAttempt.flag).toBe('empty');
  });
});

const contact = (studentId: string, date: string, setting: string, primaryImpression: string) =>
  contactBody(studentId, primaryImpression, setting, date);

describe('the cohort SMC summary', () => {
  beforeEach(async () => {
    // g1: 3 verified trauma contacts (two in the field); g2: 1 clinical; s4: one of their own, awaiting
    await ok('instructor', 'POST', '/api/patient-contacts', contact(ids.g1, '2025-01-10', 'field', 'Trauma-Head'));
    await ok('instructor', 'POST', '/api/patient-contacts', contact(ids.g1, '2025-02-10', 'field', 'Trauma-Chest'));
    await ok('instructor', 'POST', '/api/patient-contacts', contact(ids.g1, '2025-03-10', 'clinical', 'ACS'));
    await ok('instructor', 'POST', '/api/patient-contacts', contact(ids.g2, '2025-02-10', 'clinical', 'Trauma-Head'));
    // the program sets low minimums, so some students meet them
    asSystem(h.db, 'fixture', (ctx) => {
      const program = ctx.get(t.programs, programA, 'Program');
      const rules = {
        ageBands: [{ label: 'Adult', fromMonths: 216, minimum: 2 }],
        pathologyMap: { 'Trauma-Head': 'Trauma', 'Trauma-Chest': 'Trauma', ACS: 'Cardiac' },
        pathologyMinimums: { Trauma: 1, Cardiac: 1 },
        teamLeadMinimum: 0,
      };
      ctx.update(t.programs, program, { contactRules: rules as never });
    });
  });
  const cohort = async (query = '') =>
    (await (await h.as('director', 'GET', `/api/annual-report/cohort-smc?programId=${programA}${query}`)).json()) as {
      students: { studentId: string; smc: SmcFigures }[];
      items: CohortSmcItem[];
    };
  const item = (items: CohortSmcItem[], key: string) => items.find((i) => i.key === key)!;

  it('sums met / not met per item, equal to every student’s own SMC', async () => {
    const { students, items } = await cohort();
    expect(students.map((s) => s.studentId).sort()).toEqual([ids.g1, ids.g2, ids.g3, ids.s4, ids.s5].sort());
    // hand count: Adult (min 2) met by g1 only; Trauma (min 1) by g1 and g2; Cardiac (min 1) by g1
    expect(item(items, 'age:Adult')).toMatchObject({ met: 1, notMet: 4 });
    expect(item(items, 'pathology:Trauma')).toMatchObject({ met: 2, notMet: 3 });
    expect(item(items, 'pathology:Cardiac')).toMatchObject({ met: 1, notMet: 4 });
    // each item's sums are the students' own figures (GET /api/students/:id/smc) added up
    const own = new Map<string, SmcFigures>();
    for (const id of Object.values(ids).filter((id) => id !== ids.b1))
      own.set(id, (await (await h.as('director', 'GET', `/api/students/${id}/smc`)).json()) as SmcFigures);
    for (const s of students) expect(s.smc).toEqual(own.get(s.studentId));
    for (const i of items) {
      const met = [...own.values()].filter((f) => smcItems(f).find((x) => x.key === i.key)!.met).length;
      expect([i.key, i.met, i.notMet]).toEqual([i.key, met, own.size - met]);
    }
  });

  it('counts only the records in the date range and setting asked for', async () => {
    const field = await cohort('&setting=field');
    // g1's two field contacts still meet Adult 2; g2's clinical one no longer counts for Trauma
    expect(item(field.items, 'age:Adult')).toMatchObject({ met: 1 });
    expect(item(field.items, 'pathology:Trauma')).toMatchObject({ met: 1 });
    expect(item(field.items, 'pathology:Cardiac')).toMatchObject({ met: 0 });
    const february = await cohort('&from=2025-02-01&to=2025-02-28');
    expect(item(february.items, 'age:Adult')).toMatchObject({ met: 0 });
    expect(item(february.items, 'pathology:Trauma')).toMatchObject({ met: 2 });
    const refused = async (query: string, fields: object) => {
      const res = await h.as('director', 'GET', `/api/annual-report/cohort-smc?programId=${programA}${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: object }).fields).toEqual(fields);
    };
    await refused('&setting=moon', { setting: MSG.settingInvalid });
    await refused('&from=2025-03-01&to=2025-02-01', { to: MSG.dateRangeOrder });
    await refused('&from=2025-02-30', { from: MSG.dateInvalid });
  });

  it('downloads as CSV and PDF with the same rows', async () => {
    const csvRes = await h.as('clinical_coordinator', 'GET', `/api/annual-report/cohort-smc.csv?programId=${programA}`);
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    const csv = await csvRes.text();
    expect(csv.split('\r\n')[0]).toBe('Table,Item,Reference,Minimum,Students met,Students not met');
    expect(csv).toContain('Table 2: Pathologies,Trauma,,1,2,3');
    const pdf = await h.as('director', 'GET', `/api/annual-report/cohort-smc.pdf?programId=${programA}&setting=field`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe("the cohort SMC summary at the program's level", () => {
  const cohortAt = async (level: string) => {
    const programId = h.program({ name: `Cohort ${level}`, type: 'ems', certificationLevel: level }).id;
    emsStudent(h, `${level}-1`, programId, null, level);
    const query = `programId=${programId}`;
    const json = (await (await h.as('director', 'GET', `/api/annual-report/cohort-smc?${query}`)).json()) as {
      items: CohortSmcItem[];
    };
    const csv = await (await h.as('director', 'GET', `/api/annual-report/cohort-smc.csv?${query}`)).text();
    // a cell's text wraps onto lines of its own
    const pdf = (await pdfText(await h.as('director', 'GET', `/api/annual-report/cohort-smc.pdf?${query}`))).replace(
      /\s+/g,
      ' ',
    );
    return { items: json.items, csv, pdf };
  };

  it("titles an EMT cohort's skills by the EMT level, never as the paramedic SMC's Table 3", async () => {
    const { items, csv, pdf } = await cohortAt('emt');
    const skills = items.filter((i) => i.table === 'motor');
    expect(skills.length).toBeGreaterThan(0);
    for (const i of skills) expect(i.tableLabel).toBe(smcTableLabel('motor', 'emt'));
    expect(csv).toContain(`\n${smcTableLabel('motor', 'emt')},`);
    expect(pdf).toContain(smcTableLabel('motor', 'emt'));
    for (const text of [csv, pdf]) expect(text).not.toContain('Table 3');
  });

  it("titles an AEMT cohort's motor skills as the AEMT SMC's Table 3", async () => {
    const { items, csv, pdf } = await cohortAt('aemt');
    expect(items.filter((i) => i.table === 'motor').map((i) => i.tableLabel)).toContain('Table 3: Motor skills');
    expect(csv).toContain('\nTable 3: Motor skills,');
    expect(pdf).toContain('Table 3: Motor skills');
  });
});

describe("a fire or police program's annual report", () => {
  it('is refused with its message: the worksheet and cohort SMC summary are CoAEMSP documents of EMS programs', async () => {
    for (const type of ['fire', 'police']) {
      const programId = h.program({ name: `${type} academy`, type }).id;
      for (const path of [
        `/api/annual-report?programId=${programId}&year=2025`,
        `/api/annual-report/cohort-smc?programId=${programId}`,
        `/api/annual-report/cohort-smc.csv?programId=${programId}`,
        `/api/annual-report/cohort-smc.pdf?programId=${programId}`,
      ]) {
        const res = await h.as('director', 'GET', path);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toMatchObject({ fields: { programId: MSG.annualReportEmsOnly } });
      }
    }
  });
});
