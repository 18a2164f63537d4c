import { describe, expect, it } from 'vitest';

import { ageBandOf, contactFigures } from './contact-figures.ts';
import { type ContactRules, DEFAULT_CONTACT_RULES } from './patient-contact.ts';

const contact = (
  ageYears: number,
  ageMonths: number,
  primaryImpression = 'ACS',
  teamLead = false,
  verifiedBy: string | null = 'preceptor-user',
) => ({ ageYears, ageMonths, primaryImpression, teamLead, verifiedBy });
const bands = DEFAULT_CONTACT_RULES.ageBands;
const count = (list: { label: string; count: number }[], label: string) => list.find((x) => x.label === label)?.count;

describe('age bands', () => {
  it('puts an age in the last band starting at or before it', () => {
    expect(ageBandOf(0, 0, bands)?.label).toBe('Newborn');
    expect(ageBandOf(0, 1, bands)?.label).toBe('Infant/Toddler');
    expect(ageBandOf(17, 11, bands)?.label).toBe('Adolescent');
    expect(ageBandOf(18, 0, bands)?.label).toBe('Adult');
    expect(ageBandOf(64, 11, bands)?.label).toBe('Adult');
    expect(ageBandOf(65, 0, bands)?.label).toBe('Geriatric');
  });
});

describe('contact figures', () => {
  it('counts each contact once per table against the minimums', () => {
    const figures = contactFigures([
      contact(70, 0, 'ACS', true),
      contact(30, 0, 'Trauma-Head'),
      contact(30, 0, 'Something new'),
      contact(5, 6, 'Seizure', true),
    ]);
    expect(figures.total).toBe(4);
    expect(count(figures.byAgeBand, 'Geriatric')).toBe(1);
    expect(count(figures.byAgeBand, 'Adult')).toBe(2);
    expect(count(figures.byAgeBand, 'Preschool')).toBe(1);
    expect(count(figures.byPathology, 'Cardiac')).toBe(1);
    expect(count(figures.byPathology, 'Trauma')).toBe(1);
    expect(count(figures.byPathology, 'Neurological')).toBe(1);
    // an impression the map does not list counts as Other
    expect(count(figures.byPathology, 'Other')).toBe(1);
    expect(figures.teamLeads).toEqual({ label: 'Team lead', count: 2, minimum: 20 });
    expect(figures.byAgeBand.find((b) => b.label === 'Adult')?.minimum).toBe(60);
  });

  it("follows a program's own rules", () => {
    const rules: ContactRules = {
      ageBands: [
        { label: 'Child', fromMonths: 0, minimum: 5 },
        { label: 'Grown-up', fromMonths: 16 * 12, minimum: 10 },
      ],
      pathologyMap: { ACS: 'Heart' },
      pathologyMinimums: { Heart: 3, Other: 1 },
      teamLeadMinimum: 4,
    };
    const figures = contactFigures([contact(17, 0), contact(15, 11, 'Stroke')], rules);
    expect(figures.byAgeBand).toEqual([
      { label: 'Child', count: 1, minimum: 5 },
      { label: 'Grown-up', count: 1, minimum: 10 },
    ]);
    expect(figures.byPathology).toEqual([
      { label: 'Heart', count: 1, minimum: 3 },
      { label: 'Other', count: 1, minimum: 1 },
    ]);
  });
});

describe("a student's own contacts", () => {
  it('count in no table and no team lead until verified, and are shown apart as awaiting', () => {
    const figures = contactFigures([
      contact(70, 0, 'ACS', true),
      contact(30, 0, 'Trauma-Head', true, null),
      contact(30, 0, 'Seizure', false, null),
    ]);
    expect(figures.total).toBe(1);
    expect(figures.awaiting).toBe(2);
    expect(figures.teamLeads?.count).toBe(1);
    expect(count(figures.byAgeBand, 'Adult')).toBe(0);
    expect(count(figures.byPathology, 'Trauma')).toBe(0);
    expect(count(figures.byPathology, 'Neurological')).toBe(0);
  });
});
