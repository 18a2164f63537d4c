import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { type Mailer, smtpMailer } from '#api/mail/mailer.ts';
import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, TEST_PASSWORD, type TestApp, testApp } from '#api/test/helpers.ts';
import { startSmtpInbox } from '#api/test/smtp-inbox.ts';
import { contactFigures } from '#schema/contact-figures.ts';
import { COSIGN_FAILURES, cosignTotp } from '#schema/cosign.ts';
import type { Role } from '#schema/enums.ts';
import { COSIGN_LOCK_NOTICE, ERR, MSG, tryAgainIn } from '#schema/messages.ts';
import { NEEDS_ATTENTION, signedContent, signOffContent } from '#schema/sign-off.ts';
import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let studentId: string;
let otherStudentId: string;
let skillId: string;
let programId: string;
const sent: { to: string; text: string }[] = [];

function setUp(mailer: Mailer = { send: async (m) => void sent.push(m) }, mailClock?: () => number) {
  sent.length = 0;
  h = testApp({ mailer, mailClock });
  const program = h.program({ name: 'Medic', type: 'ems', certificationLevel: 'paramedic' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.clinical_coordinator.id, assignedRole: 'clinical_coordinator' },
  ]);
  programId = program.id;
  asSystem(h.db, 'fixture', (ctx) => {
    const student = (code: string, userId: string | null) =>
      ctx.insert(t.students, {
        userId,
        firstName: 'Ana',
        lastName: code,
        email: `${code}@example.org`,
        phone: '1',
        studentCode: code,
        programId: program.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }).id;
    studentId = student('S-1', h.users.student.id);
    // the site the shifts are at lists its preceptor's address, so his confirmation by link counts at once
    ctx.insert(t.clinicalSites, {
      name: 'County EMS',
      type: 'ems_agency',
      address: '1 Main St',
      programTypes: ['ems'],
      email: 'sam.rivera@county-ems.example',
    });
    otherStudentId = student('S-2', null);
    skillId = ctx.insert(t.skills, {
      code: 'iv',
      name: 'IV access',
      category: 'Vascular',
      programType: 'ems',
      certificationLevel: 'paramedic',
      minimumAttempts: 5,
    }).id;
  });
}

async function post(role: Role, path: string, body: unknown) {
  const res = await h.as(role, 'POST', path, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string } };
}

/** A shift the student logged: three attempts and a patient contact. */
async function shift(student = studentId, role: Role = 'student') {
  const attempts = [];
  for (const outcome of ['successful', 'successful', 'unsuccessful']) {
    const a = await post(role, '/api/skill-attempts', {
      studentId: student,
      skillId,
      attemptedAt: '2026-11-20T14:00:00.000Z',
      setting: 'field',
      outcome,
    });
    expect(a.status).toBe(201);
    attempts.push({ kind: 'attempt' as const, id: a.body.id });
  }
  const contact = await post(role, '/api/patient-contacts', {
    studentId: student,
    date: '2026-11-20',
    setting: 'field',
    ageYears: 54,
    ageMonths: 0,
    gender: 'female',
    chiefComplaints: ['Chest pain'],
    primaryImpression: 'ACS',
    teamLead: true,
    careLevel: 'als',
    disposition: 'transported',
  });
  expect(contact.status).toBe(201);
  return [...attempts, { kind: 'contact' as const, id: contact.body.id }];
}

/** What the student's device sends: the records' content and the sign-off hashed as the device would. */
function signed(records: SignOffArgs['records'], over: Partial<SignOffArgs> = {}, student = studentId): SignOffArgs {
  const ids = records.map((r) => r.id);
  const content = signedContent(student, {
    attempts: h.db.select().from(t.skillAttempts).where(inArray(t.skillAttempts.id, ids)).all(),
    contacts: h.db.select().from(t.patientContacts).where(inArray(t.patientContacts.id, ids)).all(),
    hours: h.db.select().from(t.clinicalHours).where(inArray(t.clinicalHours.id, ids)).all(),
  });
  const args = {
    id: crypto.randomUUID(),
    studentId: student,
    records,
    contentHash: sha256(content),
    previousHash: null,
    deviceId: 'device-0001',
    capturedAt: '2026-11-20T18:00:00.000Z',
    preceptor: {
      name: 'Sam Rivera',
      credential: 'Paramedic' as const,
      number: 'NRP 123456',
      agency: 'County EMS',
      contact: 'sam.rivera@county-ems.example',
    },
    attested: true as const,
    evaluation: { Integrity: 2 as const, Empathy: 1 as const },
    teamLeadScores: {},
    signature: { width: 300, height: 120, strokes: [[10, 10, 40, 30, 80, 20]] },
    hash: '',
    ...over,
  };
  return { ...args, hash: over.hash ?? sha256(signOffContent(args)) };
}

const figures = async () => {
  const rows = (await (await h.as('director', 'GET', `/api/student-skills?studentId=${studentId}`)).json()) as {
    skillId: string;
    attempts: number;
    successfulAttempts: number;
    pendingAttempts: number;
  }[];
  const row = rows.find((r) => r.skillId === skillId)!;
  return { attempts: row.attempts, successful: row.successfulAttempts, pending: row.pendingAttempts };
};
/** The student's attempts as the progress report shows them: counted, and awaiting verification. */
const reported = async () => {
  const reports = (await (await h.as('director', 'GET', '/api/reports/progress')).json()) as {
    studentId: string;
    verifiedAttempts: number;
    unverifiedAttempts: number;
  }[];
  const { verifiedAttempts, unverifiedAttempts } = reports.find((r) => r.studentId === 'S-1')!;
  return { verified: verifiedAttempts, unverified: unverifiedAttempts };
};
const status = (id: string) =>
  h.db
    .select()
    .from(t.signOffs)
    .all()
    .find((s) => s.id === id)?.status;
const tokenOf = (mail: { text: string }) => /\/sign-off\/([\w-]+)/.exec(mail.text)![1];
const link = (token: string, body?: unknown) =>
  body === undefined
    ? h.as(null, 'GET', `/api/sign-off-links/${token}`)
    : h.as(null, 'POST', `/api/sign-off-links/${token}`, body);

