import { readFileSync } from 'node:fs';

import { eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';

import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import { ERR, IMPORT_MSG, MSG } from '#schema/messages.ts';
import { IMPORT_MAX_BYTES, type ImportReport } from '#schema/roster-import.ts';
import { signedContent, signOffContent } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';
import { PROTOCOL_VERSION } from '#sync/protocol.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

let h: TestApp;
let emsId: string;
let otherId: string;

beforeEach(() => {
  h = testApp({ standards: true });
  emsId = h.program({ name: 'EMT Fall', type: 'ems' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]).id;
  otherId = h.program({ name: 'FF I', type: 'fire', certificationLevel: 'firefighter_1' }).id;
});

/** The import form a browser sends: the file and the fields. */
function form(bytes: Uint8Array, fields: Record<string, string>, fileName = 'roster.csv') {
  const body = new FormData();
  body.set('file', new File([new Uint8Array(bytes)], fileName));
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

async function inspect(role: Role, bytes: Uint8Array, kind: string, programId = emsId) {
  return h.as(role, 'POST', '/api/imports/inspect', form(bytes, { kind, programId }));
}

/** Inspects the file for its suggested mapping, then imports it with it (a dry run unless told). */
async function importFile(
  role: Role,
  bytes: Uint8Array,
  kind: string,
  { dryRun = false, programId = emsId, mapping }: { dryRun?: boolean; programId?: string; mapping?: object } = {},
) {
  const suggested = mapping ?? (await (await inspect('director', bytes, kind, programId)).json()).mapping;
  return h.as(
    role,
    'POST',
    '/api/imports',
    form(bytes, { kind, programId, dryRun: String(dryRun), mapping: JSON.stringify(suggested) }),
  );
}

const reportOf = async (res: Response): Promise<ImportReport> => {
  const body = await res.json();
  return body.report ?? body;
};
const students = () => h.db.select().from(t.students).all();
const batches = () => h.db.select().from(t.importBatches).all();
/** Every record and every import row: nothing a refused import may leave behind. */
const everything = () => `${fingerprint(h.db)}\n${JSON.stringify(batches())}`;

describe('roster import: students', () => {
  it('maps the columns by their headers and shows the first rows', async () => {
    const res = await inspect('director', fixture('students.csv'), 'students');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.rowCount).toBe(3);
    expect(body.mapping).toMatchObject({
      firstName: 'First Name',
      studentId: 'Student ID',
      enrollmentDate: 'Enrollment Date',
      emsCertificationLevel: 'EMS Level',
      gpa: 'GPA',
      isActive: 'Active',
    });
    expect(body.sample[2][0]).toBe('Chloé');
    expect(body.remembered).toBe(false);
  });

  it('a dry run reports what it would do and changes nothing', async () => {
    const before = everything();
    const res = await importFile('director', fixture('students.csv'), 'students', { dryRun: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ dryRun: true, applied: false, created: 3, errors: [] });
    expect(everything()).toBe(before);
  });

  it('imports every row in one go, audited, and a re-import updates by student ID without duplicates', async () => {
    const res = await importFile('director', fixture('students.csv'), 'students');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ applied: true, created: 3, updated: 0 });
    const ana = students().find((s) => s.studentCode === 'S-001')!;
    expect(ana).toMatchObject({ programId: emsId, phone: '+1 555 0100', gpa: 3.5, emsCertificationLevel: 'emt' });
    expect(students().find((s) => s.studentCode === 'S-002')).toMatchObject({
      enrollmentDate: '2026-01-12',
      emsCertificationLevel: 'paramedic',
      gpa: null,
    });
    expect(students().find((s) => s.studentCode === 'S-003')).toMatchObject({ isActive: false });
    const audit = h.db.select().from(t.auditLog).where(eq(t.auditLog.command, 'importRoster')).all();
    expect(audit.filter((a) => a.tableName === 'students')).toHaveLength(3);
    expect(audit.find((a) => a.tableName === 'import_batches')?.actorId).toBe(h.users.director.id);

    const again = await importFile('director', fixture('students.csv'), 'students');
    expect(await again.json()).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 3 });
    const changed = await importFile('director', fixture('students-changed.csv'), 'students');
    expect(await changed.json()).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect(students()).toHaveLength(3);
    expect(students().find((s) => s.id === ana.id)?.phone).toBe('555-0199');
  });

  it('reports every row error in the forms’ messages, with duplicates in the file, and imports none', async () => {
    const before = everything();
    const res = await importFile('director', fixture('students-bad.csv'), 'students');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe(IMPORT_MSG.rowsHaveErrors);
    expect(body.report.errors).toEqual([
      {
        row: 3,
        fields: {
          firstName: MSG.firstNameRequired,
          email: MSG.emailInvalid,
          gpa: MSG.gpaRange,
          isActive: IMPORT_MSG.yesNo,
        },
      },
      { row: 4, fields: { studentId: IMPORT_MSG.duplicateInFile(2) } },
    ]);
    expect(everything()).toBe(before);
  });

  it('a student ID of another program is reported on its row, as the form answers it', async () => {
    await importFile('director', fixture('students.csv'), 'students', { programId: otherId });
    const res = await importFile('director', fixture('students.csv'), 'students');
    const report = await reportOf(res);
    expect(report.errors.map((e) => e.fields.studentId)).toEqual([
      ERR.studentCodeTaken,
      ERR.studentCodeTaken,
      ERR.studentCodeTaken,
    ]);
  });

  it('remembers the mapping per program and kind', async () => {
    const mapping = {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phone: 'Phone',
      studentId: 'Student ID',
      enrollmentDate: 'Enrollment Date',
      expectedGraduation: 'Expected Graduation',
    };
    await importFile('director', fixture('students.csv'), 'students', { mapping });
    const body = await (await inspect('director', fixture('students.csv'), 'students')).json();
    expect(body).toMatchObject({ mapping, remembered: true });
    const elsewhere = await (await inspect('director', fixture('students.csv'), 'students', otherId)).json();
    expect(elsewhere.remembered).toBe(false);
  });
});

