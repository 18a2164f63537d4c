/** Hand-built rows for the report computations' unit tests. */
import type { ProgramRow, SkillRow, StudentRow, StudentSummary } from '#api/domain/student-summary.ts';
import { asSystem } from '#api/seed/standards.ts';
import type { TestApp } from '#api/test/helpers.ts';
import { addDays, localDay } from '#schema/dates.ts';
import type { Role } from '#schema/enums.ts';
import type { ProgressLike } from '#schema/progress.ts';
import * as t from '#schema/tables.ts';

const stamp = {
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  deletedAt: null,
};

export function program(over: Partial<ProgramRow> & Pick<ProgramRow, 'id' | 'name' | 'type'>): ProgramRow {
  return {
    ...stamp,
    certificationLevel: null,
    description: null,
    durationWeeks: null,
    durationText: null,
    requiredHours: 48,
    directorId: null,
    credits: null,
    capacity: null,
    prerequisites: null,
    certifications: [],
    skillMinimums: null,
    taskBookRules: null,
    clockEarlyMinutes: 10,
    clockLateMinutes: 5,
    contactRules: null,
    countedSignOffStates: null,
    dorCategories: null,
    dorPhaseRules: null,
    ...over,
  };
}

export function student(over: Partial<StudentRow> & Pick<StudentRow, 'id' | 'firstName' | 'programId'>): StudentRow {
  return {
    ...stamp,
    userId: null,
    lastName: 'Doe',
    email: `${over.id}@example.org`,
    phone: '555-0100',
    studentCode: over.id.toUpperCase(),
    emsCertificationLevel: 'emt',
    enrollmentDate: '2026-01-01',
    expectedGraduation: '2026-12-31',
    graduationDate: null,
    address: null,
    emergencyContact: null,
    emergencyPhone: null,
    gpa: null,
    isActive: true,
    ...over,
  };
}

export function skill(id: string, name: string, programType: string, certificationLevel: string): SkillRow {
  return {
    ...stamp,
    id,
    code: id,
    name,
    description: null,
    category: 'Test',
    programType,
    certificationLevel,
    competencyDomain: null,
    smcMatrixNumber: null,
    smcMotorSkillName: null,
    smcPathologyCategory: null,
    clinicalHoursRequired: null,
    fieldHoursRequired: null,
    minimumAttempts: 1,
    simulationAllowed: null,
    standardReference: null,
    confidence: 'verbatim',
    source: null,
  };
}

/** A summary as summarizeStudents builds it; `progress` lists skill id, status and percentage. */
export function summary(
  over: Partial<StudentSummary> & { progress?: [string, string, number][] } = {},
): StudentSummary {
  const { progress = [], ...rest } = over;
  const bySkill = new Map<string, ProgressLike & { updatedAt: string }>(
    progress.map(([skillId, status, progressPercentage]) => [
      skillId,
      { skillId, status, progressPercentage, updatedAt: stamp.updatedAt },
    ]),
  );
  return {
    program: undefined,
    level: null,
    skillIds: [],
    progressBySkill: bySkill,
    progressPercentage: 0,
    skillsCompleted: 0,
    totalSkills: 0,
    verifiedAttempts: 0,
    unverifiedAttempts: 0,
    clinicalHours: 0,
    fieldHours: 0,
    totalHours: 0,
    awaitingHours: 0,
    refusedHours: 0,
    requiredHours: 48,
    lastActivity: null,
    ...rest,
  };
}

// ---- API fixtures: records created through the real endpoints ----

/** Calendar day `n` days from today (the day the server computes for). */
export const fromToday = (n: number) => addDays(localDay(new Date()), n);

/**
 * EMT Fall (EMS, 48 hours; the instructor and preceptor are members) and FF I (fire, firefighter_1, 10 hours), with
 * Ana Lopez in EMT Fall (the student account's own record, GPA 3.4, enrolled 100 days ago, graduating in 100) and
 * Ben Ruiz in FF I (enrolled 10 days ago, graduating in 300).
 */
export async function school(h: TestApp) {
  const ems = h.program({ name: 'EMT Fall', type: 'ems', requiredHours: 48 }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]);
  const fire = h.program({ name: 'FF I', type: 'fire', certificationLevel: 'firefighter_1', requiredHours: 10 });
  const addStudent = async (over: Record<string, unknown>) => {
    const res = await h.as('director', 'POST', '/api/students', {
      lastName: 'Lopez',
      phone: '555-0100',
      programId: ems.id,
      emsCertificationLevel: 'emt',
      enrollmentDate: fromToday(-100),
      expectedGraduation: fromToday(100),
      ...over,
    });
    if (res.status !== 201) throw new Error(`student fixture answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string; studentId: string };
  };
  // staff link the record to the student's account by choosing it (a matching e-mail links nothing)
  const ana = await addStudent({
    firstName: 'Ana',
    email: 'student@test.local',
    userId: h.users.student.id,
    studentId: 'S-001',
    gpa: 3.4,
  });
  const ben = await addStudent({
    firstName: 'Ben',
    lastName: 'Ruiz',
    email: 'ben@example.org',
    studentId: 'F-001',
    programId: fire.id,
    enrollmentDate: fromToday(-10),
    expectedGraduation: fromToday(300),
  });
  const skills = asSystem(h.db, 'read', (ctx) => ctx.tx.select().from(t.skills).all());
  const skillId = (name: string, level = 'emt') =>
    skills.find((s) => s.name === name && s.certificationLevel === level)!.id;
  return { ems, fire, ana, ben, addStudent, skills, skillId };
}

export async function recordProgress(h: TestApp, role: Role, values: Record<string, unknown>) {
  const res = await h.as(role, 'POST', '/api/student-skills', { attempts: 1, successfulAttempts: 1, ...values });
  if (res.status !== 201) throw new Error(`progress fixture answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; updatedAt: string };
}

/** Hours are written directly: their endpoint belongs to another module. */
export function logHours(h: TestApp, studentId: string, hoursCompleted: number, date: string, hourType = 'clinical') {
  return asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.clinicalHours, {
      studentId,
      hoursCompleted,
      date,
      hourType,
      recordedBy: 'system',
      verifiedBy: 'system',
    }),
  );
}