describe('a sign-off captured on the student device', () => {
  beforeEach(() => setUp());

  it('is stored awaiting confirmation, the attempts still pending, and the preceptor is sent a link', async () => {
    const records = await shift();
    const res = await post('student', '/api/sign-offs', signed(records));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'awaiting', recordedBy: h.users.student.id, chainBroken: false });
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });
    await h.signOffMail.run();
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe('sam.rivera@county-ems.example');
    expect(sent[0].text).toContain('http://localhost/sign-off/');
  });

  it('pushed from the device, its preceptor is sent the link at once, not at the next timer', async () => {
    const records = await shift();
    const res = await h.as('student', 'POST', '/api/sync/push', {
      pushVersion: 1,
      clientGroupId: 'g1',
      clientId: 'phone-1',
      mutations: [{ id: 1, name: 'signOff', createdAt: '2026-11-20T18:00:00.000Z', args: signed(records) }],
    });
    expect(((await res.json()) as { results: { status: string }[] }).results).toMatchObject([{ status: 'applied' }]);
    await vi.waitFor(() => expect(sent.map((m) => m.to)).toEqual(['sam.rivera@county-ems.example']));
  });

  it('the link shows what was signed, confirms once, and the attempts then count', async () => {
    const records = await shift();
    const { body } = await post('student', '/api/sign-offs', signed(records));
    await h.signOffMail.run();
    const token = tokenOf(sent[0]);
    expect(await reported()).toEqual({ verified: 0, unverified: 3 });

    const summary = await (await link(token)).json();
    expect(summary).toMatchObject({ student: 'Ana S-1', preceptor: { name: 'Sam Rivera', number: 'NRP 123456' } });
    expect(summary.attempts.map((a: { skill: string; outcome: string }) => `${a.skill} ${a.outcome}`).sort()).toEqual([
      'IV access successful',
      'IV access successful',
      'IV access unsuccessful',
    ]);
    expect(summary.contacts[0]).toMatchObject({ ageYears: 54, primaryImpression: 'ACS', teamLead: true });

    expect((await link(token, { decision: 'confirm' })).status).toBe(200);
    expect(status(body.id)).toBe('confirmed');
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });
    expect(await reported()).toEqual({ verified: 3, unverified: 0 });

    const before = fingerprint(h.db);
    const again = await link(token, { decision: 'dispute', reason: 'Not me' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(ERR.linkUsed);
    expect((await link(token)).status).toBe(409);
    expect(fingerprint(h.db)).toBe(before);
  });

  it('a dispute needs a reason, and leaves the attempts pending', async () => {
    const records = await shift();
    const { body } = await post('student', '/api/sign-offs', signed(records));
    await h.signOffMail.run();
    const token = tokenOf(sent[0]);
    const before = fingerprint(h.db);
    const bare = await link(token, { decision: 'dispute' });
    expect(bare.status).toBe(400);
    expect((await bare.json()).fields.reason).toBe(ERR.disputeReasonRequired);
    expect(fingerprint(h.db)).toBe(before);
    expect((await link(token, { decision: 'dispute', reason: 'I was not on that shift' })).status).toBe(200);
    expect(status(body.id)).toBe('disputed');
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });
  });

  it('lists the sign-offs that need a coordinator by the rule the queue opens on, and refuses an unknown filter', async () => {
    const { body: disputed } = await post('student', '/api/sign-offs', signed(await shift()));
    await h.signOffMail.run();
    expect((await link(tokenOf(sent[0]), { decision: 'dispute', reason: 'I was not on that shift' })).status).toBe(200);
    // the device's next sign-off, chained to the disputed one: it awaits its preceptor, nothing is wrong with it
    await post('student', '/api/sign-offs', signed(await shift(), { previousHash: disputed.hash as string }));
    await h.signOffMail.run();
    const list = async (query: string) => {
      const res = await h.as('clinical_coordinator', 'GET', `/api/sign-offs?${query}`);
      return [res.status, await res.json()] as const;
    };
    const [status, rows] = await list(`status=${NEEDS_ATTENTION}`);
    expect(status).toBe(200);
    expect((rows as { id: string }[]).map((s) => s.id)).toEqual([disputed.id]);
    expect((await list('status=awaiting'))[1]).toHaveLength(1);
    expect(await list('status=urgent')).toEqual([400, expect.objectContaining({ error: expect.any(String) })]);
  });

  it('an expired or unknown link says so and changes nothing', async () => {
    const records = await shift();
    await post('student', '/api/sign-offs', signed(records));
    await h.signOffMail.run();
    const token = tokenOf(sent[0]);
    h.db.update(t.signOffLinks).set({ expiresAt: '2026-01-01T00:00:00.000Z' }).run();
    const before = fingerprint(h.db);
    const expired = await link(token, { decision: 'confirm' });
    expect(expired.status).toBe(410);
    expect((await expired.json()).error).toBe(ERR.linkExpired);
    const unknown = await link('x'.repeat(43), { decision: 'confirm' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe(ERR.linkUnknown);
    expect(fingerprint(h.db)).toBe(before);
  });

  it('refuses content that no longer matches the records, and a sign-off altered after it was hashed', async () => {
    const records = await shift();
    const before = fingerprint(h.db);
    const honest = signed(records);

    const changed = await post('student', '/api/sign-offs', signed(records, { contentHash: sha256('other') }));
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe(ERR.signOffChanged);

    const altered = { ...honest, preceptor: { ...honest.preceptor, name: 'Someone Else' } };
    const tampered = await post('student', '/api/sign-offs', altered);
    expect(tampered.status).toBe(409);
    expect(tampered.body.error).toBe(ERR.signOffAltered);

    const other = await shift(otherStudentId, 'instructor');
    const foreign = await post('student', '/api/sign-offs', signed([...records, other[0]]));
    expect(foreign.status).toBe(409);
    expect(foreign.body.error).toBe(ERR.signOffChanged);

    const forbidden = await post('instructor', '/api/sign-offs', signed(records));
    expect(forbidden.status).toBe(403);
    expect(status(honest.id)).toBeUndefined();
    expect(fingerprint(h.db)).not.toBe(before); // the other student's shift was logged
  });

  it('a record already awaiting confirmation cannot be signed again; the device chain is checked', async () => {
    const records = await shift();
    const first = signed(records);
    expect((await post('student', '/api/sign-offs', first)).status).toBe(201);
    const twice = await post('student', '/api/sign-offs', signed(records.slice(0, 1)));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(ERR.alreadySigned);

    const more = await shift();
    const chained = await post(
      'student',
      '/api/sign-offs',
      signed(more, { previousHash: first.hash, capturedAt: '2026-11-21T18:00:00.000Z' }),
    );
    expect(chained.body.chainBroken).toBe(false);
    const gap = await shift();
    // names the first as its previous, but the second came after it on this device
    const broken = await post(
      'student',
      '/api/sign-offs',
      signed(gap, { previousHash: first.hash, capturedAt: '2026-11-22T18:00:00.000Z' }),
    );
    expect(broken.body.chainBroken).toBe(true);
  });

  it('an attempt voided after signing marks the sign-off changed and its other attempts pending again', async () => {
    const records = await shift();
    const { body } = await post('student', '/api/sign-offs', signed(records));
    await h.signOffMail.run();
    await link(tokenOf(sent[0]), { decision: 'confirm' });
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });

    const voided = await post('instructor', `/api/skill-attempts/${records[0].id}/void`, { reason: 'Wrong skill' });
    expect(voided.status).toBe(201);
    expect(status(body.id)).toBe('changed');
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 2 });
  });

  it('a coordinator closes a sign-off changed after signing by rejecting it; it cannot be accepted', async () => {
    const records = await shift();
    const { body } = await post('student', '/api/sign-offs', signed(records));
    await h.signOffMail.run();
    await link(tokenOf(sent[0]), { decision: 'confirm' });
    await post('instructor', `/api/skill-attempts/${records[0].id}/void`, { reason: 'Wrong skill' });

    const accepted = await post('clinical_coordinator', `/api/sign-offs/${body.id}/review`, {
      action: 'accept',
      note: 'Looks fine',
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body.error).toBe(ERR.signOffChanged);
    const rejected = await post('clinical_coordinator', `/api/sign-offs/${body.id}/review`, {
      action: 'reject',
      note: 'Records changed; a new sign-off was asked for',
    });
    expect(rejected.status).toBe(200);
    expect(status(body.id)).toBe('rejected');
    // the records left wait for a new sign-off, as they did while it was marked changed
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 2 });
  });
});