describe('roster import: who may', () => {
  it('refuses roles that may not create the records, and programs outside the caller’s, changing nothing', async () => {
    const before = everything();
    for (const role of ['student', 'preceptor', 'clinical_coordinator'] as const) {
      expect((await importFile(role, fixture('students.csv'), 'students')).status).toBe(403);
    }
    expect((await importFile('instructor', fixture('students.csv'), 'students', { programId: otherId })).status).toBe(
      403,
    );
    expect((await importFile('instructor', fixture('sites.csv'), 'sites')).status).toBe(403);
    expect((await inspect('student', fixture('students.csv'), 'students')).status).toBe(403);
    expect(everything()).toBe(before);
  });

  it('an instructor imports students into their own program', async () => {
    const res = await importFile('instructor', fixture('students.csv'), 'students');
    expect(res.status).toBe(201);
    expect(students()).toHaveLength(3);
  });
});

describe('roster import: staff and sites', () => {
  it('imports instructors from XLSX with real date cells, joins them to the program, and updates by e-mail', async () => {
    const header = ['First Name', 'Last Name', 'Email', 'Phone', 'Employee ID', 'Job Title', 'Department'];
    const rows = [
      [...header, 'Hire Date', 'Program Types'],
      ['Rosa', 'Vega', 'Rosa@Example.org', '555-0400', 'E-1', 'Lead Instructor', 'emergency medical services'],
      ['Sam', 'Ito', 'sam@example.org', '555-0401', 'E-2', 'Instructor', 'Emergency Medical Services'],
    ].map((r, i) =>
      i === 0
        ? r.map((value) => ({ value }))
        : [
            ...r.map((value) => ({ value })),
            { value: new Date('2020-08-01T00:00:00Z'), format: 'yyyy-mm-dd' },
            { value: 'EMS' },
          ],
    );
    const xlsx = await writeExcelFile(rows).toBuffer();
    const res = await importFile('director', xlsx, 'preceptors');
    expect(res.status).toBe(201);
    const rosa = h.db.select().from(t.users).where(eq(t.users.email, 'rosa@example.org')).get()!;
    expect(rosa.role).toBe('preceptor');
    expect(h.db.select().from(t.instructors).where(eq(t.instructors.id, rosa.id)).get()).toMatchObject({
      hireDate: '2020-08-01',
      department: 'Emergency Medical Services',
      isPreceptor: true,
    });
    const memberships = h.db.select().from(t.programMembers).where(eq(t.programMembers.userId, rosa.id)).all();
    expect(memberships.map((m) => [m.programId, m.assignedRole])).toEqual([[emsId, 'preceptor']]);
    const again = await importFile('director', xlsx, 'preceptors');
    expect(await again.json()).toMatchObject({ created: 0, unchanged: 2 });
  });

  it('an e-mail of a student account is reported, not taken over', async () => {
    const rows = [
      ['First Name', 'Last Name', 'Email', 'Phone', 'Employee ID', 'Job Title', 'Department', 'Hire Date', 'Programs'],
      ['Stu', 'Dent', 'student@test.local', '1', 'E-9', 'x', 'Emergency Medical Services', '2020-01-01', 'ems'],
    ].map((r) => r.map((value) => ({ value })));
    const report = await reportOf(await importFile('director', await writeExcelFile(rows).toBuffer(), 'instructors'));
    expect(report.errors).toEqual([{ row: 2, fields: { email: ERR.emailTaken } }]);
  });

  it('a clinical coordinator imports sites, updated by name on re-import', async () => {
    const res = await importFile('clinical_coordinator', fixture('sites.csv'), 'sites');
    expect(res.status).toBe(201);
    const sites = h.db.select().from(t.clinicalSites).all();
    expect(sites.map((s) => [s.name, s.type, s.maxStudents, s.programTypes])).toEqual([
      ['Mercy General', 'Hospital', 6, ['ems']],
      ['County EMS', 'Ambulance Service', 4, ['ems', 'fire']],
    ]);
    const again = await importFile('clinical_coordinator', fixture('sites.csv'), 'sites');
    expect(await again.json()).toMatchObject({ created: 0, unchanged: 2 });
  });
});

