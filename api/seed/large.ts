/**
 * `npm run seed:large`: a large program set for load tests (`npm run bench:api`): 20 paramedic programs of 100
 * students each (2,000 students), 150 skills at the paramedic level (the seeded catalogue topped up with load-test
 * skills) and a progress row for every student and skill (300,000 rows), plus one instructor and one preceptor per
 * program. Accounts `<role>-<n>@large.test` share the password in LARGE_PASSWORD (default `large-password`).
 * The rows are bulk-inserted with the version stamp sync needs but without per-row audit entries: this is synthetic
 * data, and 300,000 audit entries would only measure the seeding.
 */
import { eq } from 'drizzle-orm';
import * as t from '../../schema/tables.ts';
import { hashPasswordSync } from '../auth/password.ts';
import type { Db } from '../db/open.ts';
import { statement } from '../db/statements.ts';
import { asSystem } from './standards.ts';

const LARGE = { programs: 20, studentsPerProgram: 100, skills: 150 } as const;
const largeEmail = (kind: 'director' | 'instructor' | 'preceptor', n = 1) => `${kind}-${n}@large.test`;
const STATUSES = ['not_started', 'in_progress', 'completed', 'needs_improvement'] as const;

function hasLargeData(db: Db): boolean {
  return Boolean(
    db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, largeEmail('director')))
      .get(),
  );
}

export function seedLarge(db: Db, password: string): { students: number; progressRows: number } {
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
      .select({ id: t.skills.id })
      .from(t.skills)
      .where(eq(t.skills.certificationLevel, 'paramedic'))
      .all()
      .map((s) => s.id);
    for (let i = skills.length; i < LARGE.skills; i++) {
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
      skills.push(id);
    }
    const level = skills.slice(0, LARGE.skills);
    const insertProgress = statement(
      ctx.tx,
      `insert into student_skills (id, created_at, updated_at, version, student_id, skill_id, status,
      progress_percentage, attempts, successful_attempts) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    let progressRows = 0;
    for (let p = 1; p <= LARGE.programs; p++) {
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
      for (const kind of ['instructor', 'preceptor'] as const) {
        const userId = crypto.randomUUID();
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
      for (let s = 1; s <= LARGE.studentsPerProgram; s++) {
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
        for (const [k, skillId] of level.entries()) {
          const status = STATUSES[(s + k) % STATUSES.length];
          insertProgress.run(
            crypto.randomUUID(),
            now,
            now,
            ctx.version,
            studentId,
            skillId,
            status,
            status === 'completed' ? 100 : (s * 7 + k * 3) % 100,
            (s + k) % 5,
            (s + k) % 3 === 0 ? 1 : 0,
          );
          progressRows++;
        }
      }
    }
    return { students: LARGE.programs * LARGE.studentsPerProgram, progressRows };
  });
}
