/**
 * The fire half of the demo: a Firefighter I candidate (`fire_student@demo.test`) whose NFPA 1001 task book holds three
 * weeks of JPR records (passes, failed attempts awaiting a second try, JPRs not yet attempted), a classmate whose book
 * is complete and verified, awaiting the certifying official, a classmate yet to start one, the fire evaluator who
 * signed them (`fire_evaluator@demo.test`) and the agency's certifying official (`fire_official@demo.test`). Attempt and
 * day numbers come from the program's rules (`nextAttempt`), so the tracker, home and task-book page show figures
 * computed from records the commands would have accepted.
 */
import { and, eq, isNull } from 'drizzle-orm';

import { type JprMethod, nextAttempt, taskBookRulesOf } from '#schema/fire-task-book.ts';
import * as t from '#schema/tables.ts';

import type { CommandContext } from '../commands/command.ts';

export const FIRE_DEMO_EMAILS = {
  candidate: 'fire_student@demo.test',
  evaluator: 'fire_evaluator@demo.test',
  official: 'fire_official@demo.test',
} as const;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** One JPR record of the demo: the JPR by its place in the level's list, the day (days ago), the outcome. */
interface DemoAttempt {
  jpr: number;
  daysAgo: number;
  passed: boolean;
  method?: JprMethod;
  comments?: string;
  /** The skill sheet's steps as marked; a failed attempt names the step it failed on. */
  steps?: { step: string; passed: boolean }[];
}

/** The day the demo candidate started their book (days ago). */
const CANDIDATE_STARTED = 22;
/**
 * The demo candidate's book: 8 of its 30 JPRs signed (JPRs 0-5, 7 and 8; JPR 3 on its second attempt, JPR 1 from
 * documented prior performance), JPRs 6 and 9 failed once and left to sign, the other 20 not attempted.
 */
const HISTORY: DemoAttempt[] = [
  { jpr: 0, daysAgo: 20, passed: true },
  { jpr: 1, daysAgo: 20, passed: true, method: 'prior_documented', comments: 'Department records, Engine 4.' },
  { jpr: 2, daysAgo: 18, passed: true },
  {
    jpr: 3,
    daysAgo: 18,
    passed: false,
    comments: 'Radio report incomplete: no location given.',
    steps: [
      { step: 'Identify unit and incident', passed: true },
      { step: 'Give location', passed: false },
    ],
  },
  { jpr: 3, daysAgo: 17, passed: true },
  { jpr: 4, daysAgo: 15, passed: true },
  { jpr: 5, daysAgo: 13, passed: true },
  {
    jpr: 6,
    daysAgo: 11,
    passed: false,
    comments: 'SCBA face-piece seal not checked.',
    steps: [
      { step: 'Don facepiece', passed: true },
      { step: 'Check seal', passed: false },
    ],
  },
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
  const candidateRecord = ctx.insert(t.students, {
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
  const rules = taskBookRulesOf(program.taskBookRules);
  // the candidate started their own book three weeks ago
  seedBook(ctx, { studentId: candidateRecord.id, programId: program.id, startedBy: candidate.id }, evaluator.id, {
    startedDaysAgo: CANDIDATE_STARTED,
    history: HISTORY,
    jprs,
    rules,
  });
  // of their classmates, the first has every JPR signed and the book verified, awaiting the official; the rest have
  // yet to start theirs
  const [complete] = ctx.tx
    .select()
    .from(t.students)
    .where(and(eq(t.students.programId, program.id), isNull(t.students.userId)))
    .all();
  if (complete) {
    const history = jprs.map((_, jpr) => ({ jpr, daysAgo: 25 - Math.floor(jpr / 2), passed: true }));
    const book = seedBook(
      ctx,
      { studentId: complete.id, programId: program.id, startedBy: evaluator.id },
      evaluator.id,
      {
        startedDaysAgo: 26,
        history,
        jprs,
        rules,
      },
    );
    ctx.update(t.taskBooks, book, {
      state: 'verified',
      verifiedBy: evaluator.id,
      verifiedName: 'Rosa Diaz',
      verifiedSignature: { kind: 'typed', name: 'Rosa Diaz' },
      verifiedAt: `${day(-1)}T17:00:00.000Z`,
    });
  }
}

/**
 * A candidate's book with its JPR records, as the evaluator signed them on the days given; each record's attempt and
 * day numbers are the ones the program's rules give, and a record the rules would refuse stops the seed.
 */
function seedBook(
  ctx: CommandContext,
  who: { studentId: string; programId: string; startedBy: string },
  evaluatorId: string,
  book: {
    startedDaysAgo: number;
    history: readonly DemoAttempt[];
    jprs: readonly { id: string }[];
    rules: ReturnType<typeof taskBookRulesOf>;
  },
) {
  const row = ctx.insert(t.taskBooks, {
    ...who,
    level: 'firefighter_1',
    state: 'started',
    startedOn: day(-book.startedDaysAgo),
  });
  const records: { skillId: string; performedOn: string; passed: boolean; inTraining: boolean }[] = [];
  for (const h of book.history) {
    const jpr = book.jprs[h.jpr];
    if (!jpr) continue;
    const performedOn = day(-h.daysAgo);
    const attempt = { skillId: jpr.id, performedOn, passed: h.passed, inTraining: false };
    const next = nextAttempt(
      records.filter((r) => r.skillId === jpr.id),
      attempt,
      book.rules,
    );
    if ('refused' in next) throw new Error(`demo JPR ${h.jpr}: ${next.refused}`);
    records.push(attempt);
    ctx.insert(t.jprSignOffs, {
      ...attempt,
      ...next,
      taskBookId: row.id,
      studentId: who.studentId,
      method: h.method ?? 'observed',
      steps: h.steps ?? [],
      comments: h.comments ?? null,
      evaluatorName: 'Rosa Diaz',
      evaluatorNumber: 'FD-2042',
      evaluatorId,
      signature: { kind: 'typed', name: 'Rosa Diaz' },
      capturedAt: `${performedOn}T16:00:00.000Z`,
      recordedBy: evaluatorId,
    });
  }
  return row;
}
