import { describe, expect, it } from 'vitest';

import { ramUpdateSchema, requirementUpdateSchema } from '#schema/accreditation.ts';

import { byWorkOrder, canSaveRam, humanize, RAM_CHOICES, ramPayload, requirementPatch } from './accreditation-rules.ts';

const now = new Date('2026-03-10T12:00:00.000Z');

describe('RAM assessment save', () => {
  it('is disabled until a percentage above 0 is chosen', () => {
    expect(canSaveRam(0)).toBe(false);
    expect(canSaveRam(Number.NaN)).toBe(false);
    expect(canSaveRam(50)).toBe(true);
  });
  it('offers 100 down to 50 in steps of 5', () => {
    expect(RAM_CHOICES.map(([v]) => v)).toEqual(['100', '95', '90', '85', '80', '75', '70', '65', '60', '55', '50']);
  });
  it('completes the assessment now with the percentage, sending the plan trimmed', () => {
    const payload = ramPayload(85, '  Hire a second lab instructor.  ', now);
    expect(payload).toEqual({
      status: 'completed',
      assessmentDate: '2026-03-10T12:00:00.000Z',
      compliancePercentage: 85,
      improvementPlan: 'Hire a second lab instructor.',
    });
    const { assessmentDate: _datedByTheServer, ...kept } = payload;
    expect(ramUpdateSchema.parse(payload)).toEqual(kept);
  });
  it('leaves out a blank plan entirely', () => {
    expect(ramPayload(90, '', now)).not.toHaveProperty('improvementPlan');
    expect(ramPayload(90, ' \n\t ', now)).not.toHaveProperty('improvementPlan');
  });
});

describe('requirements', () => {
  it('Start moves to in progress, Complete to completed, both accepted by the shared schema', () => {
    expect(requirementUpdateSchema.parse(requirementPatch('start'))).toEqual({ completionStatus: 'in_progress' });
    expect(requirementUpdateSchema.parse(requirementPatch('complete'))).toEqual({ completionStatus: 'completed' });
  });
  it('lists open work first and completed last, then by title', () => {
    const list = [
      { title: 'B', completionStatus: 'completed' },
      { title: 'C', completionStatus: 'pending' },
      { title: 'A', completionStatus: 'pending' },
      { title: 'D', completionStatus: 'overdue' },
      { title: 'E', completionStatus: 'in_progress' },
    ].sort(byWorkOrder);
    expect(list.map((r) => r.title)).toEqual(['D', 'E', 'A', 'C', 'B']);
  });
  it('turns stored codes into words', () => {
    expect(humanize('clinical_coordinator')).toBe('Clinical Coordinator');
    expect(humanize('annual')).toBe('Annual');
  });
});
