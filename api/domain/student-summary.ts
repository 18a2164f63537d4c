/** Figures every screen and report shows about a student, computed from progress rows, hours and the catalogue. */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { overallProgress, round1, skillsCompleted, trackLevel, type ProgressLike } from '../../schema/progress.ts';
import * as t from '../../schema/tables.ts';
import type { Q } from '../db/open.ts';

export type StudentRow = typeof t.students.$inferSelect;
export type ProgramRow = typeof t.programs.$inferSelect;
export type SkillRow = typeof t.skills.$inferSelect;

export interface StudentSummary {
  program: ProgramRow | undefined;
  level: string | null;
  skillIds: string[];
  progressBySkill: Map<string, ProgressLike & { updatedAt: string }>;
  progressPercentage: number;
  skillsCompleted: number;
  totalSkills: number;
  clinicalHours: number;
  fieldHours: number;
  totalHours: number;
  requiredHours: number;
  lastActivity: string | null;
}

const CHUNK = 500;
/** Splits ids for `IN (...)` lists, below SQLite's parameter limit. */
export function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Skills of one program type and level (all of the type when the level is unknown), by key `type:level`. */
export function skillsByTrack(q: Q): (programType: string, level: string | null) => SkillRow[] {
  const all = q.select().from(t.skills).where(isNull(t.skills.deletedAt)).all();
  const cache = new Map<string, SkillRow[]>();
  return (programType, level) => {
    const key = `${programType}:${level ?? '*'}`;
    let list = cache.get(key);
    if (!list) {
      list = all.filter((s) => s.programType === programType && (level === null || s.certificationLevel === level));
      cache.set(key, list);
    }
    return list;
  };
}

export function summarizeStudents(q: Q, students: StudentRow[]): Map<string, StudentSummary> {
  const programs = new Map(q.select().from(t.programs).all().map((p) => [p.id, p]));
  const skillsFor = skillsByTrack(q);
  const progress = new Map<string, Map<string, ProgressLike & { updatedAt: string }>>();
  const hours = new Map<string, { clinical: number; field: number; last: string | null }>();
  const ids = students.map((s) => s.id);
  for (const chunk of chunks(ids)) {
    for (const p of q.select({
      studentId: t.studentSkills.studentId, skillId: t.studentSkills.skillId, status: t.studentSkills.status,
      progressPercentage: t.studentSkills.progressPercentage, updatedAt: t.studentSkills.updatedAt,
    }).from(t.studentSkills).where(and(inArray(t.studentSkills.studentId, chunk), isNull(t.studentSkills.deletedAt))).all()) {
      let m = progress.get(p.studentId);
      if (!m) progress.set(p.studentId, (m = new Map()));
      m.set(p.skillId, p);
    }
    for (const h of q.select({
      studentId: t.clinicalHours.studentId, hourType: t.clinicalHours.hourType,
      total: sql<number>`sum(${t.clinicalHours.hoursCompleted})`, last: sql<string | null>`max(${t.clinicalHours.date})`,
    }).from(t.clinicalHours).where(and(inArray(t.clinicalHours.studentId, chunk), isNull(t.clinicalHours.deletedAt)))
      .groupBy(t.clinicalHours.studentId, t.clinicalHours.hourType).all()) {
      const entry = hours.get(h.studentId) ?? { clinical: 0, field: 0, last: null };
      if (h.hourType === 'field') entry.field += h.total;
      else entry.clinical += h.total;
      if (h.last && (!entry.last || h.last > entry.last)) entry.last = h.last;
      hours.set(h.studentId, entry);
    }
  }
  const out = new Map<string, StudentSummary>();
  for (const s of students) {
    const program = programs.get(s.programId);
    const level = program ? trackLevel(program.type, program.certificationLevel, s.emsCertificationLevel) : null;
    const skillIds = program ? skillsFor(program.type, level).map((k) => k.id) : [];
    const bySkill = progress.get(s.id) ?? new Map();
    const h = hours.get(s.id) ?? { clinical: 0, field: 0, last: null };
    const lastProgress = [...bySkill.values()].reduce<string | null>((m, p) => (!m || p.updatedAt > m ? p.updatedAt : m), null);
    out.set(s.id, {
      program,
      level,
      skillIds,
      progressBySkill: bySkill,
      progressPercentage: overallProgress(skillIds, bySkill),
      skillsCompleted: skillsCompleted(skillIds, bySkill),
      totalSkills: skillIds.length,
      clinicalHours: round1(h.clinical),
      fieldHours: round1(h.field),
      totalHours: round1(h.clinical + h.field),
      requiredHours: program?.requiredHours ?? 0,
      lastActivity: [lastProgress?.slice(0, 10) ?? null, h.last].reduce<string | null>((m, d) => (d && (!m || d > m) ? d : m), null),
    });
  }
  return out;
}