describe('roster import: hostile files', () => {
  it('refuses formula cells in CSV on their rows and saves nothing; a phone starting with + is text', async () => {
    const before = everything();
    const report = await reportOf(await importFile('director', fixture('students-formulas.csv'), 'students'));
    expect(report.errors).toEqual([
      { row: 3, fields: { firstName: IMPORT_MSG.formula } },
      // -2+3 is a sum to a spreadsheet, where +1 555 0100 (row 2) is a phone number
      { row: 4, fields: { lastName: IMPORT_MSG.formula, phone: IMPORT_MSG.formula } },
      { row: 5, fields: { lastName: IMPORT_MSG.formula } },
    ]);
    expect(everything()).toBe(before);
  });

  it('refuses formula text in XLSX cells, and reads a formula cell as its saved value, never the formula', async () => {
    const head = ['First Name', 'Last Name', 'Email', 'Phone', 'Student ID', 'Enrollment Date', 'Expected Graduation'];
    const row = (first: object, code: string) => [
      first,
      ...['Lopez', `${code}@example.org`, '555', code, '2026-01-10', '2026-12-15'].map((value) => ({ value })),
    ];
    const xlsx = await writeExcelFile([
      head.map((value) => ({ value })),
      row({ value: '+SUM(A1)' }, 'S-1'),
      row({ type: 'Formula', value: '=CONCAT("A","na")' }, 'S-2'),
    ]).toBuffer();
    const before = everything();
    const report = await reportOf(await importFile('director', xlsx, 'students'));
    // the formula cell has no saved value (no spreadsheet computed it), so it reads as empty: never run
    expect(report.errors).toEqual([
      { row: 2, fields: { firstName: IMPORT_MSG.formula } },
      { row: 3, fields: { firstName: MSG.firstNameRequired } },
    ]);
    expect(everything()).toBe(before);
  });

  it('refuses a file over the limit before reading it, with the limit in the message', async () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    const res = await h.as('director', 'POST', '/api/imports', form(big, { kind: 'students', programId: emsId }));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe(IMPORT_MSG.fileTooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
  });

  it('refuses 100,000 rows with the limit, in CSV and XLSX', async () => {
    const lines = ['First Name,Last Name', ...Array.from({ length: 100_000 }, (_, i) => `A${i},B`)].join('\n');
    const res = await inspect('director', new TextEncoder().encode(lines), 'students');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(IMPORT_MSG.tooManyRows('10,000'));
    const xlsx = await writeExcelFile(Array.from({ length: 10_002 }, (_, i) => [{ value: `r${i}` }])).toBuffer();
    expect((await (await inspect('director', xlsx, 'students')).json()).error).toBe(IMPORT_MSG.tooManyRows('10,000'));
  });

  it('refuses an XLSX whose parts say they unpack to more than an import takes, without unpacking them', async () => {
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(10) });
    // the central directory's uncompressed size (4 bytes at 24 past its signature), as a zip bomb declares it
    const central = Buffer.from(zip).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    new DataView(zip.buffer).setUint32(central + 24, 0x7fffffff, true);
    const res = await inspect('director', zip, 'students');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(IMPORT_MSG.unpackedTooLarge);
  });

  it('reads UTF-8 with a BOM, UTF-16 with a BOM and Latin-1; refuses UTF-16 without one', async () => {
    for (const name of ['students-bom.csv', 'students-utf16.csv', 'students-latin1.csv']) {
      const body = await (await inspect('director', fixture(name), 'students')).json();
      expect(body.headers[0], name).toBe('First Name');
      expect(body.sample[2][0], name).toBe('Chloé');
    }
    const res = await inspect('director', fixture('students-utf16-nobom.csv'), 'students');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(IMPORT_MSG.encoding);
  });

  it('refuses an .xls, a broken zip, a header-only file and a mapping to a missing column, never with a 5xx', async () => {
    const cases: [Uint8Array, string][] = [
      [new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), IMPORT_MSG.xlsFile],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), IMPORT_MSG.notReadable],
      [new TextEncoder().encode('First Name,Last Name\n'), IMPORT_MSG.noRows],
      [new TextEncoder().encode('Name,name\nx,y\n'), IMPORT_MSG.duplicateHeader('name')],
    ];
    for (const [bytes, message] of cases) {
      const res = await inspect('director', bytes, 'students');
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    const res = await importFile('director', fixture('students.csv'), 'students', { mapping: { firstName: 'Nope' } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.mapping).toBe(IMPORT_MSG.unknownColumn('Nope'));
  });
});

