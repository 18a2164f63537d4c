import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { restateSignOff } from '#api/domain/evidence/sign-off-effects.ts';
import { asSystem } from '#api/seed/standards.ts';
import { contactBody, emsStudent, emsWorld, poster } from '#api/test/ems-fixtures.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { AttestationSignature } from '#schema/attestation.ts';
import { type Role, ROLES } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import type { Missing, Portfolio } from '#schema/portfolio.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let mine: string;
let other: string;
let post: ReturnType<typeof poster>;

/**
 * Two paramedic programs. The student's names the test director as its Program Director and has a second director
 * account assigned to it, who stands for the Medical Director; the instructor and preceptor work in it too.
 */
beforeEach(() => {
  h = testApp({ standards: true });
  const world = emsWorld(h, 'paramedic', 10);
  asSystem(h.db, 'fixture', (ctx) => ctx.update(t.programs, world.program, { directorId: h.users.director.id }));
  h.account('md@test.local', 'director', { programId: world.program.id, firstName: 'Medical', lastName: 'Director' });
  ({ mine, other } = world);
  post = poster(h);
});

type PortfolioAnswer = Portfolio & {
  readiness: { ready: boolean; missing: Missing[] };
  attestation: { signatures: AttestationSignature[]; changedAfter: string[]; canSign: boolean };
};

const portfolioAs = async (role: Role, id: string) =>
  (await (await h.as(role, 'GET', `/api/students/${id}/portfolio`)).json()) as PortfolioAnswer;

/** The second director account (the Medical Director) signed in as a browser would be. */
const asMedicalDirector = (method: string, path: string, body?: object) => h.as('md@test.local', method, path, body);

const contact = (studentId: string, primaryImpression: string) => contactBody(studentId, primaryImpression);

