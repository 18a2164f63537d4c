import { describe, expect, it } from 'vitest';

import { confidenceDisplay } from '#web/lib/format.ts';
import { skillRow } from '#web/lib/testing/test-rows.ts';

import { byCatalogueOrder, filterSkills, levelChoices, NO_SKILL_FILTERS } from './skill-rules.ts';

const airway = skillRow('s1', {
  name: 'Airway adjuncts',
  category: 'Airway Management',
  programType: 'ems',
  certificationLevel: 'emt',
  confidence: 'paraphrased',
});
const cardiac = skillRow('s2', {
  name: 'Cardiac arrest',
  category: 'Cardiovascular Emergencies',
  programType: 'ems',
  certificationLevel: 'paramedic',
  standardReference: 'CoAEMSP SMC Table 2',
});
const hose = skillRow('s3', {
  name: 'Hose line advance',
  category: 'Fire Suppression',
  programType: 'fire',
  certificationLevel: 'firefighter_1',
  description: 'NFPA 1001 JPR',
});
const skills = [airway, cardiac, hose];

describe('filterSkills', () => {
  it('searches name, category, description and reference, ignoring case', () => {
    expect(filterSkills(skills, { ...NO_SKILL_FILTERS, query: 'AIRWAY' })).toEqual([airway]);
    expect(filterSkills(skills, { ...NO_SKILL_FILTERS, query: 'smc table' })).toEqual([cardiac]);
    expect(filterSkills(skills, { ...NO_SKILL_FILTERS, query: 'nfpa' })).toEqual([hose]);
  });

  it('filters by program type, level and uncertain items', () => {
    expect(filterSkills(skills, { ...NO_SKILL_FILTERS, programType: 'ems' })).toEqual([airway, cardiac]);
    expect(filterSkills(skills, { ...NO_SKILL_FILTERS, programType: 'ems', level: 'paramedic' })).toEqual([cardiac]);
    expect(filterSkills(skills, { ...NO_SKILL_FILTERS, uncertainOnly: true })).toEqual([cardiac, hose]);
  });
});

describe('catalogue display', () => {
  it('offers the levels of the chosen program type', () => {
    expect(levelChoices('fire')).toEqual(['firefighter_1', 'firefighter_2']);
    expect(levelChoices('all')).toContain('basic_peace_officer');
  });

  it('orders by program type, level (EMT before paramedic), then name', () => {
    const emtB = skillRow('s4', { name: 'Bleeding control', programType: 'ems', certificationLevel: 'emt' });
    expect([hose, cardiac, emtB, airway].sort(byCatalogueOrder).map((s) => s.name)).toEqual([
      'Airway adjuncts',
      'Bleeding control',
      'Cardiac arrest',
      'Hose line advance',
    ]);
  });

  it('flags uncertain items in amber', () => {
    expect(confidenceDisplay('uncertain')).toEqual({ label: 'Uncertain', tone: 'yellow' });
    expect(confidenceDisplay('verbatim').tone).toBe('green');
  });
});
