import { describe, expect, it } from 'vitest';

import { progressRow, skillRow } from '#web/lib/testing/test-rows.ts';

import { domainOf, domainsPresent, filterSkills, groupByDomain, statusOf, trackerFigures } from './matrix.ts';

const skills = [
  skillRow('a', { name: 'Insert OPA', competencyDomain: 'Airway Management', smcMatrixNumber: 'T3-10' }),
  skillRow('b', { name: 'Insert NPA', competencyDomain: 'Airway Management', smcMatrixNumber: 'T3-2' }),
  skillRow('c', { name: 'Assess vital signs', competencyDomain: 'Patient Assessment', clinicalHoursRequired: 4 }),
  skillRow('d', { name: 'Lift a patient', competencyDomain: null, category: 'EMS Operations', fieldHoursRequired: 6 }),
  skillRow('e', { name: 'Scene triage', competencyDomain: 'Zebra Domain' }),
];
const progress = new Map([
  ['a', progressRow('s1', 'a', { status: 'completed', progressPercentage: 100 })],
  ['b', progressRow('s1', 'b', { status: 'in_progress', progressPercentage: 40 })],
  ['c', progressRow('s1', 'c', { status: 'completed', progressPercentage: 100 })],
]);

describe('matrix grouping', () => {
  it('uses the competency domain, else the category', () => {
    expect(domainOf(skills[0])).toBe('Airway Management');
    expect(domainOf(skills[3])).toBe('EMS Operations');
  });

  it('orders domains as the spec lists the categories, unknown ones after them alphabetically', () => {
    expect(domainsPresent(skills)).toEqual([
      'Patient Assessment',
      'Airway Management',
      'EMS Operations',
      'Zebra Domain',
    ]);
  });

  it('counts completed of total per domain with a rounded percentage; a missing record is not started', () => {
    const groups = groupByDomain(skills, progress);
    expect(groups.map((g) => [g.domain, g.completed, g.total, g.percent])).toEqual([
      ['Patient Assessment', 1, 1, 100],
      ['Airway Management', 1, 2, 50],
      ['EMS Operations', 0, 1, 0],
      ['Zebra Domain', 0, 1, 0],
    ]);
    expect(statusOf(progress.get('d'))).toBe('not_started');
  });

  it('orders skills in a domain by SMC matrix number, numerically', () => {
    const airway = groupByDomain(skills, progress).find((g) => g.domain === 'Airway Management')!;
    expect(airway.skills.map((s) => s.smcMatrixNumber)).toEqual(['T3-2', 'T3-10']);
  });

  it('gives no groups for no skills', () => {
    expect(groupByDomain([], progress)).toEqual([]);
  });
});

describe('filters', () => {
  it('narrows by domain and by part of the name, case-insensitively', () => {
    expect(filterSkills(skills, { domain: 'Airway Management', query: '' }).map((s) => s.id)).toEqual(['a', 'b']);
    expect(filterSkills(skills, { domain: '', query: 'insert n' }).map((s) => s.id)).toEqual(['b']);
    expect(filterSkills(skills, { domain: 'Patient Assessment', query: 'insert' })).toEqual([]);
    expect(filterSkills(skills, { domain: '', query: '  ' })).toHaveLength(skills.length);
  });
});

describe('tracker figures', () => {
  it('counts the level, the completed skills, logged hours, required hours and overall progress', () => {
    expect(
      trackerFigures(skills, progress, { clinical: 12.25, field: 8, awaiting: 0, refused: 0, last: null }),
    ).toEqual({
      totalCompetencies: 5,
      completed: 2,
      clinicalHours: 12.3,
      fieldHours: 8,
      clinicalHoursRequired: 4,
      fieldHoursRequired: 6,
      // (100 + 40 + 100 + 0 + 0) / 5
      overallProgress: 48,
    });
  });

  it('is all zero for a level without skills', () => {
    expect(trackerFigures([], progress, { clinical: 0, field: 0, awaiting: 0, refused: 0, last: null })).toMatchObject({
      totalCompetencies: 0,
      completed: 0,
      overallProgress: 0,
    });
  });
});