describe('GET /api/students/:id/portfolio', () => {
  it('gives the SMC read’s own figures, hours verified and awaiting apart, and what is missing to graduate', async () => {
    await post('instructor', '/api/patient-contacts', contact(mine, 'Trauma-Head'));
    await post('instructor', '/api/clinical-hours', { studentId: mine, date: '2026-11-20', hoursCompleted: 6 });
    await post('student', '/api/clinical-hours', { studentId: mine, date: '2026-11-21', hoursCompleted: 3 });
    const p = await portfolioAs('student', mine);
    expect(p.smc).toEqual(await (await h.as('student', 'GET', `/api/students/${mine}/smc`)).json());
    expect(p.hours).toMatchObject({ verified: 6, awaiting: 3, rejected: 0 });
    // a clinical entry without a site was labelled "Field (no site)"
    expect(p.hours.bySite).toEqual([{ label: 'Clinical (no site)', verified: 6, awaiting: 3 }]);
    expect(p.readiness.ready).toBe(false);
    expect(p.readiness.missing).toContainEqual({ key: 'hours', text: 'Hours: 6 of 10 verified' });
    expect(p.readiness.missing).toContainEqual({ key: 'pathology:Trauma', text: 'Trauma: 1 of 27 verified' });
    // exactly the unmet items and the hours: nothing met is listed
    const unmet = [...p.smc.age, ...p.smc.pathology, ...p.smc.teamLeads, ...p.smc.motor].filter((i) => !i.met);
    expect(p.readiness.missing.map((m) => m.key)).toEqual([...unmet.map((i) => i.key), 'hours']);
  });

  it("leaves out hours a rejected sign-off holds, and lists the preceptors' evaluations with their signatures", async () => {
    asSystem(h.db, 'fixture', (ctx) => {
      const entry = (hoursCompleted: number) =>
        ctx.insert(t.clinicalHours, {
          studentId: mine,
          date: '2026-11-20',
          hoursCompleted,
          hourType: 'field',
          recordedBy: h.users.student.id,
        }).id;
      // made, then restated as the sign-off commands restate what a sign-off holds
      const signOff = (status: string, hoursId: string, signature: Record<string, unknown>) =>
        restateSignOff(
          ctx,
          ctx.insert(t.signOffs, {
            studentId: mine,
            records: [{ kind: 'hours', id: hoursId }],
            contentHash: '0'.repeat(64),
            hash: `${status}`.padEnd(64, '1'),
            deviceId: 'device-0001',
            capturedAt: `2026-11-2${status === 'rejected' ? 1 : 2}T12:00:00.000Z`,
            preceptor: {
              name: 'Pat Lee',
              credential: 'Paramedic',
              number: '1',
              agency: 'County',
              contact: 'p@example.org',
            },
            evaluation: { Integrity: 2, Empathy: null },
            teamLeadScores: status === 'awaiting' ? { 'Scene leadership': 1 } : {},
            signature: signature as never,
            recordedBy: h.users.student.id,
            status,
          }),
        );
      signOff('rejected', entry(5), { width: 100, height: 50, strokes: [[1, 1, 2, 2]] });
      signOff('awaiting', entry(2), { kind: 'typed', name: 'Pat Lee' });
    });
    const p = await portfolioAs('student', mine);
    expect(p.hours).toMatchObject({ verified: 0, awaiting: 2, rejected: 5 });
    expect(p.hours.bySite).toEqual([{ label: 'Field (no site)', verified: 0, awaiting: 2 }]);
    expect(p.signOffs.map((s) => [s.status, s.signature])).toEqual([
      ['rejected', { kind: 'drawn', name: null }],
      ['awaiting', { kind: 'typed', name: 'Pat Lee' }],
    ]);
    expect(p.affective.map((e) => [e.preceptor, e.scores])).toEqual([
      ['Pat Lee, Paramedic', { Integrity: 2, Empathy: null }],
      ['Pat Lee, Paramedic', { Integrity: 2, Empathy: null }],
    ]);
    expect(p.teamLeads.map((e) => e.scores)).toEqual([{ 'Scene leadership': 1 }]);
  });

  it("lets a student read only their own portfolio and staff only their programs' students", async () => {
    const status = async (role: Role, id: string) => (await h.as(role, 'GET', `/api/students/${id}/portfolio`)).status;
    const seesAll: Role[] = ['director', 'administration', 'clinical_coordinator'];
    for (const role of ROLES) {
      expect(await status(role, mine), role).toBe(200);
      expect(await status(role, other), role).toBe(seesAll.includes(role) ? 200 : 404);
    }
    const unknown = await (await h.as('student', 'GET', '/api/students/no-such-student/portfolio')).json();
    const guessed = await h.as('instructor', 'GET', `/api/students/${other}/portfolio`);
    expect(await guessed.json()).toEqual(unknown);
    for (const ext of ['pdf', 'csv', 'xlsx']) {
      expect((await h.as('student', 'GET', `/api/students/${other}/portfolio.${ext}`)).status).toBe(404);
    }
    expect((await h.as(null, 'GET', `/api/students/${mine}/portfolio`)).status).toBe(401);
  });

  it('exports the same figures as CSV, XLSX and a PDF', async () => {
    await post('instructor', '/api/patient-contacts', contact(mine, 'Trauma-Head'));
    const csv = await (await h.as('director', 'GET', `/api/students/${mine}/portfolio.csv`)).text();
    expect(csv).toContain('Table 2: Pathologies,Trauma,27,1,1,1,100,Not met,0,0');
    const xlsx = await h.as('director', 'GET', `/api/students/${mine}/portfolio.xlsx`);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const pdf = await h.as('student', 'GET', `/api/students/${mine}/portfolio.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('POST /api/students/:id/attestations', () => {
  const attest = (role: Role, body: object = {}) => h.as(role, 'POST', `/api/students/${mine}/attestations`, body);
  const exception = { exception: 'Trauma contacts short: covered in the capstone simulation series.' };

  it('takes the Program Director then the Medical Director, and nobody else', async () => {
    for (const role of ['student', 'instructor', 'preceptor', 'administration', 'clinical_coordinator'] as const) {
      const res = await attest(role, exception);
      expect(res.status, role).toBe(403);
      expect(await res.json()).toMatchObject({ error: MSG.attestationNotSigner });
    }
    const early = await asMedicalDirector('POST', `/api/students/${mine}/attestations`, exception);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: MSG.attestationProgramDirectorFirst });

    expect((await attest('director', exception)).status).toBe(201);
    expect((await attest('director', exception)).status).toBe(409);
    expect((await asMedicalDirector('POST', `/api/students/${mine}/attestations`, exception)).status).toBe(201);

    const p = await portfolioAs('student', mine);
    expect(p.attestation.signatures.map((s) => [s.roleLabel, s.name, s.exception, s.changed])).toEqual([
      ['Program Director', 'Test director', exception.exception, false],
      ['Medical Director', 'Medical Director', exception.exception, false],
    ]);
    const audited = h.db.select().from(t.auditLog).where(eq(t.auditLog.tableName, 'attestations')).all();
    expect(audited.map((a) => a.command)).toEqual(['attestPortfolio', 'attestPortfolio']);
  });

  it('refuses a student short of a minimum without a written exception, changing nothing', async () => {
    const res = await attest('director', { exception: 'ok' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { exception: MSG.attestationExceptionRequired } });
    expect(h.db.select().from(t.attestations).all()).toEqual([]);
    expect((await attest('director', { exception: 42 })).status).toBe(400);
  });

  it('shows "changed after attestation" and what changed when the evidence changes later', async () => {
    await post('instructor', '/api/patient-contacts', contact(mine, 'Trauma-Head'));
    expect((await attest('director', exception)).status).toBe(201);
    expect((await portfolioAs('director', mine)).attestation.changedAfter).toEqual([]);
    await post('instructor', '/api/patient-contacts', contact(mine, 'Trauma-Chest'));

    const p = await portfolioAs('director', mine);
    expect(p.attestation.signatures[0].changed).toBe(true);
    expect(p.attestation.changedAfter).toContain(
      'Table 2: Pathologies: Trauma: was 1 of 27 verified, 1 attempted, 1 successful, now 2 of 27 verified, 2 attempted, 2 successful',
    );
    // the Medical Director may not sign evidence the Program Director did not see; the Program Director signs again
    expect((await asMedicalDirector('POST', `/api/students/${mine}/attestations`, exception)).status).toBe(409);
    expect((await attest('director', exception)).status).toBe(201);
    expect((await asMedicalDirector('POST', `/api/students/${mine}/attestations`, exception)).status).toBe(201);
  });
});

describe("a portfolio at the student's certification level", () => {
  const skillId = (code: string) => h.db.select().from(t.skills).where(eq(t.skills.code, code)).get()!.id;
  const studentAt = (level: string) =>
    emsStudent(
      h,
      `S-${level}`,
      h.db.select().from(t.students).where(eq(t.students.id, mine)).get()!.programId,
      null,
      level,
    );

  it("an EMT's: the 35 EMT skills at program-set defaults, no paramedic contact minimums, no team leads", async () => {
    const emt = studentAt('emt');
    await post('instructor', '/api/patient-contacts', contact(emt, 'Trauma-Head'));
    const e201 = skillId('ems-emt-e201-trauma-assessment');
    const attempt = { studentId: emt, skillId: e201, attemptedAt: '2026-11-20T10:00:00.000Z' };
    await post('instructor', '/api/skill-attempts', { ...attempt, setting: 'lab', outcome: 'successful' });

    const p = await portfolioAs('director', emt);
    expect(p.smc.level).toBe('emt');
    expect(p.smc.teamLeads).toEqual([]);
    expect(p.smc.motor).toHaveLength(35);
    expect(p.smc.motor.find((i) => i.skillId === e201)).toMatchObject({
      reference: 'NREMT E201',
      minimum: 1,
      count: 1,
      met: true,
    });
    expect(p.smc.pathology.find((i) => i.label === 'Trauma')).toMatchObject({ count: 1, minimum: 0, met: true });
    const items = [...p.smc.age, ...p.smc.pathology, ...p.smc.motor];
    for (const i of items) expect(i.minimumSource.source).toMatch(/^Program-set default/);
    // missing: the 34 skills not yet done and the hours; nothing from the contact tables
    expect(p.readiness.missing).toHaveLength(35);
    expect(p.readiness.missing.filter((m) => !m.key.startsWith('motor:')).map((m) => m.key)).toEqual(['hours']);

    const csv = await (await h.as('director', 'GET', `/api/students/${emt}/portfolio.csv`)).text();
    // the CoAEMSP SMC numbers the paramedic's tables; no SMC exists at the EMT level (research wave 3 §1)
    expect(csv).toContain(
      'Patient contacts by pathology,Trauma,0,1,1,1,100,Met,0,0,Program-set default (no national EMT contact minimum; the program sets one in Requirements) (Unverified – check before relying on it)',
    );
    expect(csv).toContain(
      'Skills (program-set minimums),NREMT E201 Patient Assessment/Management – Trauma,1,1,1,1,100,Met,0,0,Program-set default',
    );
    // "Table 1" to "Table 4" are the paramedic SMC's names for its tables, which an EMT has none of (the catalogue's
    // references may still cite the SMC's Table 5 EMT skills list)
    expect(csv).not.toContain('Table 3');
    expect(csv).not.toMatch(/^Table \d/m);
    expect(csv).not.toContain('Team lead');
  });

  it("an AEMT's: the 13 AEMT Table 3 skills with their NASEMSO source, no public contact minimum", async () => {
    const aemt = studentAt('aemt');
    const p = await portfolioAs('director', aemt);
    expect(p.smc.level).toBe('aemt');
    expect(p.smc.teamLeads).toEqual([]);
    expect(p.smc.motor.map((i) => `${i.reference} ${i.minimum}`).slice(0, 3)).toEqual(['T3-1 4', 'T3-2 20', 'T3-3 10']);
    expect(p.smc.motor).toHaveLength(13);
    for (const i of p.smc.motor) expect(i.minimumSource.source).toMatch(/^NASEMSO AEMT SMC/);
    for (const i of [...p.smc.age, ...p.smc.pathology]) {
      expect(i).toMatchObject({ minimum: 0, met: true });
      expect(i.minimumSource.source).toMatch(/^Program-set default \(no public AEMT/);
    }
    // the paramedic student of the same program keeps the paramedic tables
    expect((await portfolioAs('director', mine)).smc).toMatchObject({
      level: 'paramedic',
      teamLeads: [{ minimum: 20 }],
    });
  });
});
