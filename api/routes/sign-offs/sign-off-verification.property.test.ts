/**
 * Random sequences of what happens to a student's sign-offs and program (sign, with or without a co-sign code,
 * confirm, dispute, reject, accept, void an attempt, move program, change the counted states): after each step every
 * attempt's, patient contact's and hours entry's verification and every summary row equal a computation from scratch
 * over the database's rows. A record counts when staff logged it, or when a live sign-off holding it is in a state the
 * student's current program counts; hours that only rejected sign-offs hold are refused (`hoursRefuser`), and the
 * student's hours figures add up the entries by that standing; a summary row is the fold of the standing attempts,
 * measured against the current program's minimums.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { studentFigures } from '#api/domain/student-figures.ts';
import { TEST_PASSWORD } from '#api/test/helpers.ts';
import { type SignOffWorld, signOffWorld } from '#api/test/sign-off-world.ts';
import { cosignTotp } from '#schema/cosign.ts';
import { COUNTABLE_STATES, DEFAULT_COUNTED_STATES, signOffVerifier } from '#schema/sign-off.ts';
import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import { entryOf, foldEntries, shownStatus, skillMinimum } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

const RUNS = Number(process.env.VERIFICATION_RUNS ?? 40);

type Op =
  | { kind: 'sign'; fresh: number; reuse: number; cosign: boolean; contact: boolean; hours: boolean }
  | { kind: 'staffLog'; hours: boolean }
  | { kind: 'confirm' | 'dispute' | 'reject' | 'accept' | 'void'; pick: number }
  | { kind: 'move'; program: number }
  | { kind: 'count'; program: number; states: string[] | null };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sign' as const),
      fresh: fc.integer({ min: 0, max: 2 }),
      reuse: fc.nat(),
      cosign: fc.boolean(),
      contact: fc.boolean(),
      hours: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('staffLog' as const), hours: fc.boolean() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom('confirm' as const, 'dispute' as const, 'reject' as const, 'accept' as const),
      pick: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), program: fc.integer({ min: 0, max: 1 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('count' as const),
      program: fc.integer({ min: 0, max: 1 }),
      states: fc.option(fc.subarray([...COUNTABLE_STATES], { minLength: 1 }), { nil: null }),
    }),
  },
);

/** The preceptor account, whose co-sign code verifies a sign-off when it arrives. */
const BY_CODE = {
  name: 'Test preceptor',
  credential: 'Paramedic' as const,
  number: 'NRP 654321',
  agency: 'County EMS',
  contact: 'preceptor@test.local',
};

async function cosignSecret(w: SignOffWorld) {
  const res = await w.h.app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BY_CODE.contact, password: TEST_PASSWORD }),
  });
  return ((await res.json()) as { cosignSecret: string }).cosignSecret;
}

const HOLDING = new Set(['awaiting', 'code_verified', 'confirmed', 'accepted']);

/** The i-th element of a list, wrapping around; undefined for an empty one. */
const nth = <T>(xs: readonly T[], i: number): T | undefined => xs[i % Math.max(1, xs.length)];

