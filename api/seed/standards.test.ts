import { readFileSync } from 'node:fs';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { ComplianceRecord } from '#schema/reports.ts';
import * as t from '#schema/tables.ts';

import { openDb } from '../db/open.ts';
import { testApp } from '../test/helpers.ts';
import { asSystem, plainSource, seedStandards } from './standards.ts';

/** The research notes' own words: a confidence mark, or a fact recalled rather than read. */
const RESEARCH_NOTE = /\[[VPU]\]|recollection/i;
const research = JSON.parse(readFileSync(new URL('./standards/accreditation.json', import.meta.url), 'utf8')) as {
  requirements: { title: string; confidence: string; source: string }[];
};

describe('standards seed: accreditation items', () => {
  it('carries no research notes in any description or source, and keeps each confidence', () => {
    const db = openDb(':memory:');
    seedStandards(db);
    const requirements = db.select().from(t.accreditationRequirements).all();
    const ram = db.select().from(t.ramAssessments).all();
    for (const row of [...requirements, ...ram]) {
      expect(row.source).toBeTruthy();
      expect(row.source).not.toMatch(RESEARCH_NOTE);
    }
    for (const row of requirements) expect(row.description ?? '').not.toMatch(RESEARCH_NOTE);
    for (const row of ram) expect(row.componentDescription ?? '').not.toMatch(RESEARCH_NOTE);
    const retention = requirements.find((r) => r.title === 'Outcome: Retention')!;
    expect(retention).toMatchObject({ confidence: 'uncertain', source: 'coaemsp.org annual report pages' });
    expect(ram.every((r) => r.confidence === 'uncertain')).toBe(true);
  });

  it('shows compliance records with a clean description, the source and the confidence apart', async () => {
    const h = testApp({ standards: true });
    const res = await h.as('director', 'GET', '/api/reports/compliance');
    const records = (await res.json()) as ComplianceRecord[];
    const seeded = records.filter((r) => r.confidence !== null);
    expect(seeded.length).toBeGreaterThan(0);
    for (const r of records)
      for (const text of [r.description, r.notes, r.source]) expect(text ?? '').not.toMatch(RESEARCH_NOTE);
    expect(records.find((r) => r.requirement === 'RAM: Faculty')).toMatchObject({
      description: 'Program faculty and staff available to teach and support students.',
      notes: null,
      source: 'Reconstructed from CAAHEP Standard III.A.1 resource list',
      confidence: 'uncertain',
    });
  });

  it("cleans sources an earlier seed wrote with the notes' marks, and leaves a director's own", () => {
    const db = openDb(':memory:');
    seedStandards(db);
    const marked = research.requirements.find((r) => r.title === 'Outcome: Retention')!;
    const row = (title: string) =>
      db.select().from(t.accreditationRequirements).where(eq(t.accreditationRequirements.title, title)).get()!;
    asSystem(db, 'fixture', (ctx) => {
      ctx.update(t.accreditationRequirements, row(marked.title), { source: marked.source });
      ctx.update(t.accreditationRequirements, row('Graduate Surveys'), { source: 'Our binder [U]' });
    });
    expect(row(marked.title).source).toMatch(RESEARCH_NOTE);
    seedStandards(db);
    expect(row(marked.title).source).toBe('coaemsp.org annual report pages');
    expect(row('Graduate Surveys').source).toBe('Our binder [U]');
  });
});

describe('plainSource', () => {
  it('drops the asides on the marks, the recalled clauses and the marks', () => {
    expect(plainSource('CoAEMSP resources and newsletters (notes [P]; frequency not in notes)')).toBe(
      'CoAEMSP resources and newsletters',
    );
    expect(plainSource('coaemsp.org/Evaluations.htm (survey [V]); respondents per CoAEMSP newsletters [P]')).toBe(
      'coaemsp.org/Evaluations.htm; respondents per CoAEMSP newsletters',
    );
    expect(
      plainSource(
        'CNM EMS Program Performance page quoting CoAEMSP (definition [V]); 70% threshold from recollection [U]',
      ),
    ).toBe('CNM EMS Program Performance page quoting CoAEMSP');
    expect(plainSource('coaemsp.org/Evaluations.htm')).toBe('coaemsp.org/Evaluations.htm');
  });
});
