import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { pdfText } from '#api/test/pdf-text.ts';
import { studentIn } from '#api/test/program-world.ts';
import { ATTESTATION_RULES } from '#schema/attestation.ts';
import type { Role } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import type { Portfolio } from '#schema/portfolio.ts';
import * as t from '#schema/tables.ts';

/**
 * Who attests a fire candidate's and a police recruit's portfolio (schema/attestation.ts `ATTESTATION_RULES`): each
 * discipline's two steps, in order, by the program role each step needs, never one person for both, and every
 * refusal leaving the signatures and the audit log as they were.
 */
type Answer = Portfolio & {
  attestation: {
    signatures: { role: string; roleLabel: string; name: string }[];
    yourRole: string | null;
    canSign: boolean;
  };
};

let h: TestApp;
let programId: string;
let studentId: string;
const EXCEPTION = { exception: 'Short of the rule: the board reviewed the record and accepts it.' };

/** A program of `type` whose named director is the test director, its staff (the test accounts of `staff`, each
 * assigned in its own role) and one student. */
function world(type: 'fire' | 'police', staff: Role[]) {
  h = testApp();
  const level = type === 'fire' ? 'firefighter_1' : 'basic_peace_officer';
  const members = staff.map((role) => ({ userId: h.users[role].id, assignedRole: role }));
  programId = h.program({ name: `${type} academy`, type, certificationLevel: level }, members).id;
  studentId = studentIn(h, programId);
}

/** Another account of `role`, optionally assigned to a program in that role, and its attest call. */
function account(email: string, role: Role, assignedTo?: string) {
  const user = h.account(email, role, { programId: assignedTo });
  return { user, attest: () => h.as(email, 'POST', `/api/students/${studentId}/attestations`, EXCEPTION) };
}

const attestAs = (role: Role) => h.as(role, 'POST', `/api/students/${studentId}/attestations`, EXCEPTION);
const portfolioAs = async (role: Role) =>
  (await (await h.as(role, 'GET', `/api/students/${studentId}/portfolio`)).json()) as Answer;
const setNamedDirector = (directorId: string) =>
  asSystem(h.db, 'fixture', (ctx) => ctx.update(t.programs, ctx.find(t.programs, programId)!, { directorId }));
const signedRows = () => h.db.select().from(t.attestations).all();
const auditedRows = () => h.db.select().from(t.auditLog).where(eq(t.auditLog.tableName, 'attestations')).all();

/** What an EMS portfolio prints and a fire or police one must not: its form, signers, tables and evaluations. */
const EMS_WORDS = [
  'Terminal Competency',
  'Medical Director',
  'SMC',
  'CoAEMSP',
  'Table ',
  'Patient contact',
  'Team lead',
  'Affective',
  'receptor',
];

/** Refused with this status and message, and no signature or audit entry was added. */
async function refused(res: Response | Promise<Response>, status: number, message: string) {
  const before = [signedRows().length, auditedRows().length];
  const answer = await res;
  expect(answer.status).toBe(status);
  expect(await answer.json()).toMatchObject({ error: message });
  expect([signedRows().length, auditedRows().length]).toEqual(before);
}

