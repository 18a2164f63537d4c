/** The header search over the device's records: students, skills (courses) and accreditation standards. */
import { PROGRAM_TYPE_LABELS, type ProgramType, type Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import { logSkillLink } from '#web/lib/skill-entry-search.ts';

export interface SearchHit {
  kind: 'Student' | 'Skill' | 'Standard';
  id: string;
  label: string;
  detail: string;
  to: string;
  search: Record<string, string>;
}

const PER_KIND = 6;
const matches = (needle: string, ...values: (string | null | undefined)[]) =>
  values.some((v) => v?.toLowerCase().includes(needle));
const TRACKER: Record<ProgramType, string> = {
  ems: '/ems/competency-tracker',
  fire: '/fire/competency-tracker',
  police: '/police/competency-tracker',
};

/** An EMS skill opens its one-tap card for those who log attempts; any other skill, and other roles, its tracker. */
function skillTarget(skill: { id: string; name: string; programType: string }, role: Role) {
  if (skill.programType === 'ems' && can(role, 'attempts.log')) return logSkillLink(skill.id);
  return { to: TRACKER[skill.programType as ProgramType] ?? '/', search: { q: skill.name } };
}

export async function searchRecords(db: TrainingDb, query: string, role: Role): Promise<SearchHit[]> {
  const needle = query.trim().toLowerCase();
  const students = (await db.rows('students').toArray())
    .filter((s) => matches(needle, `${s.firstName} ${s.lastName}`, s.studentId, s.email))
    .slice(0, PER_KIND)
    .map((s): SearchHit => ({
      kind: 'Student',
      id: s.id,
      label: `${s.firstName} ${s.lastName}`,
      detail: s.studentId,
      to: '/students',
      search: { q: s.studentId },
    }));
  const skills = (await db.rows('skills').toArray())
    .filter((k) => matches(needle, k.name, k.category, k.standardReference, k.smcMotorSkillName))
    .slice(0, PER_KIND)
    .map((k): SearchHit => ({
      kind: 'Skill',
      id: k.id,
      label: k.name,
      detail: `${PROGRAM_TYPE_LABELS[k.programType as ProgramType] ?? k.programType} · ${k.category}`,
      ...skillTarget(k, role),
    }));
  const standards = (await db.rows('accreditationRequirements').toArray())
    .filter((r) => matches(needle, r.title, r.standardReference, r.description))
    .slice(0, PER_KIND)
    .map((r): SearchHit => ({
      kind: 'Standard',
      id: r.id,
      label: r.title,
      detail: r.standardReference ?? r.requirementType,
      to: '/accreditation-management',
      search: { q: r.title },
    }));
  return [...students, ...skills, ...standards];
}