describe('a typed-name signature (for keyboard and screen-reader users)', () => {
  beforeEach(() => setUp());

  it('is stored as a typed signature, its hash checked as a drawn one is', async () => {
    const records = await shift();
    const signature = { kind: 'typed' as const, name: 'Sam Rivera' };
    const res = await post('student', '/api/sign-offs', signed(records, { signature }));
    expect(res.status).toBe(201);
    expect(h.db.select().from(t.signOffs).get()?.signature).toEqual(signature);
  });

  it('must be the full name the preceptor gave; otherwise nothing is stored', async () => {
    const records = await shift();
    const res = await post('student', '/api/sign-offs', signed(records, { signature: { kind: 'typed', name: 'Sam' } }));
    expect(res.status).toBe(400);
    expect((res.body.fields as Record<string, string>).signature).toBe(MSG.typedSignatureMismatch);
    expect(h.db.select().from(t.signOffs).all()).toEqual([]);
  });
});

describe('hours signed and deleted later', () => {
  beforeEach(() => setUp());

  it('mark the sign-off changed after signing and its attempts pending again', async () => {
    const hours = await post('student', '/api/clinical-hours', {
      studentId,
      date: '2026-11-20',
      hoursCompleted: 12,
      hourType: 'field',
    });
    expect(hours.status).toBe(201);
    const records = [...(await shift()), { kind: 'hours' as const, id: hours.body.id }];
    const { body } = await post('student', '/api/sign-offs', signed(records));
    await h.signOffMail.run();
    await link(tokenOf(sent[0]), { decision: 'confirm' });
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });

    expect((await h.as('student', 'DELETE', `/api/clinical-hours/${hours.body.id}?reason=Logged%20twice`)).status).toBe(
      200,
    );
    expect(status(body.id)).toBe('changed');
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });
  });
});

describe('a patient contact signed and removed later', () => {
  beforeEach(() => setUp());

  it('marks the sign-off changed after signing and its attempts pending again', async () => {
    const records = await shift();
    const { body } = await post('student', '/api/sign-offs', signed(records));
    await h.signOffMail.run();
    await link(tokenOf(sent[0]), { decision: 'confirm' });
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });

    const contact = records.find((r) => r.kind === 'contact')!;
    expect((await h.as('student', 'DELETE', `/api/patient-contacts/${contact.id}?reason=Logged%20twice`)).status).toBe(
      200,
    );
    expect(status(body.id)).toBe('changed');
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });
  });
});

describe('nobody signs off their own records', () => {
  beforeEach(() => setUp());

  it("refuses the student's own or their account's e-mail, and the recorder's, as the preceptor's contact", async () => {
    const byStudent = await shift();
    const byInstructor = await shift(studentId, 'instructor');
    const refused = async (records: SignOffArgs['records'], contact: string) => {
      const before = fingerprint(h.db);
      const preceptor = { ...signed(records).preceptor, contact };
      const res = await post('student', '/api/sign-offs', signed(records, { preceptor }));
      expect([res.status, res.body.error]).toEqual([403, ERR.ownSignOff]);
      expect(fingerprint(h.db)).toBe(before);
    };
    await refused(byStudent, h.users.student.email);
    await refused(byStudent, 'S-1@Example.ORG');
    await refused(byInstructor, h.users.instructor.email);
    await h.signOffMail.run();
    expect(sent).toHaveLength(0);
    expect(await figures()).toMatchObject({ attempts: 3, pending: 3 });
  });

  it("a link answered after the preceptor's contact became the student's own is refused and changes nothing", async () => {
    const { body } = await post('student', '/api/sign-offs', signed(await shift()));
    await h.signOffMail.run();
    h.db.update(t.students).set({ email: 'sam.rivera@county-ems.example' }).where(eq(t.students.id, studentId)).run();
    const before = fingerprint(h.db);
    const res = await link(tokenOf(sent[0]), { decision: 'confirm' });
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([403, ERR.ownSignOff]);
    expect(fingerprint(h.db)).toBe(before);
    expect(status(body.id)).toBe('awaiting');
  });
});