describe('history import', () => {
  beforeEach(async () => {
    await importFile('director', fixture('students.csv'), 'students');
    await importFile('director', fixture('sites.csv'), 'sites');
  });

  const summaryOf = (code: string) => {
    const student = students().find((s) => s.studentCode === code)!;
    return h.db.select().from(t.studentSkills).where(eq(t.studentSkills.studentId, student.id)).get();
  };

  it('imports attempts marked with their file and row, counted only once a coordinator attests the file', async () => {
    const res = await importFile('clinical_coordinator', fixture('attempts.csv'), 'skill_attempts');
    expect(res.status).toBe(201);
    const { batchId, created } = await res.json();
    expect(created).toBe(3);
    const links = h.db.select().from(t.importRecords).where(eq(t.importRecords.batchId, batchId)).all();
    expect(links.map((l) => [l.rowNumber, l.recordTable])).toEqual([
      [2, 'skill_attempts'],
      [3, 'skill_attempts'],
      [4, 'skill_attempts'],
    ]);
    expect(h.db.select().from(t.importBatches).where(eq(t.importBatches.id, batchId)).get()?.fileName).toBe(
      'roster.csv',
    );
    expect(summaryOf('S-001')).toMatchObject({ successfulAttempts: 0, pendingAttempts: 2 });

    const list = await (await h.as('clinical_coordinator', 'GET', `/api/imports?programId=${emsId}`)).json();
    expect(list).toMatchObject([{ id: batchId, kind: 'skill_attempts', rowCount: 3, attestedBy: null }]);

    const attest = await h.as('clinical_coordinator', 'POST', `/api/imports/${batchId}/attest`);
    expect(attest.status).toBe(200);
    expect(summaryOf('S-001')).toMatchObject({ successfulAttempts: 2, pendingAttempts: 0 });
    const entry = h.db.select().from(t.auditLog).where(eq(t.auditLog.command, 'attestImport')).all();
    expect(entry.filter((e) => e.tableName === 'import_batches')).toHaveLength(1);
    expect((await h.as('clinical_coordinator', 'POST', `/api/imports/${batchId}/attest`)).status).toBe(409);
  });

  it('reads an XLSX file’s date, time and duration cells as the importer sees them in Excel', async () => {
    const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));
    // what Excel saved: 7:00 as the day fraction 0.29166…, a shift end, and 12:30 in a duration column
    const sheet = [
      ['Student ID', 'Shift Date', 'Start time', 'End time', 'Hours', 'Hour Type'].map((value) => ({ value })),
      [
        { value: 'S-001' },
        { value: day(2026, 2, 3), type: Date, format: 'mm/dd/yyyy' },
        { value: 7 / 24, type: Number, format: 'h:mm AM/PM' },
        { value: day(1899, 12, 30, 19, 30), type: Date, format: 'hh:mm' },
        { value: 12.5 / 24, type: Number, format: '[h]:mm' },
        { value: 'Clinical' },
      ],
    ];
    const hoursFile = await writeExcelFile(sheet as never).toBuffer();
    expect((await importFile('director', hoursFile, 'hours')).status).toBe(201);
    expect(h.db.select().from(t.clinicalHours).all()).toMatchObject([
      { date: '2026-02-03', startTime: '07:00', endTime: '19:30', hoursCompleted: 12.5 },
    ]);

    const attempts = [
      ['Student Number', 'Skill Name', 'Attempt Date', 'Setting', 'Result'].map((value) => ({ value })),
      [
        { value: 'S-001' },
        { value: 'BVM Ventilation of an Apneic Adult Patient' },
        { value: day(2026, 2, 3, 14, 30), type: Date, format: 'mm/dd/yyyy h:mm AM/PM' },
        { value: 'Lab' },
        { value: 'Successful' },
      ],
    ];
    const attemptsFile = await writeExcelFile(attempts as never).toBuffer();
    const { mapping } = await (await inspect('director', attemptsFile, 'skill_attempts')).json();
    const fields = { kind: 'skill_attempts', programId: emsId, dryRun: 'false', timeZone: 'America/Chicago' };
    const res = await h.as(
      'director',
      'POST',
      '/api/imports',
      form(attemptsFile, { ...fields, mapping: JSON.stringify(mapping) }),
    );
    expect(res.status).toBe(201);
    // 2:30 PM in Chicago in February
    expect(
      h.db
        .select()
        .from(t.skillAttempts)
        .all()
        .map((a) => a.attemptedAt),
    ).toEqual(['2026-02-03T20:30:00.000Z']);

    const badZone = await h.as(
      'director',
      'POST',
      '/api/imports',
      form(attemptsFile, { ...fields, timeZone: 'Mars/Base' }),
    );
    expect(badZone.status).toBe(400);
    expect((await badZone.json()).fields).toEqual({ timeZone: IMPORT_MSG.timeZone });
  });

  it('re-importing the same file adds nothing', async () => {
    await importFile('director', fixture('attempts.csv'), 'skill_attempts');
    const before = everything();
    const res = await importFile('director', fixture('attempts.csv'), 'skill_attempts');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ alreadyImported: true, applied: false, created: 0 });
    expect(everything()).toBe(before);
  });

  it('imports hours awaiting attestation, with the site by name', async () => {
    const res = await importFile('director', fixture('hours.csv'), 'hours');
    expect(res.status).toBe(201);
    const hours = h.db.select().from(t.clinicalHours).all();
    expect(hours.map((x) => [x.hoursCompleted, x.hourType, x.verifiedBy, !!x.clinicalSiteId])).toEqual([
      [12, 'clinical', null, true],
      [8, 'field', null, false],
    ]);
    const { batchId } = await res.json();
    await h.as('director', 'POST', `/api/imports/${batchId}/attest`);
    expect(
      h.db
        .select()
        .from(t.clinicalHours)
        .all()
        .every((x) => x.verifiedBy === h.users.director.id),
    ).toBe(true);
  });

  it('counts the file’s earlier rows toward a day’s 24 hours, finds sites by name in any case, on each row', async () => {
    const csv = [
      'Student ID,Shift Date,Hours,Clinical Site',
      'S-001,2026-02-01,16,Mercy General',
      'S-001,2026-02-01,9,MERCY general',
      'S-002,2026-02-01,9,Nowhere Hospital',
    ].join('\n');
    const before = everything();
    const report = await reportOf(await importFile('director', new TextEncoder().encode(csv), 'hours'));
    expect(report.errors).toEqual([
      { row: 3, fields: { hoursCompleted: MSG.hoursDayOver24 } },
      { row: 4, fields: { site: IMPORT_MSG.siteUnknown } },
    ]);
    expect(everything()).toBe(before);
  });

  it('imports patient contacts with the form’s options named in any case, awaiting attestation', async () => {
    const res = await importFile('director', fixture('contacts.csv'), 'patient_contacts');
    expect(res.status).toBe(201);
    expect(h.db.select().from(t.patientContacts).all()).toMatchObject([
      {
        date: '2026-02-05',
        setting: 'field',
        ageYears: 67,
        gender: 'male',
        chiefComplaints: ['Chest pain', 'Breathing problem'],
        primaryImpression: 'Chest Pain',
        careLevel: 'als',
        teamLead: true,
        verifiedBy: null,
      },
    ]);
  });

  it('reports unknown students and skills per row and imports none; only reviewers import or attest', async () => {
    const csv =
      'Student ID,Skill,Date,Setting,Outcome\nS-404,Nope,2026-02-01,lab,successful\nS-001,Nope,2026-02-01,lab,x\n';
    const before = everything();
    const report = await reportOf(await importFile('director', new TextEncoder().encode(csv), 'skill_attempts'));
    expect(report.errors).toEqual([
      { row: 2, fields: { studentId: IMPORT_MSG.notInProgram } },
      { row: 3, fields: { skill: IMPORT_MSG.skillUnknown } },
    ]);
    expect(everything()).toBe(before);
    expect((await importFile('preceptor', fixture('attempts.csv'), 'skill_attempts')).status).toBe(403);
    const { batchId } = await (await importFile('director', fixture('attempts.csv'), 'skill_attempts')).json();
    expect((await h.as('preceptor', 'POST', `/api/imports/${batchId}/attest`)).status).toBe(403);
    // an instructor of another program is told the import does not exist
    const outsider = h.program({ name: 'Other', type: 'ems' });
    h.db.update(t.importBatches).set({ programId: outsider.id }).where(eq(t.importBatches.id, batchId)).run();
    expect((await h.as('instructor', 'POST', `/api/imports/${batchId}/attest`)).status).toBe(404);
  });

  describe('an imported record is verified by its attestation only', () => {
    /** The student S-001 signs in as the student account, and a preceptor's sign-off of these records as their device sends it. */
    function signOffOf(attemptIds: string[]) {
      const student = students().find((s) => s.studentCode === 'S-001')!;
      h.db.update(t.students).set({ userId: h.users.student.id }).where(eq(t.students.id, student.id)).run();
      const attempts = h.db.select().from(t.skillAttempts).where(inArray(t.skillAttempts.id, attemptIds)).all();
      const args = {
        id: crypto.randomUUID(),
        studentId: student.id,
        records: attemptIds.map((id) => ({ kind: 'attempt' as const, id })),
        contentHash: sha256(signedContent(student.id, { attempts, contacts: [], hours: [] })),
        previousHash: null,
        deviceId: 'device-0001',
        capturedAt: new Date().toISOString(),
        preceptor: {
          name: 'Test preceptor',
          credential: 'Paramedic' as const,
          number: 'NRP 1',
          agency: 'County EMS',
          contact: h.users.preceptor.email,
        },
        attested: true as const,
        evaluation: {},
        teamLeadScores: {},
        signature: { width: 300, height: 120, strokes: [[10, 10, 40, 30, 80, 20]] },
      };
      return { ...args, hash: sha256(signOffContent(args)) };
    }
    const importedAttempts = async () => {
      const { batchId } = await (await importFile('director', fixture('attempts.csv'), 'skill_attempts')).json();
      const links = h.db.select().from(t.importRecords).where(eq(t.importRecords.batchId, batchId)).all();
      const ofS001 = h.db
        .select()
        .from(t.skillAttempts)
        .where(
          inArray(
            t.skillAttempts.id,
            links.map((l) => l.recordId),
          ),
        )
        .all()
        .filter((a) => a.studentId === students().find((s) => s.studentCode === 'S-001')!.id);
      return { batchId, ids: ofS001.map((a) => a.id) };
    };

    it('refuses a sign-off of an unattested import through REST, and changes nothing', async () => {
      const { ids } = await importedAttempts();
      const body = signOffOf(ids);
      const before = everything();
      const res = await h.as('student', 'POST', '/api/sign-offs', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: IMPORT_MSG.awaitingAttestation,
        fields: { records: IMPORT_MSG.awaitingAttestation },
      });
      expect(everything()).toBe(before);
      expect(summaryOf('S-001')).toMatchObject({ successfulAttempts: 0, pendingAttempts: 2 });
    });

    it('refuses it through sync push too, and the attempts still wait for the attestation', async () => {
      const { batchId, ids } = await importedAttempts();
      const push = await h.as('student', 'POST', '/api/sync/push', {
        pushVersion: PROTOCOL_VERSION,
        clientGroupId: 'g',
        clientId: 'student-phone',
        mutations: [{ id: 1, name: 'signOff', createdAt: new Date().toISOString(), args: signOffOf(ids) }],
      });
      expect(push.status).toBe(200);
      expect((await push.json()).results[0]).toMatchObject({
        status: 'rejected',
        message: IMPORT_MSG.awaitingAttestation,
        fields: { records: IMPORT_MSG.awaitingAttestation },
      });
      expect(h.db.select().from(t.signOffs).all()).toEqual([]);
      expect(
        h.db
          .select()
          .from(t.skillAttempts)
          .all()
          .every((a) => a.verifiedBy === null),
      ).toBe(true);

      await h.as('clinical_coordinator', 'POST', `/api/imports/${batchId}/attest`);
      expect(summaryOf('S-001')).toMatchObject({ successfulAttempts: 2, pendingAttempts: 0 });
    });
  });
});