async function step(w: SignOffWorld, op: Op, secret: string, signs: { n: number }) {
  const signOffs = w.h.db.select().from(t.signOffs).all();
  switch (op.kind) {
    case 'sign': {
      const voided = new Set(
        w.h.db
          .select()
          .from(t.skillAttemptVoids)
          .all()
          .map((v) => v.attemptId),
      );
      const held = new Set(signOffs.filter((s) => HOLDING.has(s.status)).flatMap((s) => s.records.map((r) => r.id)));
      const unheld = <K extends SignOffArgs['records'][number]['kind']>(kind: K, rows: readonly { id: string }[]) =>
        rows.filter((r) => !held.has(r.id)).map((r) => ({ kind, id: r.id }));
      const free = [
        ...unheld(
          'attempt',
          w.h.db
            .select()
            .from(t.skillAttempts)
            .all()
            .filter((a) => !voided.has(a.id)),
        ),
        ...unheld('contact', w.h.db.select().from(t.patientContacts).all()),
        ...unheld('hours', w.h.db.select().from(t.clinicalHours).all()),
      ].filter((_, i) => (op.reuse >> i) & 1);
      const count = free.length === 0 ? Math.max(1, op.fresh) : op.fresh;
      const fresh: SignOffArgs['records'] = await w.attempts(['successful', 'unsuccessful'].slice(0, count));
      if (op.contact) fresh.push(await w.contact());
      if (op.hours) fresh.push(await w.hours(signs.n));
      // each code from its own time step, in the last hour: a step verifies one sign-off only
      const capturedAt = new Date(Date.now() - ++signs.n * 60_000).toISOString();
      const code = op.cosign
        ? {
            preceptor: BY_CODE,
            capturedAt,
            cosignCode: cosignTotp(secret).generate({ timestamp: Date.parse(capturedAt) }),
          }
        : {};
      const res = await w.post('student', '/api/sign-offs', w.signed([...free, ...fresh], code));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return;
    }
    case 'staffLog': {
      await w.contact('instructor');
      if (op.hours) await w.hours(signs.n++, 'instructor');
      const res = await w.post('instructor', '/api/skill-attempts', {
        studentId: w.studentId,
        skillId: w.skillId,
        attemptedAt: '2026-11-20T15:00:00.000Z',
        setting: 'field',
        outcome: 'successful',
      });
      expect(res.status).toBe(201);
      return;
    }
    case 'confirm':
    case 'dispute': {
      const links = await w.mailedLinks();
      const token = nth([...links.values()], op.pick);
      if (!token) return;
      const answer =
        op.kind === 'confirm'
          ? { decision: 'confirm' as const }
          : { decision: 'dispute' as const, reason: 'Not my patient' };
      expect([200, 409]).toContain((await w.answerLink(token, answer)).status);
      return;
    }
    case 'reject':
    case 'accept': {
      const signOff = nth(signOffs, op.pick);
      if (signOff) expect([200, 409]).toContain((await w.review(signOff.id, op.kind)).status);
      return;
    }
    case 'void': {
      const attempt = nth(w.h.db.select().from(t.skillAttempts).all(), op.pick);
      if (!attempt) return;
      const res = await w.post('instructor', `/api/skill-attempts/${attempt.id}/void`, { reason: 'Wrong skill' });
      expect([200, 201]).toContain(res.status);
      return;
    }
    case 'move':
      expect((await w.moveTo(w.programs[op.program])).status).toBe(200);
      return;
    case 'count':
      expect((await w.countStates(w.programs[op.program], op.states)).status).toBe(200);
  }
}

/** A record's stamp: its staff recorder, none while no counted sign-off holds it, or one that does. */
function expectVerification(
  w: SignOffWorld,
  record: { id: string; recordedBy: string; verifiedBy: string | null },
  signOffs: readonly (typeof t.signOffs.$inferSelect)[],
  counted: readonly string[],
): boolean {
  const byStaff = record.recordedBy !== w.h.users.student.id;
  const vouching = signOffs
    .filter((s) => counted.includes(s.status) && s.records.some((r) => r.id === record.id))
    .map((s) => signOffVerifier(s.id));
  if (byStaff) expect(record.verifiedBy, 'staff verify their own entries').toBe(record.recordedBy);
  else if (vouching.length === 0) expect(record.verifiedBy, `record ${record.id} waits`).toBeNull();
  else expect(vouching, `record ${record.id} is vouched for by a counted sign-off`).toContain(record.verifiedBy);
  return byStaff || vouching.length > 0;
}

/**
 * Each hours entry verified as attempts are, refused when only rejected sign-offs hold it (by the first of them), and
 * the student's stored hours figures (what every screen reads) adding up the entries by that standing.
 */
