import { useState } from 'react';

import { COMPLIANCE_STANDARDS } from '#schema/enums.ts';
import { FIGURES } from '#schema/figures.ts';
import { can } from '#schema/permissions.ts';
import type { ComplianceRecord, ComplianceSummary } from '#schema/reports.ts';
import { useServerRead } from '#web/lib/server-reads.ts';
import { useSession } from '#web/lib/session.tsx';
import { AboutFigure } from '#web/lib/ui/about-figure.tsx';
import { Card, EmptyState, PageHeader, ProgressBar, Tile } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';

import { ComplianceRecordCard } from './compliance-cards.tsx';
import {
  complianceCsv,
  type ComplianceFilters,
  filterComplianceRecords,
  NO_COMPLIANCE_FILTERS,
  type StandardCompliance,
} from './compliance-rules.ts';
import { COMPLIANCE_STATUS_OPTIONS, PRIORITY_OPTIONS } from './labels.ts';
import { AnswerView, ExportButton, FilterCard, REPORTS, ReportTabs, ResultCount } from './report-parts.tsx';
import { combineAnswers } from './report-rules.ts';
import { StandardsPanel } from './standards-panel.tsx';

const STANDARD_OPTIONS: [string, string][] = [
  ['all', 'All Standards'],
  ...COMPLIANCE_STANDARDS.map((s): [string, string] => [s, s]),
];

export function ComplianceReportsPage() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  // the server answers compliance reports to staff only (permission staff.read)
  if (!can(session.user.role, 'staff.read')) {
    return (
      <section className="flex flex-col gap-4">
        <PageHeader title="Compliance Reports" />
        <EmptyState
          title="Compliance reports are for staff"
          text="Your own progress is on the Progress Reports page."
        />
      </section>
    );
  }
  return <ComplianceReports userId={session.user.id} />;
}

function ComplianceReports({ userId }: { userId: string }) {
  const answer = combineAnswers<[ComplianceRecord[], ComplianceSummary, StandardCompliance[]]>([
    useServerRead(REPORTS.compliance, userId),
    useServerRead(REPORTS['compliance-summary'], userId),
    useServerRead(REPORTS['compliance-by-standard'], userId),
  ]);
  const [tab, setTab] = useState(0);
  const [filters, setFilters] = useState<ComplianceFilters>(NO_COMPLIANCE_FILTERS);
  const shown = answer.status === 'ready' ? filterComplianceRecords(answer.data[0], filters) : null;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Compliance Reports"
        description="CoAEMSP, NFPA and POST requirements across your programs"
        actions={<ExportButton label="Export" name="compliance-records" table={shown && complianceCsv(shown)} />}
      />
      <AnswerView answer={answer} what="compliance reports">
        {([records, summary, byStandard]) => (
          <ReportTabs
            selectedIndex={tab}
            onChange={setTab}
            tabs={[
              { label: 'Overview', panel: <Overview summary={summary} /> },
              {
                label: 'Detailed Reports',
                panel: <Detailed records={records} shown={shown ?? []} filters={filters} onChange={setFilters} />,
              },
              { label: 'Trends', panel: <StandardsPanel byStandard={byStandard} /> },
            ]}
          />
        )}
      </AnswerView>
    </section>
  );
}

function Overview({ summary }: { summary: ComplianceSummary }) {
  const figure = FIGURES.averageRequirementCompliance;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Tile label="Total Requirements" value={summary.totalRequirements} />
        <Tile label="Compliant" value={summary.compliant} />
        <Tile label="At Risk" value={summary.atRisk} />
        <Tile label="Non-Compliant" value={summary.nonCompliant} />
        <Tile label="Pending Review" value={summary.pendingReview} />
      </div>
      <Card>
        <div className="mb-2 flex items-center justify-between gap-2">
          <div className="flex items-center">
            <h3 className="font-semibold text-slate-900">{figure.name}</h3>
            <AboutFigure figure={figure} />
          </div>
          <span className="text-2xl font-bold text-slate-900">{summary.overallCompliance}%</span>
        </div>
        <ProgressBar percent={summary.overallCompliance} label={figure.name} />
        <p className="mt-2 text-sm text-slate-600">
          Average compliance of all {summary.totalRequirements} requirements.
        </p>
      </Card>
    </div>
  );
}

function Detailed({
  records,
  shown,
  filters,
  onChange,
}: {
  records: ComplianceRecord[];
  shown: ComplianceRecord[];
  filters: ComplianceFilters;
  onChange: (f: ComplianceFilters) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <FilterCard>
        <TextField
          label="Search"
          type="search"
          className="col-span-2 lg:col-span-1"
          placeholder="Requirement, program or person"
          value={filters.search}
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
        />
        <SelectField
          label="Standard"
          value={filters.standard}
          options={STANDARD_OPTIONS}
          onChange={(e) => onChange({ ...filters, standard: e.target.value as ComplianceFilters['standard'] })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          options={COMPLIANCE_STATUS_OPTIONS}
          onChange={(e) => onChange({ ...filters, status: e.target.value as ComplianceFilters['status'] })}
        />
        <SelectField
          label="Priority"
          value={filters.priority}
          options={PRIORITY_OPTIONS}
          onChange={(e) => onChange({ ...filters, priority: e.target.value as ComplianceFilters['priority'] })}
        />
      </FilterCard>
      <ResultCount shown={shown.length} total={records.length} noun="records" />
      {shown.length === 0 ? (
        <EmptyState title="No compliance records found" text="Try a different search or filter." />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((r) => (
            <li key={r.id}>
              <ComplianceRecordCard record={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