describe('the audit trail of a sign-off', () => {
  beforeEach(() => setUp());

  it('records who confirmed or accepted what, and when', async () => {
    const confirmed = await post('student', '/api/sign-offs', signed(await shift()));
    await h.signOffMail.run();
    await link(tokenOf(sent[0]), { decision: 'confirm' });
    const accepted = await post('student', '/api/sign-offs', signed(await shift()));
    await post('clinical_coordinator', `/api/sign-offs/${accepted.body.id}/review`, {
      action: 'accept',
      note: 'Called the preceptor',
    });
    const trail = async (id: string) =>
      (
        (await (await h.as('director', 'GET', `/api/audit?table=sign_offs&recordId=${id}`)).json()) as {
          entries: { at: string; actorName: string; action: string; changes: Record<string, { after: unknown }> }[];
        }
      ).entries;
    const [byLink] = await trail(confirmed.body.id);
    expect(byLink.actorName).toBe('Preceptor, by confirm link');
    expect(byLink.changes.status.after).toBe('confirmed');
    expect(byLink.changes.statusNote.after).toBe(
      'By Sam Rivera through the link sent to sam.rivera@county-ems.example',
    );
    expect(Date.parse(byLink.at)).toBeGreaterThan(Date.now() - 60_000);
    const [byCoordinator] = await trail(accepted.body.id);
    const coordinator = h.users.clinical_coordinator;
    expect(byCoordinator.actorName).toBe(`${coordinator.firstName} ${coordinator.lastName}`);
    expect(byCoordinator.changes.status.after).toBe('accepted');
    expect(byCoordinator.changes.statusNote.after).toBe('Called the preceptor');
  });
});

describe('the verification queue', () => {
  beforeEach(() => setUp());

  async function awaiting() {
    const { body } = await post('student', '/api/sign-offs', signed(await shift()));
    return body.id;
  }

  it('counts the states the program chooses, taking back or counting the attempts of sign-offs already made', async () => {
    const counted = (states: unknown) =>
      h.as('director', 'PUT', `/api/programs/${programId}/requirements`, { countedSignOffStates: states });
    const accepted = await awaiting();
    await post('clinical_coordinator', `/api/sign-offs/${accepted}/review`, { action: 'accept', note: 'By phone' });
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });

    expect((await counted(['confirmed', 'code_verified', 'accepted'])).status).toBe(200);
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });

    expect((await counted(['confirmed', 'code_verified'])).status).toBe(200);
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });
    const oneAttempt = (await shift()).slice(0, 1);
    expect((await post('student', '/api/sign-offs', signed(oneAttempt))).status).toBe(201);
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 6 });

    expect((await counted(['awaiting'])).status).toBe(200);
    expect(await figures()).toEqual({ attempts: 1, successful: 1, pending: 5 });

    const before = fingerprint(h.db);
    for (const bad of [[], ['bogus'], ['disputed'], 'awaiting']) expect((await counted(bad)).status).toBe(400);
    expect(
      (
        await h.as('clinical_coordinator', 'PUT', `/api/programs/${programId}/requirements`, {
          countedSignOffStates: ['awaiting', 'confirmed'],
        })
      ).status,
    ).toBe(403);
    expect(fingerprint(h.db)).toBe(before);

    expect((await counted(null)).status).toBe(200);
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 6 });
    expect(
      h.db
        .select()
        .from(t.programs)
        .all()
        .find((p) => p.id === programId)?.countedSignOffStates,
    ).toBeNull();
  });

  it('accepts as attested with a note; the attempts count where the program counts acceptances', async () => {
    const id = await awaiting();
    const bare = await post('clinical_coordinator', `/api/sign-offs/${id}/review`, { action: 'accept' });
    expect(bare.status).toBe(400);
    expect((bare.body.fields as Record<string, string>).note).toBe(MSG.acceptNoteRequired);
    const res = await post('clinical_coordinator', `/api/sign-offs/${id}/review`, {
      action: 'accept',
      note: 'Called the preceptor; confirmed by phone',
    });
    expect(res.status).toBe(200);
    expect(status(id)).toBe('accepted');
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });
    const counting = await h.as('director', 'PUT', `/api/programs/${programId}/requirements`, {
      countedSignOffStates: ['code_verified', 'confirmed', 'accepted'],
    });
    expect(counting.status).toBe(200);
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });
    await post('clinical_coordinator', `/api/sign-offs/${id}/review`, { action: 'reject', note: 'Wrong preceptor' });
    expect(status(id)).toBe('rejected');
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });
  });

  it('asks again with a fresh link (the old one stops working), and hands staff a link to pass on', async () => {
    const id = await awaiting();
    await h.signOffMail.run();
    const first = tokenOf(sent[0]);
    const again = await post('clinical_coordinator', `/api/sign-offs/${id}/review`, { action: 'ask_again' });
    expect(again.status).toBe(200);
    // mailed, so not shown to the coordinator, who could otherwise answer it in the preceptor's place
    expect(again.body.url).toBeNull();
    expect(sent).toHaveLength(2);
    expect(tokenOf(sent[1])).not.toBe(first);
    expect((await link(first)).status).toBe(410);

    const byHand = await post('instructor', `/api/sign-offs/${id}/link`, {});
    expect(byHand.status).toBe(200);
    const token = String(byHand.body.url).split('/').pop()!;
    expect((await link(token, { decision: 'confirm' })).status).toBe(200);
    expect(status(id)).toBe('link_confirmed');
  });

  it('is only for staff of the student, and shows each sign-off only to those who may see the student', async () => {
    const id = await awaiting();
    const before = fingerprint(h.db);
    for (const role of ['student', 'preceptor'] as const) {
      expect((await post(role, `/api/sign-offs/${id}/review`, { action: 'reject' })).status).toBe(403);
      expect((await post(role, `/api/sign-offs/${id}/link`, {})).status).toBe(403);
    }
    expect((await post('clinical_coordinator', '/api/sign-offs/nope/review', { action: 'reject' })).status).toBe(404);
    expect(fingerprint(h.db)).toBe(before);

    const list = async (role: Role) =>
      ((await (await h.as(role, 'GET', '/api/sign-offs')).json()) as { id: string }[]).map((s) => s.id);
    expect(await list('student')).toEqual([id]);
    expect(await list('clinical_coordinator')).toEqual([id]);
    expect(await list('preceptor')).toEqual([]);
  });
});

