/**
 * A test app for what sign-offs do to a student's figures: two programs a coordinator works in, one student (linked to
 * the student account) in the first, a skill, and the requests a device and staff send. Each call builds a new one.
 */
import { inArray } from 'drizzle-orm';

import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import type { Role } from '#schema/enums.ts';
import { signedContent, signOffContent } from '#schema/sign-off.ts';
import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import * as t from '#schema/tables.ts';

import { asSystem } from '../seed/standards.ts';
import { testApp } from './helpers.ts';

/** A preceptor without an account, who answers by the link mailed to them. */
const LINK_PRECEPTOR = {
  name: 'Sam Rivera',
  credential: 'Paramedic' as const,
  number: 'NRP 123456',
  agency: 'County EMS',
  contact: 'sam.rivera@county-ems.example',
};

export function signOffWorld() {
  const mailed: { to: string; text: string }[] = [];
  const h = testApp({ mailer: { send: async (m) => void mailed.push(m) } });
  const staff = [
    { userId: h.users.clinical_coordinator.id, assignedRole: 'clinical_coordinator' },
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ];
  const programs = ['Medic A', 'Medic B'].map(
    (name) => h.program({ name, type: 'ems', certificationLevel: 'paramedic' }, staff).id,
  );
  const { studentId, skillId } = asSystem(h.db, 'fixture', (ctx) => ({
    // the site the shifts are at lists the preceptor's address, so a confirmation by link counts at once
    siteId: ctx.insert(t.clinicalSites, {
      name: 'County EMS',
      type: 'ems_agency',
      address: '1 Main St',
      programTypes: ['ems'],
      email: LINK_PRECEPTOR.contact,
    }).id,
    studentId: ctx.insert(t.students, {
      userId: h.users.student.id,
      firstName: 'Ana',
      lastName: 'S-1',
      email: 'S-1@example.org',
      phone: '1',
      studentCode: 'S-1',
      programId: programs[0],
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }).id,
    skillId: ctx.insert(t.skills, {
      code: 'iv',
      name: 'IV access',
      category: 'Vascular',
      programType: 'ems',
      certificationLevel: 'paramedic',
      minimumAttempts: 2,
    }).id,
  }));

  async function post(role: Role, path: string, body: unknown, method = 'POST') {
    const res = await h.as(role, method, path, body);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string } };
  }

  /** Attempts the student logs for themselves, each waiting for someone's word. */
  async function attempts(outcomes: readonly string[] = ['successful', 'successful', 'unsuccessful']) {
    const refs = [];
    for (const outcome of outcomes) {
      const a = await post('student', '/api/skill-attempts', {
        studentId,
        skillId,
        attemptedAt: '2026-11-20T14:00:00.000Z',
        setting: 'field',
        outcome,
      });
      if (a.status !== 201) throw new Error(`logging an attempt answered ${a.status}`);
      refs.push({ kind: 'attempt' as const, id: a.body.id });
    }
    return refs;
  }

  /** A team-lead patient contact logged by this role: the student's own waits for someone's word. */
  async function contact(role: Role = 'student') {
    const c = await post(role, '/api/patient-contacts', {
      studentId,
      date: '2026-11-20',
      setting: 'field',
      ageYears: 54,
      gender: 'female',
      chiefComplaints: ['Chest pain'],
      primaryImpression: 'ACS',
      teamLead: true,
      careLevel: 'als',
      disposition: 'transported',
    });
    if (c.status !== 201) throw new Error(`logging a contact answered ${c.status}`);
    return { kind: 'contact' as const, id: c.body.id };
  }

  /**
   * Hours logged by this role, each on its own date (a day holds at most 24): the student's own wait for someone's
   * word. `n` picks the date.
   */
  async function hours(n: number, role: Role = 'student') {
    const date = `2026-10-${String(1 + (n % 28)).padStart(2, '0')}`;
    const e = await post(role, '/api/clinical-hours', { studentId, date, hoursCompleted: 1, hourType: 'field' });
    if (e.status !== 201) throw new Error(`logging hours answered ${e.status}`);
    return { kind: 'hours' as const, id: e.body.id };
  }

  /** What the student's device sends: the records' content and the sign-off hashed as the device would. */
  function signed(records: SignOffArgs['records'], over: Partial<SignOffArgs> = {}): SignOffArgs {
    const ids = records.map((r) => r.id);
    const content = signedContent(studentId, {
      attempts: h.db.select().from(t.skillAttempts).where(inArray(t.skillAttempts.id, ids)).all(),
      contacts: h.db.select().from(t.patientContacts).where(inArray(t.patientContacts.id, ids)).all(),
      hours: h.db.select().from(t.clinicalHours).where(inArray(t.clinicalHours.id, ids)).all(),
    });
    const args = {
      id: crypto.randomUUID(),
      studentId,
      records,
      contentHash: sha256(content),
      previousHash: null,
      deviceId: 'device-0001',
      capturedAt: '2026-11-20T18:00:00.000Z',
      preceptor: LINK_PRECEPTOR,
      attested: true as const,
      evaluation: {},
      teamLeadScores: {},
      signature: { width: 300, height: 120, strokes: [[10, 10, 40, 30, 80, 20]] },
      hash: '',
      ...over,
    };
    return { ...args, hash: sha256(signOffContent(args)) };
  }

  /** The student's figures for the skill as staff read them. */
  async function figures() {
    const rows = (await (await h.as('director', 'GET', `/api/student-skills?studentId=${studentId}`)).json()) as {
      skillId: string;
      attempts: number;
      pendingAttempts: number;
    }[];
    const row = rows.find((r) => r.skillId === skillId);
    return { attempts: row?.attempts ?? 0, pending: row?.pendingAttempts ?? 0 };
  }

  const countStates = (programId: string, states: readonly string[] | null) =>
    post('director', `/api/programs/${programId}/requirements`, { countedSignOffStates: states }, 'PUT');
  const moveTo = (programId: string) => post('director', `/api/students/${studentId}`, { programId }, 'PUT');
  const review = (id: string, action: 'accept' | 'reject', note = 'Checked with the preceptor') =>
    post('clinical_coordinator', `/api/sign-offs/${id}/review`, { action, note });

  /** The confirm links mailed so far, by the sign-off each was made for. */
  async function mailedLinks() {
    await h.signOffMail.run();
    const links = h.db.select().from(t.signOffLinks).all();
    return new Map(
      mailed.map((m) => {
        const token = /\/sign-off\/([\w-]+)/.exec(m.text)![1];
        return [links.find((l) => l.id === sha256(token))!.signOffId, token];
      }),
    );
  }
  const answerLink = (token: string, answer: { decision: 'confirm' } | { decision: 'dispute'; reason: string }) =>
    h.as(null, 'POST', `/api/sign-off-links/${token}`, answer);

  return {
    h,
    programs,
    studentId,
    skillId,
    post,
    attempts,
    signed,
    contact,
    hours,
    figures,
    countStates,
    moveTo,
    review,
    mailedLinks,
    answerLink,
  };
}
export type SignOffWorld = ReturnType<typeof signOffWorld>;
