/** The Compliance Reports page's filters, CSV table and per-standard figures. */
import { CONFIDENCE_LABELS } from '#schema/enums.ts';
import type {
  CompliancePriority,
  ComplianceRecord,
  ComplianceStandard,
  ComplianceStatus,
  StandardCompliance,
} from '#schema/reports.ts';

import { COMPLIANCE_STATUS_LABELS, PRIORITY_LABELS } from './labels.ts';
import { type CsvTable, csvTable, matchesSearch } from './report-rules.ts';

export type { StandardCompliance };

export interface ComplianceFilters {
  search: string;
  standard: 'all' | ComplianceStandard;
  status: 'all' | ComplianceStatus;
  priority: 'all' | CompliancePriority;
}

export const NO_COMPLIANCE_FILTERS: ComplianceFilters = { search: '', standard: 'all', status: 'all', priority: 'all' };

/** Search covers requirement, programName and responsiblePerson (spec section 5). */
export function filterComplianceRecords(
  records: readonly ComplianceRecord[],
  f: ComplianceFilters,
): ComplianceRecord[] {
  return records.filter(
    (r) =>
      matchesSearch([r.requirement, r.programName, r.responsiblePerson], f.search) &&
      (f.standard === 'all' || r.standardType === f.standard) &&
      (f.status === 'all' || r.status === f.status) &&
      (f.priority === 'all' || r.priority === f.priority),
  );
}

export const complianceCsv = (records: readonly ComplianceRecord[]): CsvTable =>
  csvTable<ComplianceRecord>(
    [
      ['Requirement', (r) => r.requirement],
      ['Description', (r) => r.description],
      ['Program', (r) => r.programName],
      ['Standard', (r) => r.standardType],
      ['Status', (r) => COMPLIANCE_STATUS_LABELS[r.status]],
      ['Compliance (%)', (r) => r.compliancePercentage],
      ['Priority', (r) => PRIORITY_LABELS[r.priority]],
      ['Last Review', (r) => r.lastReview],
      ['Next Review', (r) => r.nextReview],
      ['Responsible Person', (r) => r.responsiblePerson],
      ['Notes', (r) => r.notes],
      ['Source', (r) => r.source],
      ['Confidence', (r) => r.confidence && CONFIDENCE_LABELS[r.confidence]],
    ],
    records,
  );

/** Standards with records: the bars of the chart (a standard without records has no percentage to draw). */
export const chartedStandards = (byStandard: readonly StandardCompliance[]) =>
  byStandard
    .filter((s) => s.summary.totalRequirements > 0)
    .map((s) => ({ standard: s.standard, compliance: s.summary.overallCompliance }));