describe('a preceptor with an account', () => {
  beforeEach(() => setUp());

  it('sees only the sign-offs given in their name and confirms a whole shift in one tap', async () => {
    const mine = signed(await shift(), { preceptor: { ...signed([]).preceptor, contact: 'Preceptor@Test.local' } });
    expect((await post('student', '/api/sign-offs', mine)).status).toBe(201);
    const other = signed(await shift(), { capturedAt: '2026-11-21T18:00:00.000Z' });
    expect((await post('student', '/api/sign-offs', other)).status).toBe(201);

    const listed = (await (await h.as('preceptor', 'GET', '/api/sign-offs')).json()) as { id: string }[];
    expect(listed.map((s) => s.id)).toEqual([mine.id]);

    const before = fingerprint(h.db);
    expect((await post('preceptor', `/api/sign-offs/${other.id}/confirm`, {})).status).toBe(404);
    expect((await post('instructor', `/api/sign-offs/${mine.id}/confirm`, {})).status).toBe(404);
    expect((await post('student', `/api/sign-offs/${mine.id}/confirm`, {})).status).toBe(403);
    expect(fingerprint(h.db)).toBe(before);

    const res = await post('preceptor', `/api/sign-offs/${mine.id}/confirm`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'confirmed', statusNote: 'Confirmed in the app by Test preceptor' });
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 3 });
    const again = await post('preceptor', `/api/sign-offs/${mine.id}/confirm`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ERR.signOffAnswered);
  });
});

