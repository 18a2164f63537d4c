/**
 * `npm run seed:large`: a large program set for load tests (`npm run bench:api`): 20 paramedic programs of 100
 * students each (2,000 students), 150 skills at the paramedic level (the seeded catalogue topped up with load-test
 * skills), 0 to 4 verified attempts per student and skill (600,000 in the evidence log) and the summary row each pair's
 * log gives (300,000 rows, figures from schema/skill-figures.ts as every write keeps them), plus one instructor, one
 * preceptor and one clinical coordinator per program. Accounts `<role>-<n>@large.test` share the password in LARGE_PASSWORD (default
 * `large-password`). The rows are bulk-inserted with the version stamp sync needs but without per-row audit entries:
 * this is synthetic data, and 900,000 audit entries would only measure the seeding.
 */
import { eq } from 'drizzle-orm';

import { type AttemptEntry, foldEntries, shownStatus, skillMinimum, summaryColumns } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

import { hashPasswordSync } from '../auth/password.ts';
import type { Db } from '../db/open.ts';
import { statement } from '../db/statements.ts';
import { asSystem } from './standards.ts';

const LARGE = { programs: 20, studentsPerProgram: 100, skills: 150 };
const largeEmail = (kind: 'director' | 'instructor' | 'preceptor' | 'clinical_coordinator', n = 1) =>
  `${kind}-${n}@large.test`;
const SETTINGS = ['lab', 'clinical', 'field'] as const;

/** Pair number `n`'s log: n % 5 attempts, the last one unsuccessful when n is odd, settings in turn. */
function attemptsOf(n: number, day: string): AttemptEntry[] {
  const count = n % 5;
  return Array.from({ length: count }, (_, i) => ({
    kind: 'attempt',
    setting: SETTINGS[(n + i) % SETTINGS.length],
    outcome: i === count - 1 && n % 2 === 1 ? 'unsuccessful' : 'successful',
    participation: 'performed',
    attemptsDelta: 1,
    successfulDelta: i === count - 1 && n % 2 === 1 ? 0 : 1,
    attemptedAt: `${day}T1${i}:00:00.000Z`,
    verified: true,
  }));
}

function hasLargeData(db: Db): boolean {
  return Boolean(
    db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, largeEmail('director')))
      .get(),
  );
}

export function seedLarge(
  db: Db,
  password: string,
  size: typeof LARGE = LARGE,
): { students: number; progressRows: number } {
  if (hasLargeData(db)) throw new Error('This database already holds the large program set');
  const passwordHash = hashPasswordSync(password);
  return asSystem(db, 'seedLarge', (ctx) => {
    const now = ctx.now;
    const stamp = { createdAt: now, updatedAt: now, version: ctx.version };
    ctx.tx
      .insert(t.users)
      .values({
        id: crypto.randomUUID(),
        ...stamp,
        email: largeEmail('director'),
        passwordHash,
        firstName: 'Load',
        lastName: 'Director',
        role: 'director',
      })
      .run();
    const skills = db
      .select({ id: t.skills.id, minimumAttempts: t.skills.minimumAttempts })
      .from(t.skills)
      .where(eq(t.skills.certificationLevel, 'paramedic'))
      .all();
    for (let i = skills.length; i < size.skills; i++) {
      const id = crypto.randomUUID();
      ctx.tx
        .insert(t.skills)
        .values({
          id,
          ...stamp,
          code: `load-${i}`,
          name: `Load-test skill ${i}`,
          category: 'Patient Assessment',
          programType: 'ems',
          certificationLevel: 'paramedic',
          source: 'seed:large',
          confidence: 'uncertain',
        })
        .run();
      skills.push({ id, minimumAttempts: 1 });
    }
    const level = skills.slice(0, size.skills);
    const insertAttempt = statement(
      ctx.tx,
      `insert into skill_attempts (id, created_at, updated_at, version, student_id, skill_id, kind, attempted_at,
      setting, outcome, participation, attempts_delta, successful_delta, recorded_by, verified_by, verified_at)
      values (?, ?, ?, ?, ?, ?, 'attempt', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertSummary = statement(
      ctx.tx,
      `insert into student_skills (id, created_at, updated_at, version, student_id, skill_id, status,
      progress_percentage, attempts, successful_attempts, attempts_by_setting, observed_attempts, pending_attempts,
      last_attempt_date) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    let progressRows = 0;
    for (let p = 1; p <= size.programs; p++) {
      const programId = crypto.randomUUID();
      ctx.tx
        .insert(t.programs)
        .values({
          id: programId,
          ...stamp,
          name: `Paramedic Cohort ${p}`,
          type: 'ems',
          certificationLevel: 'paramedic',
          requiredHours: 480,
          certifications: [],
        })
        .run();
      let instructorId = '';
      for (const kind of ['instructor', 'preceptor', 'clinical_coordinator'] as const) {
        const userId = crypto.randomUUID();
        if (kind === 'instructor') instructorId = userId;
        ctx.tx
          .insert(t.users)
          .values({
            id: userId,
            ...stamp,
            email: largeEmail(kind, p),
            passwordHash,
            firstName: `${kind} ${p}`,
            lastName: 'Load',
            role: kind,
          })
          .run();
        ctx.tx
          .insert(t.programMembers)
          .values({ id: crypto.randomUUID(), ...stamp, programId, userId, assignedRole: kind })
          .run();
      }
      for (let s = 1; s <= size.studentsPerProgram; s++) {
        const studentId = crypto.randomUUID();
        const code = `L-${p}-${s}`;
        ctx.tx
          .insert(t.students)
          .values({
            id: studentId,
            ...stamp,
            firstName: `Student ${s}`,
            lastName: `Cohort ${p}`,
            email: `${code.toLowerCase()}@large.test`,
            phone: '555-0199',
            studentCode: code,
            programId,
            emsCertificationLevel: 'paramedic',
            enrollmentDate: '2026-01-12',
            expectedGraduation: '2027-01-15',
          })
          .run();
        for (const [k, skill] of level.entries()) {
          const entries = attemptsOf(s + k, `2026-0${1 + (k % 9)}-1${s % 10}`);
          for (const e of entries) {
            insertAttempt.run(
              crypto.randomUUID(),
              now,
              now,
              ctx.version,
              studentId,
              skill.id,
              e.attemptedAt,
              e.setting,
              e.outcome,
              e.participation,
              e.attemptsDelta,
              e.successfulDelta,
              instructorId,
              instructorId,
              now,
            );
          }
          const figures = foldEntries(entries);
          const columns = summaryColumns(figures);
          const shown = shownStatus(figures, skillMinimum(null, skill), {
            statusOverride: null,
            progressOverride: null,
          });
          insertSummary.run(
            `${studentId}/${skill.id}`,
            now,
            now,
            ctx.version,
            studentId,
            skill.id,
            shown.status,
            shown.progressPercentage,
            columns.attempts,
            columns.successfulAttempts,
            JSON.stringify(columns.attemptsBySetting),
            columns.observedAttempts,
            columns.pendingAttempts,
            columns.lastAttemptDate,
          );
          progressRows++;
        }
      }
    }
    return { students: size.programs * size.studentsPerProgram, progressRows };
  });
}
