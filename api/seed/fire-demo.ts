/**
 * The fire half of the demo: a Firefighter I candidate (`fire_student@demo.test`) who has yet to start their NFPA
 * 1001 task book, two classmates whose books hold a few weeks of JPR records (one under way with passes and failed
 * attempts, one complete and verified, awaiting the certifying official), the fire evaluator who signed them
 * (`fire_evaluator@demo.test`) and the agency's certifying official (`fire_official@demo.test`). Written as the
 * commands would write them, so the tracker, home and task-book page show figures computed from these records.
 */
import { and, eq, isNull } from 'drizzle-orm';

import * as t from '#schema/tables.ts';

import type { CommandContext } from '../commands/command.ts';

export const FIRE_DEMO_EMAILS = {
  candidate: 'fire_student@demo.test',
  evaluator: 'fire_evaluator@demo.test',
  official: 'fire_official@demo.test',
} as const;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** JPRs by their place in the level's list: passed on a day (days ago), or failed then passed, or failed once. */
const HISTORY: { jpr: number; daysAgo: number; passed: boolean; comments?: string }[] = [
  { jpr: 0, daysAgo: 20, passed: true },
  { jpr: 1, daysAgo: 20, passed: true },
  { jpr: 2, daysAgo: 18, passed: true },
  { jpr: 3, daysAgo: 18, passed: false, comments: 'Radio report incomplete: no location given.' },
  { jpr: 3, daysAgo: 17, passed: true },
  { jpr: 4, daysAgo: 15, passed: true },
  { jpr: 5, daysAgo: 13, passed: true },
  { jpr: 6, daysAgo: 11, passed: false, comments: 'SCBA face-piece seal not checked.' },
  { jpr: 7, daysAgo: 9, passed: true },
  { jpr: 8, daysAgo: 6, passed: true },
  { jpr: 9, daysAgo: 4, passed: false, comments: 'Ladder heel not secured before climbing.' },
];

function account(ctx: CommandContext, passwordHash: string, email: string, role: string, name: [string, string]) {
  return ctx.insert(t.users, {
    email,
    passwordHash,
    firstName: name[0],
    lastName: name[1],
    role,
    phone: null,
    department: role === 'student' ? null : 'Fire Training',
    certifications: [],
    specialties: [],
  });
}

/** Seeds the fire accounts and the candidate's book into the demo's Firefighter I program (one call in demo.ts). */
export function seedFireDemo(ctx: CommandContext, passwordHash: string) {
  const program = ctx.tx
    .select()
    .from(t.programs)
    .where(
      and(
        eq(t.programs.type, 'fire'),
        eq(t.programs.certificationLevel, 'firefighter_1'),
        isNull(t.programs.deletedAt),
      ),
    )
    .get();
  if (!program) return;
  const candidate = account(ctx, passwordHash, FIRE_DEMO_EMAILS.candidate, 'student', ['Riley', 'Carter']);
  const evaluator = account(ctx, passwordHash, FIRE_DEMO_EMAILS.evaluator, 'instructor', ['Rosa', 'Diaz']);
  const official = account(ctx, passwordHash, FIRE_DEMO_EMAILS.official, 'director', ['Tom', 'Avery']);
  ctx.insert(t.instructors, {
    id: evaluator.id,
    employeeId: 'FD-2042',
    title: 'Fire Training Captain',
    department: 'Fire Training',
    programTypes: ['fire'],
    hireDate: '2014-03-01',
    isPreceptor: false,
  });
  ctx.insert(t.programMembers, { programId: program.id, userId: evaluator.id, assignedRole: 'instructor' });
  ctx.insert(t.programMembers, { programId: program.id, userId: official.id, assignedRole: 'director' });
  ctx.insert(t.students, {
    userId: candidate.id,
    firstName: 'Riley',
    lastName: 'Carter',
    email: FIRE_DEMO_EMAILS.candidate,
    phone: '555-0150',
    studentCode: 'FF-2026001',
    emsCertificationLevel: 'emt',
    programId: program.id,
    enrollmentDate: day(-35),
    expectedGraduation: day(63),
  });
  const jprs = ctx.tx
    .select()
    .from(t.skills)
    .where(and(eq(t.skills.programType, 'fire'), eq(t.skills.certificationLevel, 'firefighter_1')))
    .all()
    .sort((a, b) => (a.standardReference ?? '').localeCompare(b.standardReference ?? '', undefined, { numeric: true }));
  // the demo candidate starts their own book; two classmates have theirs under way and verified, awaiting the official
  const [underWay, complete] = ctx.tx
    .select()
    .from(t.students)
    .where(and(eq(t.students.programId, program.id), isNull(t.students.userId)))
    .all();
  if (underWay) seedBook(ctx, underWay.id, program.id, evaluator.id, HISTORY, jprs);
  if (complete) {
    const everyJpr = jprs.map((_, jpr) => ({ jpr, daysAgo: 25 - Math.floor(jpr / 2), passed: true }));
    const book = seedBook(ctx, complete.id, program.id, evaluator.id, everyJpr, jprs);
    ctx.update(t.taskBooks, book, {
      state: 'verified',
      verifiedBy: evaluator.id,
      verifiedName: 'Rosa Diaz',
      verifiedSignature: { kind: 'typed', name: 'Rosa Diaz' },
      verifiedAt: `${day(-1)}T17:00:00.000Z`,
    });
  }
}

/** A candidate's book with its JPR records, as the evaluator signed them on the days given. */
function seedBook(
  ctx: CommandContext,
  studentId: string,
  programId: string,
  evaluatorId: string,
  history: readonly { jpr: number; daysAgo: number; passed: boolean; comments?: string }[],
  jprs: readonly { id: string }[],
) {
  const book = ctx.insert(t.taskBooks, {
    studentId,
    programId,
    level: 'firefighter_1',
    state: 'started',
    startedBy: evaluatorId,
  });
  const attempts = new Map<string, number>();
  for (const h of history) {
    const jpr = jprs[h.jpr];
    if (!jpr) continue;
    const attemptNumber = (attempts.get(jpr.id) ?? 0) + 1;
    attempts.set(jpr.id, attemptNumber);
    ctx.insert(t.jprSignOffs, {
      taskBookId: book.id,
      studentId,
      skillId: jpr.id,
      performedOn: day(-h.daysAgo),
      method: 'observed',
      passed: h.passed,
      steps: [],
      inTraining: false,
      attemptNumber,
      dayNumber: attemptNumber,
      comments: h.comments ?? null,
      evaluatorName: 'Rosa Diaz',
      evaluatorNumber: 'FD-2042',
      evaluatorId,
      signature: { kind: 'typed', name: 'Rosa Diaz' },
      capturedAt: `${day(-h.daysAgo)}T16:00:00.000Z`,
      recordedBy: evaluatorId,
    });
  }
  return book;
}