describe('a co-sign code from the preceptor phone', () => {
  beforeEach(() => {
    // the server's clock a minute after the capture: codes are checked only on recent sign-offs
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime('2026-11-20T18:01:00.000Z');
    setUp();
  });
  afterEach(() => vi.useRealTimers());

  /** What the account's sign-in answer hands its device (null for a student). */
  async function secretOf(role: Role): Promise<string | null> {
    const res = await h.app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${role}@test.local`, password: TEST_PASSWORD }),
    });
    return ((await res.json()) as { cosignSecret: string | null }).cosignSecret;
  }
  const codeAt = (secret: string, at: string) => cosignTotp(secret).generate({ timestamp: Date.parse(at) });
  const capturedAt = '2026-11-20T18:00:00.000Z';
  const byPreceptor = {
    name: 'Test preceptor',
    credential: 'Paramedic' as const,
    number: 'NRP 654321',
    agency: 'County EMS',
    contact: 'preceptor@test.local',
  };

  it('is given only to staff accounts at sign-in, the same on every device', async () => {
    const secret = await secretOf('preceptor');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await secretOf('preceptor')).toBe(secret);
    expect(await secretOf('student')).toBeNull();
    const me = await (await h.as('preceptor', 'GET', '/api/auth/user')).json();
    expect(JSON.stringify(me)).not.toContain(secret);
  });

  it('verifies the sign-off when it arrives: the attempts count at once and no link is mailed', async () => {
    const code = codeAt((await secretOf('preceptor'))!, '2026-11-20T17:59:10.000Z');
    const args = signed(await shift(), { preceptor: byPreceptor, capturedAt, cosignCode: code });
    const res = await post('student', '/api/sign-offs', args);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'code_verified', cosignedBy: h.users.preceptor.id });
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });
    await h.signOffMail.run();
    expect(sent).toHaveLength(0);
  });

  it('notes the account whose code verified the sign-off, not the name typed on the sheet', async () => {
    const code = codeAt((await secretOf('preceptor'))!, '2026-11-20T17:59:10.000Z');
    const typed = { ...byPreceptor, name: 'Pat Nguyen' };
    const res = await post(
      'student',
      '/api/sign-offs',
      signed(await shift(), { preceptor: typed, capturedAt, cosignCode: code }),
    );
    const account = h.users.preceptor;
    expect(res.body).toMatchObject({
      status: 'code_verified',
      statusNote: `Co-signed with the code of ${account.firstName} ${account.lastName}`,
    });
  });

  it("refuses another preceptor's code, an old window, a student's e-mail and a code used twice, changing nothing", async () => {
    const preceptor = (await secretOf('preceptor'))!;
    const instructor = (await secretOf('instructor'))!;
    const records = await shift();
    const refused = async (over: Partial<SignOffArgs>, status: number, error: string) => {
      const before = fingerprint(h.db);
      const res = await post('student', '/api/sign-offs', signed(records, { capturedAt, ...over }));
      expect([res.status, res.body.error]).toEqual([status, error]);
      expect(fingerprint(h.db)).toBe(before);
    };
    await refused({ preceptor: byPreceptor, cosignCode: codeAt(instructor, capturedAt) }, 409, ERR.cosignRefused);
    await refused(
      { preceptor: byPreceptor, cosignCode: codeAt(preceptor, '2026-11-20T17:55:00.000Z') },
      409,
      ERR.cosignRefused,
    );
    await refused(
      { preceptor: { ...byPreceptor, contact: 'student@test.local' }, cosignCode: '123456' },
      403,
      ERR.ownSignOff,
    );
    await refused(
      { preceptor: { ...byPreceptor, contact: 'S-2@example.org' }, cosignCode: '123456' },
      409,
      ERR.cosignRefused,
    );
    await refused({ preceptor: byPreceptor, cosignCode: '12345' }, 400, ERR.invalidInput);

    const code = codeAt(preceptor, capturedAt);
    expect(
      (
        await post(
          'student',
          '/api/sign-offs',
          signed(records, { preceptor: byPreceptor, capturedAt, cosignCode: code }),
        )
      ).status,
    ).toBe(201);
    const replay = signed(await shift(), { preceptor: byPreceptor, capturedAt, cosignCode: code });
    const before = fingerprint(h.db);
    const res = await post('student', '/api/sign-offs', replay);
    expect([res.status, res.body.error]).toEqual([409, ERR.cosignUsed]);
    expect(fingerprint(h.db)).toBe(before);
  });

  /** A code that is not the one given: each digit one on. */
  const wrong = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
  const raw = async (args: SignOffArgs) => {
    const res = await h.as('student', 'POST', '/api/sign-offs', args);
    return { status: res.status, body: await res.text() };
  };
  const noticesTo = (userId: string) => h.db.select().from(t.messages).where(eq(t.messages.recipientId, userId)).all();

  it('answers an address without codes and a wrong code alike, so neither tells which addresses are staff', async () => {
    const code = codeAt((await secretOf('preceptor'))!, capturedAt);
    const records = await shift();
    const notStaff = await raw(
      signed(records, { preceptor: { ...byPreceptor, contact: 'S-2@example.org' }, capturedAt, cosignCode: code }),
    );
    const wrongCode = await raw(signed(records, { preceptor: byPreceptor, capturedAt, cosignCode: wrong(code) }));
    expect(notStaff).toEqual({ status: 409, body: JSON.stringify({ error: ERR.cosignRefused }) });
    expect(wrongCode).toEqual(notStaff);
  });

  it('checks a code only on a sign-off captured in the offline window, never ahead of the server clock', async () => {
    const secret = (await secretOf('preceptor'))!;
    const records = await shift();
    for (const at of ['2025-11-20T18:00:00.000Z', '2026-11-30T18:00:00.000Z', '2026-11-20T18:07:00.000Z']) {
      const before = fingerprint(h.db);
      const res = await post(
        'student',
        '/api/sign-offs',
        signed(records, { preceptor: byPreceptor, capturedAt: at, cosignCode: codeAt(secret, at) }),
      );
      expect([res.status, res.body.error], at).toEqual([409, ERR.cosignStale]);
      expect(fingerprint(h.db)).toBe(before);
    }
    const weekOld = '2026-11-13T18:02:00.000Z';
    const args = signed(records, { preceptor: byPreceptor, capturedAt: weekOld, cosignCode: codeAt(secret, weekOld) });
    expect((await post('student', '/api/sign-offs', args)).body).toMatchObject({ status: 'code_verified' });
  });

  it('takes the right code after a few wrong ones', async () => {
    const code = codeAt((await secretOf('preceptor'))!, capturedAt);
    const records = await shift();
    for (let i = 0; i < COSIGN_FAILURES.max - 1; i++) {
      expect((await raw(signed(records, { preceptor: byPreceptor, capturedAt, cosignCode: wrong(code) }))).status).toBe(
        409,
      );
    }
    const res = await post(
      'student',
      '/api/sign-offs',
      signed(records, { preceptor: byPreceptor, capturedAt, cosignCode: code }),
    );
    expect(res.body).toMatchObject({ status: 'code_verified' });
  });

  it('stops guessing over REST after the limit, even the right code, tells the preceptor, and checks again later', async () => {
    const code = codeAt((await secretOf('preceptor'))!, capturedAt);
    const records = await shift();
    for (let i = 0; i < COSIGN_FAILURES.max; i++) {
      const res = await post(
        'student',
        '/api/sign-offs',
        signed(records, { preceptor: byPreceptor, capturedAt, cosignCode: wrong(code) }),
      );
      expect([res.status, res.body.error]).toEqual([409, ERR.cosignRefused]);
    }
    const before = fingerprint(h.db);
    const locked = await post(
      'student',
      '/api/sign-offs',
      signed(records, { preceptor: byPreceptor, capturedAt, cosignCode: code }),
    );
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe(`${ERR.cosignLocked} ${tryAgainIn(COSIGN_FAILURES.seconds)}`);
    expect(fingerprint(h.db)).toBe(before);
    await vi.waitFor(() => expect(noticesTo(h.users.preceptor.id)).toHaveLength(1));
    expect(noticesTo(h.users.preceptor.id)[0]).toMatchObject({ ...COSIGN_LOCK_NOTICE, priority: 'high' });

    vi.setSystemTime(Date.parse('2026-11-20T18:01:00.000Z') + COSIGN_FAILURES.seconds * 1000);
    const later = await post(
      'student',
      '/api/sign-offs',
      signed(records, { preceptor: byPreceptor, capturedAt, cosignCode: code }),
    );
    expect(later.body).toMatchObject({ status: 'code_verified' });
  });

  it('stops guessing over the sync push after the limit: the rest of the batch is refused, even the right code', async () => {
    const code = codeAt((await secretOf('preceptor'))!, capturedAt);
    const records = await shift();
    const guesses = [...Array(COSIGN_FAILURES.max).fill(wrong(code)), code].map((cosignCode, i) => ({
      id: i + 1,
      name: 'signOff',
      createdAt: capturedAt,
      args: signed(records, { preceptor: byPreceptor, capturedAt, cosignCode }),
    }));
    // as the device does: what the server's time budget left for the next push goes with it
    const results: { status: string; code?: string; message?: string }[] = [];
    while (results.length < guesses.length) {
      const res = await h.as('student', 'POST', '/api/sync/push', {
        pushVersion: 1,
        clientGroupId: 'g1',
        clientId: 'phone-1',
        mutations: guesses.slice(results.length),
      });
      results.push(...((await res.json()) as { results: typeof results }).results);
    }
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ...Array(COSIGN_FAILURES.max).fill(['rejected', '409']),
      ['rejected', '429'],
    ]);
    expect(results.at(-1)!.message).toContain(ERR.cosignLocked);
    expect(h.db.select().from(t.signOffs).all()).toHaveLength(0);
    await vi.waitFor(() => expect(noticesTo(h.users.preceptor.id)).toHaveLength(1));
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });
  });
});

describe('the confirmation e-mail over SMTP', () => {
  let close = async () => {};

  afterEach(() => close());

  it('reaches a real SMTP server, and its link confirms the sign-off', async () => {
    const smtp = await startSmtpInbox();
    ({ close } = smtp);
    const { inbox, port } = smtp;
    setUp(smtpMailer(`smtp://127.0.0.1:${port}`, 'Training Records <no-reply@example.org>'));

    const { body } = await post('student', '/api/sign-offs', signed(await shift()));
    await h.signOffMail.run();
    expect(inbox).toHaveLength(1);
    expect(inbox[0].to).toBe('sam.rivera@county-ems.example');
    expect(inbox[0].text).toContain('Hello Sam Rivera');
    const token = tokenOf(inbox[0]);
    expect((await link(token, { decision: 'confirm' })).status).toBe(200);
    expect(status(body.id)).toBe('confirmed');
  });
});