function checkHours(
  w: SignOffWorld,
  signOffs: readonly (typeof t.signOffs.$inferSelect)[],
  counted: readonly string[],
) {
  const tally = { verified: 0, awaiting: 0, refused: 0 };
  for (const entry of w.h.db.select().from(t.clinicalHours).all()) {
    const verified = expectVerification(w, entry, signOffs, counted);
    const holding = signOffs.filter((s) => s.records.some((r) => r.id === entry.id));
    const refusedBy =
      !verified && holding.length > 0 && holding.every((s) => s.status === 'rejected')
        ? signOffVerifier(holding.map((s) => s.id).sort()[0])
        : null;
    expect(entry.refusedBy, `hours ${entry.id} refused by`).toBe(refusedBy);
    tally[verified ? 'verified' : refusedBy ? 'refused' : 'awaiting'] += entry.hoursCompleted;
  }
  const stored = studentFigures(w.h.db, w.h.db.select().from(t.students).all()).get(w.studentId)!;
  expect({
    verified: stored.totalHours,
    awaiting: stored.awaitingHours,
    refused: stored.refusedHours,
  }).toEqual(tally);
}

/** Every attempt's and contact's verification and the summary row, against a computation from the rows alone. */
function checkFromScratch(w: SignOffWorld) {
  const db = w.h.db;
  const student = db.select().from(t.students).all()[0];
  const program = db
    .select()
    .from(t.programs)
    .all()
    .find((p) => p.id === student.programId)!;
  const counted: readonly string[] = program.countedSignOffStates ?? DEFAULT_COUNTED_STATES;
  const signOffs = db
    .select()
    .from(t.signOffs)
    .all()
    .filter((s) => !s.deletedAt);
  const voided = new Set(
    db
      .select()
      .from(t.skillAttemptVoids)
      .all()
      .map((v) => v.attemptId),
  );
  const attempts = db.select().from(t.skillAttempts).all();
  const verified = new Map<string, boolean>();
  for (const a of attempts) verified.set(a.id, expectVerification(w, a, signOffs, counted));
  for (const c of db.select().from(t.patientContacts).all()) expectVerification(w, c, signOffs, counted);
  checkHours(w, signOffs, counted);
  const standing = attempts.filter((a) => !voided.has(a.id));
  const figures = foldEntries(standing.map((a) => ({ ...entryOf(a), verified: verified.get(a.id)! })));
  const skill = db.select().from(t.skills).all()[0];
  const row = db.select().from(t.studentSkills).all()[0];
  if (!row) return expect(attempts).toEqual([]);
  const minimum = skillMinimum(program.skillMinimums, { id: skill.id, minimumAttempts: skill.minimumAttempts ?? 1 });
  expect({
    attempts: row.attempts,
    successful: row.successfulAttempts,
    pending: row.pendingAttempts,
    status: row.status,
    progress: row.progressPercentage,
  }).toEqual({
    attempts: figures.attempts,
    successful: figures.successfulAttempts,
    pending: figures.pendingAttempts,
    ...(({ status, progressPercentage }) => ({ status, progress: progressPercentage }))(
      shownStatus(figures, minimum, row),
    ),
  });
}

async function runCase(ops: Op[]) {
  const w = signOffWorld();
  // the second program asks for more, so a move changes what the figures are measured against too
  const stricter = { skillMinimums: { [w.skillId]: { total: 3, bySetting: {} } } };
  expect((await w.post('director', `/api/programs/${w.programs[1]}/requirements`, stricter, 'PUT')).status).toBe(200);
  const secret = await cosignSecret(w);
  const signs = { n: 0 };
  for (const op of ops) {
    await step(w, op, secret, signs);
    checkFromScratch(w);
  }
}

describe('verification by sign-offs (property)', () => {
  it(`equals a computation from scratch after any sequence of sign-off, program and settings changes, ${RUNS} cases`, async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), runCase), { numRuns: RUNS });
  }, 120_000);
});
