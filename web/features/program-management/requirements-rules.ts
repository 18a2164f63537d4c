/**
 * The Requirements dialog's rules, kept apart from its components: which skills a program's minimums cover, the
 * drafts its inputs hold (text, so a half-typed number stays as typed) and the requirement they become.
 */
import { ATTEMPT_SETTINGS, type AttemptSetting } from '#schema/enums.ts';
import type { AgeBand, ContactRules } from '#schema/patient-contact.ts';
import { type SkillMinimum, skillMinimum } from '#schema/skill-figures.ts';
import { byLevelThenSmcNumber, compareLevels } from '#schema/skill-order.ts';
import type { DomainRows } from '#sync/client/db.ts';

type Skill = DomainRows['skills'];
type Program = DomainRows['programs'];

export type MinimumDraft = { total: string } & Record<AttemptSetting, string>;

/** The program's type's skills of one level (all levels with ''), matching the search, in the catalogue's order. */
export function skillsToEdit(skills: readonly Skill[], program: Program, level: string, query: string) {
  const q = query.trim().toLowerCase();
  return skills
    .filter((s) => s.programType === program.type)
    .filter((s) => !level || s.certificationLevel === level)
    .filter((s) => !q || `${s.code} ${s.name} ${s.category}`.toLowerCase().includes(q))
    .sort(byLevelThenSmcNumber);
}

/** The levels the program's type has skills at, in the catalogue's order. */
export const levelsOf = (skills: readonly Skill[], program: Program) =>
  [...new Set(skills.filter((s) => s.programType === program.type).map((s) => s.certificationLevel))].sort(
    compareLevels,
  );

export const draftOf = (minimum: SkillMinimum): MinimumDraft => ({
  total: String(minimum.total),
  ...(Object.fromEntries(ATTEMPT_SETTINGS.map((s) => [s, minimum.bySetting[s]?.toString() ?? ''])) as Record<
    AttemptSetting,
    string
  >),
});

/** A draft as sent; blank settings have no minimum. Numbers are checked by the shared schema, not here. */
export function minimumOf(draft: MinimumDraft): SkillMinimum {
  const bySetting: SkillMinimum['bySetting'] = {};
  for (const s of ATTEMPT_SETTINGS) if (draft[s].trim() !== '') bySetting[s] = Number(draft[s]);
  return { total: Number(draft.total), bySetting };
}

/** The minimums to send: the program's own, with the edited skills' drafts over them. */
export function mergedMinimums(
  program: Program,
  skills: readonly Skill[],
  drafts: ReadonlyMap<string, MinimumDraft>,
): Record<string, SkillMinimum> {
  const merged: Record<string, SkillMinimum> = { ...(program.skillMinimums ?? {}) };
  for (const [skillId, draft] of drafts) {
    if (skills.some((s) => s.id === skillId)) merged[skillId] = minimumOf(draft);
  }
  return merged;
}

export const currentMinimum = (program: Program, skill: Skill) => skillMinimum(program.skillMinimums, skill);

/** Age bands as the form shows them: years and months rather than months. */
interface AgeBandDraft {
  label: string;
  years: string;
  months: string;
  minimum: string;
}
export interface ContactRulesDraft {
  ageBands: AgeBandDraft[];
  categories: { name: string; minimum: string }[];
  pathologyMap: Record<string, string>;
  teamLeadMinimum: string;
}

export const contactRulesDraft = (rules: ContactRules): ContactRulesDraft => ({
  ageBands: rules.ageBands.map((b) => ({
    label: b.label,
    years: String(Math.floor(b.fromMonths / 12)),
    months: String(b.fromMonths % 12),
    minimum: String(b.minimum),
  })),
  categories: Object.entries(rules.pathologyMinimums).map(([name, minimum]) => ({ name, minimum: String(minimum) })),
  pathologyMap: { ...rules.pathologyMap },
  teamLeadMinimum: String(rules.teamLeadMinimum),
});

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The draft as the rules to send; an impression mapped to a category since removed counts as Other. */
export function contactRulesOf(draft: ContactRulesDraft): ContactRules {
  const ageBands: AgeBand[] = draft.ageBands.map((b) => ({
    label: b.label.trim(),
    fromMonths: numberOf(b.years || '0') * 12 + numberOf(b.months || '0'),
    minimum: numberOf(b.minimum),
  }));
  const pathologyMinimums = Object.fromEntries(draft.categories.map((c) => [c.name.trim(), numberOf(c.minimum)]));
  const pathologyMap = Object.fromEntries(
    Object.entries(draft.pathologyMap).map(([impression, category]) => [
      impression,
      category in pathologyMinimums ? category : 'Other',
    ]),
  );
  return { ageBands, pathologyMap, pathologyMinimums, teamLeadMinimum: numberOf(draft.teamLeadMinimum) };
}