describe("the preceptor's contact is one plain mailbox, parsed as the mailer parses it", () => {
  beforeEach(() => setUp());

  const withContact = (records: SignOffArgs['records'], contact: string) =>
    signed(records, { preceptor: { ...signed([]).preceptor, contact } });

  it("refuses the student's own mailbox in every form the mailer would reach, and mails nobody", async () => {
    const records = await shift();
    const own = 'S-1@example.org';
    for (const contact of [
      `<${own}>`,
      `Ana <${own}>`,
      `${own}, sam.rivera@county-ems.example`,
      `sam.rivera@county-ems.example, ${own}`,
      '"S-1"@example.org',
      `(comment) ${own}`,
      `Friends: ${own};`,
    ]) {
      const before = fingerprint(h.db);
      const res = await post('student', '/api/sign-offs', withContact(records, contact));
      expect([res.status, (res.body.fields as Record<string, string>).preceptor], contact).toEqual([
        400,
        MSG.preceptorContactPlain,
      ]);
      expect(fingerprint(h.db)).toBe(before);
    }
    for (const contact of ['S-1+preceptor@example.org', 'S-1+x@EXAMPLE.org']) {
      const res = await post('student', '/api/sign-offs', withContact(records, contact));
      expect([res.status, res.body.error]).toEqual([403, ERR.ownSignOff]);
    }
    await h.signOffMail.run();
    expect(sent).toHaveLength(0);
  });

  it('stores and mails exactly the address given', async () => {
    const res = await post(
      'student',
      '/api/sign-offs',
      withContact(await shift(), 'Sam.Rivera+shift@county-ems.example'),
    );
    expect(res.status).toBe(201);
    expect((res.body.preceptor as { contact: string }).contact).toBe('Sam.Rivera+shift@county-ems.example');
    await h.signOffMail.run();
    expect(sent.map((m) => m.to)).toEqual(['Sam.Rivera+shift@county-ems.example']);
  });
});

describe('a confirmation by link from an address the program does not know', () => {
  beforeEach(() => setUp());

  it('waits for a coordinator, and counts once they accept it', async () => {
    const stranger = signed(await shift(), {
      preceptor: { ...signed([]).preceptor, contact: 'pat@elsewhere.example' },
    });
    expect((await post('student', '/api/sign-offs', stranger)).status).toBe(201);
    await h.signOffMail.run();
    expect((await link(tokenOf(sent[0]), { decision: 'confirm' })).status).toBe(200);
    expect(status(stranger.id)).toBe('link_confirmed');
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });

    const accepted = await post('clinical_coordinator', `/api/sign-offs/${stranger.id}/review`, {
      action: 'accept',
      note: 'Called the ED charge nurse: Pat is their preceptor',
    });
    expect(accepted.status).toBe(200);
    expect(status(stranger.id)).toBe('confirmed');
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });
  });

  it("counts at once from a staff account's address", async () => {
    const staff = signed(await shift(), { preceptor: { ...signed([]).preceptor, contact: h.users.preceptor.email } });
    expect((await post('student', '/api/sign-offs', staff)).status).toBe(201);
    await h.signOffMail.run();
    expect((await link(tokenOf(sent[0]), { decision: 'confirm' })).status).toBe(200);
    expect(status(staff.id)).toBe('confirmed');
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });
  });
});

describe('a link staff made by hand', () => {
  beforeEach(() => setUp());

  it("answered, is not the preceptor's own confirmation, and the one who made it cannot accept it", async () => {
    const { body } = await post('student', '/api/sign-offs', signed(await shift()));
    const byHand = await post('instructor', `/api/sign-offs/${body.id}/link`, {});
    const token = String(byHand.body.url).split('/').pop()!;
    expect((await link(token, { decision: 'confirm' })).status).toBe(200);
    const row = h.db.select().from(t.signOffs).where(eq(t.signOffs.id, body.id)).get()!;
    const maker = h.users.instructor;
    expect(row).toMatchObject({
      status: 'link_confirmed',
      statusNote: `By Sam Rivera through a link handed out by ${maker.firstName} ${maker.lastName}`,
    });
    expect(await figures()).toEqual({ attempts: 0, successful: 0, pending: 3 });

    const before = fingerprint(h.db);
    const own = await post('instructor', `/api/sign-offs/${body.id}/review`, { action: 'accept', note: 'It was me' });
    expect([own.status, own.body.error]).toEqual([403, ERR.ownLinkAccepted]);
    expect(fingerprint(h.db)).toBe(before);

    const other = await post('clinical_coordinator', `/api/sign-offs/${body.id}/review`, {
      action: 'accept',
      note: 'Sam confirmed to me by phone',
    });
    expect(other.status).toBe(200);
    expect(status(body.id)).toBe('confirmed');
    expect(await figures()).toEqual({ attempts: 3, successful: 2, pending: 0 });
  });
});

describe('asking again', () => {
  beforeEach(() => setUp());

  it('hands the coordinator the link only when it cannot be mailed, and then it carries their name', async () => {
    const phone = signed(await shift(), { preceptor: { ...signed([]).preceptor, contact: '(555) 010-0199' } });
    expect((await post('student', '/api/sign-offs', phone)).status).toBe(201);
    const again = await post('clinical_coordinator', `/api/sign-offs/${phone.id}/review`, { action: 'ask_again' });
    expect(again.body.url).toMatch(/^http:\/\/localhost\/sign-off\//);
    expect(sent).toHaveLength(0);
    const token = String(again.body.url).split('/').pop()!;
    expect((await link(token, { decision: 'confirm' })).status).toBe(200);
    expect(status(phone.id)).toBe('link_confirmed');
    const own = await post('clinical_coordinator', `/api/sign-offs/${phone.id}/review`, {
      action: 'accept',
      note: 'Me',
    });
    expect([own.status, own.body.error]).toEqual([403, ERR.ownLinkAccepted]);

    const mailed = await post('student', '/api/sign-offs', signed(await shift()));
    await h.signOffMail.run();
    const byMail = await post('clinical_coordinator', `/api/sign-offs/${mailed.body.id}/review`, {
      action: 'ask_again',
      canMail: false,
    });
    // a client cannot ask for the link in hand: the server decides from whether it can mail
    expect(byMail.body.url).toBeNull();
    expect(sent).toHaveLength(2);
    expect((await link(tokenOf(sent[1]), { decision: 'confirm' })).status).toBe(200);
    expect(status(mailed.body.id)).toBe('confirmed');
  });
});

describe('mail a student can cause', () => {
  beforeEach(() => setUp());

  it('keeps the preceptor name, number and agency to one plain line without links', async () => {
    const records = await shift();
    const before = fingerprint(h.db);
    const phishing = 'Sam\nLocked: https://evil.example';
    for (const field of ['name', 'number', 'agency'] as const) {
      const preceptor = { ...signed([]).preceptor, [field]: phishing };
      const res = await post('student', '/api/sign-offs', signed(records, { preceptor }));
      expect([res.status, (res.body.fields as Record<string, string>).preceptor]).toEqual([400, MSG.plainLine]);
    }
    expect(fingerprint(h.db)).toBe(before);
  });

  it('allows a student 10 sign-offs (and so 10 mails) an hour, then answers 429 and changes nothing', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await shift()).find((r) => r.kind === 'attempt')!.id);
    for (const id of ids.slice(0, 10)) {
      expect((await post('student', '/api/sign-offs', signed([{ kind: 'attempt', id }]))).status).toBe(201);
    }
    const before = fingerprint(h.db);
    const res = await h.as('student', 'POST', '/api/sign-offs', signed([{ kind: 'attempt', id: ids[10] }]));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(fingerprint(h.db)).toBe(before);
    await h.signOffMail.run();
    expect(sent).toHaveLength(10);
  });
});

