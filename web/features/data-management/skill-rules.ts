/** Searching and filtering the standards catalogue (skills), and how an item's confidence is shown. */
import {
  CERTIFICATION_LEVELS,
  type CertificationLevel,
  LEVELS_BY_PROGRAM_TYPE,
  type ProgramType,
} from '#schema/enums.ts';
import { compareText } from '#schema/names.ts';
import { compareLevels } from '#schema/skill-order.ts';
import type { DomainRows } from '#sync/client/db.ts';

type Skill = DomainRows['skills'];

export interface SkillFilters {
  query: string;
  programType: 'all' | ProgramType;
  level: 'all' | CertificationLevel;
  /** Only items whose wording the standards research could not confirm. */
  uncertainOnly: boolean;
}
export const NO_SKILL_FILTERS: SkillFilters = { query: '', programType: 'all', level: 'all', uncertainOnly: false };

/** Case-insensitive match on name, category, description, code or standard reference, then the filters. */
export function filterSkills<
  S extends Pick<
    Skill,
    | 'name'
    | 'category'
    | 'description'
    | 'code'
    | 'standardReference'
    | 'programType'
    | 'certificationLevel'
    | 'confidence'
  >,
>(skills: readonly S[], f: SkillFilters): S[] {
  const q = f.query.trim().toLowerCase();
  return skills.filter(
    (s) =>
      (f.programType === 'all' || s.programType === f.programType) &&
      (f.level === 'all' || s.certificationLevel === f.level) &&
      (!f.uncertainOnly || s.confidence === 'uncertain') &&
      (!q ||
        [s.name, s.category, s.description, s.code, s.standardReference].some((v) =>
          (v ?? '').toLowerCase().includes(q),
        )),
  );
}

/** The level filter's choices: the chosen program type's levels, or every level. */
export const levelChoices = (programType: SkillFilters['programType']): readonly CertificationLevel[] =>
  programType === 'all' ? CERTIFICATION_LEVELS : LEVELS_BY_PROGRAM_TYPE[programType];

/** Catalogue order: program type, level (in the levels' order), then name. */
export function byCatalogueOrder(
  a: Pick<Skill, 'programType' | 'certificationLevel' | 'name'>,
  b: Pick<Skill, 'programType' | 'certificationLevel' | 'name'>,
) {
  return (
    a.programType.localeCompare(b.programType) ||
    compareLevels(a.certificationLevel, b.certificationLevel) ||
    compareText(a.name, b.name)
  );
}
