import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import { type DorPhase } from '#schema/dor.ts';
import { saveDorSchema } from '#schema/dor-schema.ts';
import type { Role } from '#schema/enums.ts';
import { DOR_MSG, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';
import type { PushResponse } from '#sync/protocol.ts';

let h: TestApp;
let trainee: typeof t.students.$inferSelect;
let otherTrainee: typeof t.students.$inferSelect;
let policeId: string;
let stampCount = 0;

const CATEGORIES = [
  { code: 'officer-safety', name: 'Officer Safety: General', group: 'Critical Performance Tasks' },
  { code: 'report-writing', name: 'Report Writing', group: 'Frequent Performance Tasks' },
];
const stamp = () => `${String(Date.now()).padStart(13, '0')}-${String(stampCount++).padStart(5, '0')}-test`;

function addTrainee(code: string, programId: string, userId: string | null) {
  return asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      userId,
      firstName: 'Riley',
      lastName: code,
      email: `${code}@example.org`,
      phone: '555-0100',
      studentCode: code,
      programId,
      enrollmentDate: '2026-09-01',
      expectedGraduation: '2027-01-15',
    }),
  );
}

const mutationIds = new Map<Role, number>();
/** A mutation pushed as the device of `role` pushes it, answered as a status and body (a refusal's code is its HTTP status). */
async function push(role: Role, name: string, args: Record<string, unknown>) {
  const id = (mutationIds.get(role) ?? 0) + 1;
  mutationIds.set(role, id);
  const res = await h.as(role, 'POST', '/api/sync/push', {
    pushVersion: 1,
    clientGroupId: `g-${role}`,
    clientId: `c-${role}`,
    mutations: [{ id, name, args, createdAt: new Date().toISOString() }],
  });
  expect(res.status).toBe(200);
  const [result] = ((await res.json()) as PushResponse).results;
  const body = result.status === 'applied' ? { id: args.id } : { error: result.message, fields: result.fields };
  return { status: result.status === 'applied' ? 200 : Number(result.code), json: () => Promise.resolve(body) };
}
const save = (role: Role, body: Record<string, unknown>) =>
  push(role, 'saveDor', {
    id: crypto.randomUUID(),
    studentId: trainee.id,
    date: '2026-11-20',
    stamp: stamp(),
    ...body,
  });
/** The signer's full name, typed as their signature. */
const typedBy = (role: Role) => ({ kind: 'typed', name: `Test ${h.users[role].lastName}` }) as const;
const signWith = (role: Role, id: string, phase: DorPhase, over: Record<string, unknown>) =>
  push(role, 'signDor', {
    id,
    phase,
    affirmed: true,
    signature: typedBy(role),
    signedAt: new Date().toISOString(),
    ...over,
  });
const sign = (role: Role, id: string, phase: DorPhase) => signWith(role, id, phase, {});
const dorRow = (id: string) => h.db.select().from(t.dors).where(eq(t.dors.id, id)).get()!;
const dorsSeenBy = async (role: Role) =>
  ((await (await h.as(role, 'GET', '/api/dors')).json()) as { id: string }[]).map((d) => d.id);

