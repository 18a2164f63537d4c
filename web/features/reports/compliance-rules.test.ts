import { describe, expect, it } from 'vitest';

import { chartedStandards, complianceCsv, filterComplianceRecords, NO_COMPLIANCE_FILTERS } from './compliance-rules.ts';
import { byStandard, complianceRecord } from './test-rows.ts';

const records = [
  complianceRecord({
    id: 'a',
    requirement: 'CoAEMSP Annual Report',
    description: 'Submit the Annual Report each year.',
    status: 'compliant',
    compliancePercentage: 100,
    priority: 'low',
    lastReview: '2026-03-15',
    source: 'coaemsp.org Annual_Reports.htm',
    confidence: 'verbatim',
  }),
  complianceRecord({
    id: 'b',
    requirement: 'RAM: Faculty',
    responsiblePerson: 'Dana Whitfield',
    status: 'at_risk',
    compliancePercentage: 75,
    priority: 'medium',
  }),
  complianceRecord({
    id: 'c',
    requirement: 'Student competency tracking (NFPA 1001)',
    programName: 'Firefighter I Academy',
    standardType: 'NFPA',
    status: 'non_compliant',
    compliancePercentage: 40,
    priority: 'high',
    notes: '4 active students',
  }),
];
const ids = (rs: { id: string }[]) => rs.map((r) => r.id);
const filter = (over: Partial<typeof NO_COMPLIANCE_FILTERS>) =>
  ids(filterComplianceRecords(records, { ...NO_COMPLIANCE_FILTERS, ...over }));

describe('filterComplianceRecords', () => {
  it('searches requirement, programName and responsiblePerson', () => {
    expect(filter({ search: 'annual' })).toEqual(['a']);
    expect(filter({ search: 'FIREFIGHTER' })).toEqual(['c']);
    expect(filter({ search: 'whitfield' })).toEqual(['b']);
    expect(filter({ search: '4 active' })).toEqual([]); // notes are not searched
  });

  it('filters by standard, status and priority', () => {
    expect(filter({ standard: 'NFPA' })).toEqual(['c']);
    expect(filter({ standard: 'POST' })).toEqual([]);
    expect(filter({ status: 'at_risk' })).toEqual(['b']);
    expect(filter({ priority: 'high' })).toEqual(['c']);
    expect(filter({ standard: 'CoAEMSP', priority: 'low' })).toEqual(['a']);
  });
});

describe('complianceCsv', () => {
  it('writes the shown records with labels, source and confidence in their own columns', () => {
    const table = complianceCsv(records.slice(0, 1));
    expect(table.columns).toEqual([
      'Requirement',
      'Description',
      'Program',
      'Standard',
      'Status',
      'Compliance (%)',
      'Priority',
      'Last Review',
      'Next Review',
      'Responsible Person',
      'Notes',
      'Source',
      'Confidence',
    ]);
    expect(table.rows).toEqual([
      {
        Requirement: 'CoAEMSP Annual Report',
        Description: 'Submit the Annual Report each year.',
        Program: 'All EMS programs',
        Standard: 'CoAEMSP',
        Status: 'Compliant',
        'Compliance (%)': 100,
        Priority: 'Low',
        'Last Review': '2026-03-15',
        'Next Review': '',
        'Responsible Person': 'Director',
        Notes: '',
        Source: 'coaemsp.org Annual_Reports.htm',
        Confidence: 'Verified – quoted from the source',
      },
    ]);
  });

  it('leaves source and confidence empty for a figure computed from the records', () => {
    expect(complianceCsv(records.slice(2)).rows[0]).toMatchObject({
      Notes: '4 active students',
      Source: '',
      Confidence: '',
    });
  });
});

describe('chartedStandards', () => {
  it('draws only standards that have records', () => {
    expect(chartedStandards(byStandard(58, 40))).toEqual([
      { standard: 'CoAEMSP', compliance: 58 },
      { standard: 'NFPA', compliance: 40 },
    ]);
    expect(chartedStandards(byStandard(58, null))).toEqual([{ standard: 'CoAEMSP', compliance: 58 }]);
  });
});