describe("a fire candidate's attestation", () => {
  beforeEach(() => world('fire', ['instructor', 'preceptor', 'administration']));

  it('is signed by the Training Officer (the program’s director), then the Agency Certifying Official', async () => {
    // the evaluator, a preceptor, a coordinator and the candidate sign no step
    for (const role of ['instructor', 'preceptor', 'clinical_coordinator', 'student'] as const) {
      await refused(attestAs(role), 403, MSG.attestationNotSignerFire);
    }
    await refused(attestAs('administration'), 409, MSG.attestationTrainingOfficerFirst);
    expect((await portfolioAs('director')).attestation).toMatchObject({
      yourRole: 'training_officer',
      canSign: true,
    });

    expect((await attestAs('director')).status).toBe(201);
    await refused(attestAs('director'), 409, MSG.attestationAlreadySigned);
    expect((await attestAs('administration')).status).toBe(201);

    const p = await portfolioAs('student');
    expect(p.attestation.signatures.map((s) => [s.role, s.roleLabel, s.name])).toEqual([
      ['training_officer', 'Training Officer (Program Director)', 'Test director'],
      ['certifying_official', 'Agency Certifying Official', 'Test administration'],
    ]);
    const audited = auditedRows().map((a) => (a.changes as Record<string, { after: unknown }>).roleLabel?.after);
    expect(audited.sort()).toEqual(['Agency Certifying Official', 'Training Officer (Program Director)']);
  });

  it('refuses another program’s director and one person signing both steps', async () => {
    const elsewhere = h.program({ name: 'Other academy', type: 'fire', certificationLevel: 'firefighter_1' }).id;
    const outsider = account('chief@other.test', 'director', elsewhere);
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.update(t.programs, ctx.find(t.programs, elsewhere)!, { directorId: outsider.user.id }),
    );
    await refused(outsider.attest(), 403, MSG.attestationNotSignerFire);

    // the Training Officer signs, then is made a certifying official of the program under a new named director
    expect((await attestAs('director')).status).toBe(201);
    const successor = account('successor@fire.test', 'director');
    setNamedDirector(successor.user.id);
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.programMembers, { programId, userId: h.users.director.id, assignedRole: 'director' }),
    );
    expect((await portfolioAs('director')).attestation.yourRole).toBe('certifying_official');
    await refused(attestAs('director'), 409, MSG.attestationSamePerson);
  });

  it('prints the fire titles in the PDF, never the EMS ones', async () => {
    expect((await attestAs('director')).status).toBe(201);
    const text = (await pdfText(await h.as('director', 'GET', `/api/students/${studentId}/portfolio.pdf`))).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain(ATTESTATION_RULES.fire.title);
    expect(text).toContain('Training Officer (Program Director): Test director');
    for (const ems of EMS_WORDS) expect(text).not.toContain(ems);
  });
});

describe("a police recruit's attestation", () => {
  beforeEach(() => world('police', ['instructor', 'preceptor']));

  it('is signed by the FTO Coordinator, then the Academy Director (the program’s director)', async () => {
    await refused(attestAs('director'), 409, MSG.attestationCoordinatorFirst);
    // the FTO who writes the reports, the recruit, and staff not assigned to the program sign no step
    for (const role of ['preceptor', 'student', 'clinical_coordinator', 'administration'] as const) {
      await refused(attestAs(role), 403, MSG.attestationNotSignerPolice);
    }
    expect((await attestAs('instructor')).status).toBe(201);
    await refused(attestAs('instructor'), 409, MSG.attestationAlreadySigned);
    expect((await attestAs('director')).status).toBe(201);

    const p = await portfolioAs('director');
    expect(p.attestation.signatures.map((s) => [s.role, s.roleLabel, s.name])).toEqual([
      ['fto_coordinator', 'FTO Coordinator', 'Test instructor'],
      ['academy_director', 'Academy Director', 'Test director'],
    ]);
    const text = (await pdfText(await h.as('director', 'GET', `/api/students/${studentId}/portfolio.pdf`))).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain(`${ATTESTATION_RULES.police.title} FTO Coordinator: Test instructor`);
    for (const ems of EMS_WORDS) expect(text).not.toContain(ems);
  });

  it('refuses another program’s director and one person signing both steps', async () => {
    const elsewhere = h.program({ name: 'Other FTO program', type: 'police' }).id;
    const outsider = account('lt@other.test', 'director', elsewhere);
    await refused(outsider.attest(), 403, MSG.attestationNotSignerPolice);

    // a director assigned to the program coordinates, signs, then is made its named director
    const successor = account('coordinator@police.test', 'director', programId);
    expect((await successor.attest()).status).toBe(201);
    setNamedDirector(successor.user.id);
    await refused(successor.attest(), 409, MSG.attestationSamePerson);
  });
});