/** A report the FTO (the preceptor) wrote in full, ready to complete. */
async function writtenReport() {
  const res = await save('preceptor', {
    changes: {
      assignment: 'Patrol, district 4',
      narrative: 'Calm on a domestic call',
      ratings: {
        'officer-safety': { rating: 4 },
        'report-writing': { rating: 2, comment: 'Left out the suspect description' },
      },
    },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

beforeEach(async () => {
  h = testApp();
  // the preceptor is the police program's FTO, the instructor its supervisor; the clinical coordinator reads all
  const police = h.program({ name: 'Police FTO 2026', type: 'police' }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]);
  const other = h.program({ name: 'Police FTO County', type: 'police' });
  policeId = police.id;
  trainee = addTrainee('P-1', police.id, h.users.student.id);
  otherTrainee = addTrainee('P-2', other.id, null);
  mutationIds.clear();
  const res = await h.as('director', 'PUT', `/api/programs/${police.id}/dor-settings`, {
    categories: CATEGORIES,
    phaseRules: [{ fromWeek: 1, toWeek: 4, minShare: 0.25 }],
  });
  expect(res.status).toBe(200);
});

describe('the comment rule', () => {
  it('refuses a rating of 2 without a comment, with the message, and changes nothing', async () => {
    const before = fingerprint(h.db);
    const res = await save('preceptor', { changes: { ratings: { 'report-writing': { rating: 2 } } } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      fields: { ratings: 'A rating of 2 needs a comment' },
    });
    expect(fingerprint(h.db)).toBe(before);
  });

  it.each([1, 6, 7, 'NRT', 'REM'])('asks for a comment on %s, and not on 4 or N.O.', async (rating) => {
    const refused = await save('preceptor', { changes: { ratings: { 'officer-safety': { rating } } } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(DOR_MSG.commentRequired(rating));
    const fine = await save('preceptor', {
      changes: { ratings: { 'officer-safety': { rating: 4 }, 'report-writing': { rating: 'N.O.' } } },
    });
    expect(fine.status).toBe(200);
  });

  it('takes a comment of blanks as no comment', async () => {
    const res = await save('preceptor', { changes: { ratings: { 'report-writing': { rating: 7, comment: '   ' } } } });
    expect(await res.json()).toMatchObject({ fields: { ratings: DOR_MSG.commentRequired(7) } });
  });

  it("refuses a category outside the program's list", async () => {
    const res = await save('preceptor', { changes: { ratings: { 'not-a-category': { rating: 4 } } } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(DOR_MSG.categoryUnknown);
  });
});

describe('the shift of a report', () => {
  it('refuses a shift dated after today, on the device as on the server, and changes nothing', async () => {
    const before = fingerprint(h.db);
    const res = await save('preceptor', { date: '2099-01-01', changes: { assignment: 'Patrol' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { date: MSG.dateNotFuture } });
    expect(fingerprint(h.db)).toBe(before);
    const args = { studentId: trainee.id, date: '2099-01-01', stamp: stamp(), changes: { assignment: 'Patrol' } };
    expect(saveDorSchema.safeParse(args).error?.issues[0].message).toBe(MSG.dateNotFuture);
  });
});

describe('the steps of a report', () => {
  it('goes FTO, trainee, supervisor, each step signed in that order only', async () => {
    const id = await writtenReport();
    expect(await (await sign('student', id, 'acknowledge')).json()).toMatchObject({ error: DOR_MSG.mustComplete });
    expect(await (await sign('instructor', id, 'review')).json()).toMatchObject({ error: DOR_MSG.mustAcknowledge });
    expect((await sign('preceptor', id, 'complete')).status).toBe(200);
    expect((await sign('instructor', id, 'review')).status).toBe(409);
    expect((await sign('student', id, 'acknowledge')).status).toBe(200);
    expect((await sign('instructor', id, 'review')).status).toBe(200);
    const row = dorRow(id);
    expect(row.status).toBe('reviewed');
    expect(row.signatures).toMatchObject({
      complete: { by: h.users.preceptor.id },
      acknowledge: { by: h.users.student.id },
      review: { by: h.users.instructor.id },
    });
    expect((await sign('instructor', id, 'review')).status).toBe(409);
  });

  it('refuses to complete a report with a category unrated, unless it says why there was no evaluation', async () => {
    const res = await save('preceptor', {
      changes: { assignment: 'Patrol', narrative: 'Fine', ratings: { 'officer-safety': { rating: 5 } } },
    });
    const { id } = (await res.json()) as { id: string };
    const refused = await sign('preceptor', id, 'complete');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: DOR_MSG.unrated(1) });
    const noEval = await save('preceptor', { changes: { noEvaluationReason: 'Trainee in court all shift' } });
    const other = ((await noEval.json()) as { id: string }).id;
    expect((await sign('preceptor', other, 'complete')).status).toBe(200);
  });

  it('affirms each signature: a step without the affirmation or a signature is refused', async () => {
    const id = await writtenReport();
    const unaffirmed = await signWith('preceptor', id, 'complete', { affirmed: undefined });
    expect(await unaffirmed.json()).toMatchObject({ fields: { affirmed: DOR_MSG.affirmRequired } });
    const unsigned = await signWith('preceptor', id, 'complete', { signature: undefined });
    expect(unsigned.status).toBe(400);
    expect(dorRow(id).status).toBe('draft');
  });

  it("takes a typed signature only as the signer's own full name, recorded as typed", async () => {
    const id = await writtenReport();
    const before = fingerprint(h.db);
    const other = await signWith('preceptor', id, 'complete', { signature: { kind: 'typed', name: 'Test student' } });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ fields: { signature: DOR_MSG.typedNotSigner } });
    expect(fingerprint(h.db)).toBe(before);
    const own = await signWith('preceptor', id, 'complete', {
      signature: { kind: 'typed', name: ' test  PRECEPTOR ' },
    });
    expect(own.status).toBe(200);
    expect(dorRow(id).signatures.complete?.signature).toEqual({ kind: 'typed', name: 'test  PRECEPTOR' });
  });

  it('lets nobody play two parts: the FTO who completed does not review, the trainee neither completes nor reviews', async () => {
    const id = await writtenReport();
    expect((await sign('student', id, 'complete')).status).toBe(403);
    // the instructor completes this one, so may not review it
    expect((await sign('instructor', id, 'complete')).status).toBe(200);
    expect(await (await sign('preceptor', id, 'acknowledge')).json()).toMatchObject({ error: DOR_MSG.onlyTrainee });
    expect((await sign('student', id, 'acknowledge')).status).toBe(200);
    expect(await (await sign('instructor', id, 'review')).json()).toMatchObject({ error: DOR_MSG.twoParts });
  });

  it("refuses the trainee's own account, whatever its role, as FTO or supervisor of their report", async () => {
    // a staff account that is also the trainee of a record (a sworn officer re-training)
    trainee = addTrainee('P-3', policeId, h.users.instructor.id);
    const created = await save('instructor', { changes: { assignment: 'Patrol' } });
    expect(await created.json()).toMatchObject({ error: DOR_MSG.traineeWritesActivityLog });
    const id = await writtenReport();
    expect(await (await sign('instructor', id, 'complete')).json()).toMatchObject({ error: DOR_MSG.ownReport });
    expect((await sign('preceptor', id, 'complete')).status).toBe(200);
    expect((await sign('instructor', id, 'acknowledge')).status).toBe(200);
    expect(await (await sign('instructor', id, 'review')).json()).toMatchObject({ error: DOR_MSG.ownReport });
  });

  it("gives the trainee the activity log only, and freezes each side's fields once signed", async () => {
    const id = await writtenReport();
    const fto = await save('preceptor', { id, changes: { activityLog: 'Wrote it for them' } });
    expect(fto.status).toBe(403);
    const ratingByTrainee = await save('student', { id, changes: { narrative: 'I did great' } });
    expect(await ratingByTrainee.json()).toMatchObject({ error: DOR_MSG.traineeWritesActivityLog });
    expect((await save('student', { id, changes: { activityLog: '3 traffic stops, 1 report' } })).status).toBe(200);
    await sign('preceptor', id, 'complete');
    expect(await (await save('preceptor', { id, changes: { narrative: 'Changed' } })).json()).toMatchObject({
      error: DOR_MSG.signedFrozen,
    });
    expect((await save('student', { id, changes: { activityLog: 'Still mine to finish' } })).status).toBe(200);
    await sign('student', id, 'acknowledge');
    expect((await save('student', { id, changes: { activityLog: 'Too late' } })).status).toBe(409);
  });
});

describe('who sees which reports', () => {
  it("shows a trainee only their reports, and staff only their programs' trainees'", async () => {
    const mine = await writtenReport();
    const elsewhere = await save('director', { studentId: otherTrainee.id, changes: { assignment: 'Patrol' } });
    const theirs = ((await elsewhere.json()) as { id: string }).id;
    expect(await dorsSeenBy('student')).toEqual([mine]);
    expect(await dorsSeenBy('preceptor')).toEqual([mine]);
    expect(await dorsSeenBy('instructor')).toEqual([mine]);
    expect((await dorsSeenBy('director')).sort()).toEqual([mine, theirs].sort());
    // another program's report answers as one that exists nowhere, to reads and writes alike
    expect((await sign('instructor', theirs, 'review')).status).toBe(404);
    const before = fingerprint(h.db);
    expect((await save('preceptor', { id: theirs, changes: { narrative: 'x' } })).status).toBe(404);
    expect((await save('preceptor', { studentId: otherTrainee.id, changes: { narrative: 'x' } })).status).toBe(400);
    expect(fingerprint(h.db)).toBe(before);
  });

  it('keeps reports for police trainees only', async () => {
    const ems = h.program({ name: 'EMT', type: 'ems' }, [{ userId: h.users.preceptor.id, assignedRole: 'preceptor' }]);
    const medic = addTrainee('E-1', ems.id, null);
    const res = await save('preceptor', { studentId: medic.id, changes: { assignment: 'Ride-along' } });
    expect(await res.json()).toMatchObject({ fields: { studentId: DOR_MSG.notPolice } });
  });
});

describe("a program's DOR categories and advancement rules", () => {
  const settings = (body: unknown, role: Role = 'director', programId = policeId) =>
    h.as(role, 'PUT', `/api/programs/${programId}/dor-settings`, body);
  const RULES = [
    { fromWeek: 1, toWeek: 4, minShare: 0.25 },
    { fromWeek: 5, toWeek: 8, minShare: 0.5 },
  ];

  it('are set by a director or administration, and by nobody else: the others change nothing', async () => {
    const before = fingerprint(h.db);
    for (const role of ['instructor', 'preceptor', 'student', 'clinical_coordinator'] as const) {
      expect((await settings({ categories: CATEGORIES, phaseRules: RULES }, role)).status).toBe(403);
    }
    expect(fingerprint(h.db)).toBe(before);
    const res = await settings({ categories: CATEGORIES, phaseRules: RULES }, 'administration');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dorCategories: CATEGORIES, dorPhaseRules: RULES });
  });

  it.each<[string, unknown, string, string]>([
    ['no list', { categories: 'all', phaseRules: RULES }, 'categories', DOR_MSG.categoriesRequired],
    ['no category', { categories: [], phaseRules: RULES }, 'categories', DOR_MSG.categoriesRequired],
    [
      'a code twice',
      { categories: [CATEGORIES[0], { ...CATEGORIES[1], code: CATEGORIES[0].code }], phaseRules: RULES },
      'categories',
      DOR_MSG.categoryDuplicate,
    ],
    [
      'a name twice',
      { categories: [CATEGORIES[0], { ...CATEGORIES[1], name: ' officer safety: GENERAL' }], phaseRules: RULES },
      'categories',
      DOR_MSG.categoryDuplicate,
    ],
    [
      'a code with markup',
      { categories: [{ ...CATEGORIES[0], code: '<img src=x>' }], phaseRules: RULES },
      'categories',
      DOR_MSG.categoryCode,
    ],
    [
      'a blank name',
      { categories: [{ ...CATEGORIES[0], name: '  ' }], phaseRules: RULES },
      'categories',
      DOR_MSG.categoryName,
    ],
    [
      'too many',
      {
        categories: Array.from({ length: 101 }, (_, i) => ({ code: `c-${i}`, name: `C ${i}`, group: 'G' })),
        phaseRules: RULES,
      },
      'categories',
      DOR_MSG.categoriesTooMany,
    ],
    ['week 0', { categories: CATEGORIES, phaseRules: [{ ...RULES[0], fromWeek: 0 }] }, 'phaseRules', DOR_MSG.phaseWeek],
    [
      'a week as text',
      { categories: CATEGORIES, phaseRules: [{ ...RULES[0], toWeek: '4' }] },
      'phaseRules',
      DOR_MSG.phaseWeek,
    ],
    [
      'a share over 100 %',
      { categories: CATEGORIES, phaseRules: [{ ...RULES[0], minShare: 1.5 }] },
      'phaseRules',
      DOR_MSG.phaseShare,
    ],
    [
      'overlapping intervals',
      { categories: CATEGORIES, phaseRules: [RULES[0], { ...RULES[1], fromWeek: 3 }] },
      'phaseRules',
      DOR_MSG.phaseRulesOrder,
    ],
    ['no rules list', { categories: CATEGORIES, phaseRules: { fromWeek: 1 } }, 'phaseRules', DOR_MSG.phaseRulesOrder],
  ])('refuses %s with a clear message, and changes nothing', async (_case, body, field, message) => {
    const before = fingerprint(h.db);
    const res = await settings(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { [field]: message } });
    expect(fingerprint(h.db)).toBe(before);
  });

  it("takes the program from the path, never the body, and only a police program's", async () => {
    const ems = h.program({ name: 'EMT Fall', type: 'ems' });
    const before = fingerprint(h.db);
    const res = await settings({ programId: ems.id, categories: CATEGORIES, phaseRules: RULES }, 'director', ems.id);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { programId: DOR_MSG.notPolice } });
    expect(
      (await settings({ categories: CATEGORIES, phaseRules: RULES }, 'director', crypto.randomUUID())).status,
    ).toBe(404);
    expect(fingerprint(h.db)).toBe(before);
    const moved = await settings({ programId: ems.id, categories: CATEGORIES, phaseRules: RULES });
    expect(moved.status).toBe(200);
    expect(h.db.select().from(t.programs).where(eq(t.programs.id, ems.id)).get()?.dorCategories).toBeNull();
  });
});