describe('a confirmation e-mail that fails', () => {
  let close = async () => {};
  afterEach(() => close());

  const mailState = (id: string) => {
    const { mailTries, mailRetryAt, mailFailure } = h.db.select().from(t.signOffs).where(eq(t.signOffs.id, id)).get()!;
    return { mailTries, mailRetryAt, mailFailure };
  };

  it('to an address the server refuses is given up at once and never delays the mail after it', async () => {
    const smtp = await startSmtpInbox(0, ['nobody@county-ems.example']);
    ({ close } = smtp);
    setUp(smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Training Records <no-reply@example.org>'));
    const refused = signed(await shift(), {
      preceptor: { ...signed([]).preceptor, contact: 'nobody@county-ems.example' },
    });
    expect((await post('student', '/api/sign-offs', refused)).status).toBe(201);
    const good = signed(await shift(), { capturedAt: '2026-11-21T18:00:00.000Z' });
    expect((await post('student', '/api/sign-offs', good)).status).toBe(201);
    await h.signOffMail.run();
    expect(smtp.inbox.map((m) => m.to)).toEqual(['sam.rivera@county-ems.example']);
    expect(mailState(refused.id)).toMatchObject({ mailTries: 1, mailRetryAt: null });
    expect(mailState(refused.id).mailFailure).toMatch(/550/);

    const later = signed(await shift(), { capturedAt: '2026-11-22T18:00:00.000Z' });
    expect((await post('student', '/api/sign-offs', later)).status).toBe(201);
    await h.signOffMail.run();
    expect(smtp.inbox).toHaveLength(2);
    expect(mailState(refused.id).mailTries).toBe(1);
  });

  it('for a passing reason is tried again after 5, 10, 20 and 40 minutes, then given up', async () => {
    let clock = Date.parse('2026-11-20T19:00:00.000Z');
    let down = true;
    const tried: string[] = [];
    const mailer: Mailer = {
      send: async (m) => {
        tried.push(m.to);
        if (down) throw Object.assign(new Error('Connection timed out'), { code: 'ETIMEDOUT' });
      },
    };
    setUp(mailer, () => clock);
    const mail = h.signOffMail;
    const { body } = await post('student', '/api/sign-offs', signed(await shift()));
    for (const wait of [5, 10, 20, 40]) {
      await mail.run();
      expect(mailState(body.id)).toMatchObject({
        mailFailure: null,
        mailRetryAt: new Date(clock + wait * 60_000).toISOString(),
      });
      clock += wait * 60_000 - 1000;
      await mail.run();
      clock += 1000;
    }
    expect(tried).toHaveLength(4);
    await mail.run();
    expect(mailState(body.id)).toEqual({ mailTries: 5, mailRetryAt: null, mailFailure: 'Connection timed out' });
    clock += 86_400_000;
    await mail.run();
    expect(tried).toHaveLength(5);

    // staff asking again mails a fresh link, and a mail that goes out clears the failure
    down = false;
    expect(
      (await post('clinical_coordinator', `/api/sign-offs/${body.id}/review`, { action: 'ask_again' })).status,
    ).toBe(200);
    expect(tried).toHaveLength(6);
    expect(mailState(body.id)).toEqual({ mailTries: 0, mailRetryAt: null, mailFailure: null });
  });
});

describe("a student's own hours in a sign-off", () => {
  beforeEach(() => setUp());

  const hoursFigures = async () => {
    const list = (await (await h.as('director', 'GET', '/api/students')).json()) as Record<string, unknown>[];
    const s = list.find((x) => x.id === studentId)!;
    return { total: s.totalHours, awaiting: s.awaitingHours };
  };

  it('await verification until the sign-off that holds them reaches a counted state', async () => {
    const hours = await post('student', '/api/clinical-hours', {
      studentId,
      date: '2026-11-20',
      hoursCompleted: 12,
      hourType: 'field',
    });
    await post('student', '/api/sign-offs', signed([{ kind: 'hours' as const, id: hours.body.id }]));
    expect(await hoursFigures()).toEqual({ total: 0, awaiting: 12 });
    await h.signOffMail.run();
    await link(tokenOf(sent[0]), { decision: 'confirm' });
    expect(await hoursFigures()).toEqual({ total: 12, awaiting: 0 });
  });
});

describe("a student's own patient contacts in a sign-off", () => {
  beforeEach(() => setUp());

  /** The SMC figures of the student's contacts as the server holds them (the one rule, schema/contact-figures.ts). */
  const contactCounts = () => {
    const rows = h.db.select().from(t.patientContacts).where(eq(t.patientContacts.studentId, studentId)).all();
    const figures = contactFigures(rows);
    const adults = figures.byAgeBand.find((b) => b.label === 'Adult')!.count;
    return { teamLeads: figures.teamLeads?.count, adults, awaiting: figures.awaiting };
  };

  it('count in no table until a counted sign-off holds them, and stop counting when it is rejected', async () => {
    const records = await shift();
    expect(contactCounts()).toEqual({ teamLeads: 0, adults: 0, awaiting: 1 });
    const made = await post('student', '/api/sign-offs', signed(records));
    expect(contactCounts()).toEqual({ teamLeads: 0, adults: 0, awaiting: 1 });
    await h.signOffMail.run();
    await link(tokenOf(sent[0]), { decision: 'confirm' });
    expect(contactCounts()).toEqual({ teamLeads: 1, adults: 1, awaiting: 0 });
    await post('clinical_coordinator', `/api/sign-offs/${made.body.id}/review`, {
      action: 'reject',
      note: 'Not there',
    });
    expect(status(made.body.id)).toBe('rejected');
    expect(contactCounts()).toEqual({ teamLeads: 0, adults: 0, awaiting: 1 });
  });

  it('count at once when staff log them', async () => {
    await shift(studentId, 'instructor');
    expect(contactCounts()).toEqual({ teamLeads: 1, adults: 1, awaiting: 0 });
  });
});
