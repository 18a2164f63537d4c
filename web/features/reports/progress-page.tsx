import { useState } from 'react';

import type { ProgramSummary, ProgressReport } from '#schema/reports.ts';
import { useServerRead } from '#web/lib/server-reads.ts';
import { useSession } from '#web/lib/session.tsx';
import { EmptyState, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';

import { PROGRAM_TYPE_OPTIONS, PROGRESS_STATUS_OPTIONS } from './labels.ts';
import { ProgramSummaryCard, StudentProgressCard } from './progress-cards.tsx';
import {
  filterProgressReports,
  NO_PROGRESS_FILTERS,
  programSummaryCsv,
  progressCsv,
  type ProgressFilters,
  type ProgressTrendPoint,
  trendCsv,
} from './progress-rules.ts';
import { AnswerView, ExportButton, FilterCard, REPORTS, ReportTabs, ResultCount } from './report-parts.tsx';
import { combineAnswers } from './report-rules.ts';
import { TrendPanel } from './trend-panel.tsx';

const TABS = { overview: 0, students: 1, analytics: 2 } as const;

/** `initialQuery` (?q=, sent by Student Records' View Progress Report) opens Student Progress searching for it. */
export function ProgressReportsPage({ initialQuery }: { initialQuery?: string }) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <ProgressReports userId={session.user.id} isStudent={session.user.role === 'student'} initialQuery={initialQuery} />
  );
}

function ProgressReports({
  userId,
  isStudent,
  initialQuery,
}: {
  userId: string;
  isStudent: boolean;
  initialQuery?: string;
}) {
  const answer = combineAnswers<[ProgressReport[], ProgramSummary[], ProgressTrendPoint[]]>([
    useServerRead(REPORTS.progress, userId),
    useServerRead(REPORTS['program-summaries'], userId),
    useServerRead(REPORTS['progress-trend'], userId),
  ]);
  const [tab, setTab] = useState<number>(initialQuery ? TABS.students : TABS.overview);
  const [filters, setFilters] = useState<ProgressFilters>({ ...NO_PROGRESS_FILTERS, search: initialQuery ?? '' });
  const [seenQuery, setSeenQuery] = useState(initialQuery);
  if (initialQuery !== seenQuery) {
    setSeenQuery(initialQuery);
    setFilters((f) => ({ ...f, search: initialQuery ?? '' }));
    if (initialQuery) setTab(TABS.students);
  }

  const data = answer.status === 'ready' ? answer.data : null;
  const shown = data ? filterProgressReports(data[0], filters) : [];
  const exportTable = !data
    ? null
    : tab === TABS.overview
      ? programSummaryCsv(data[1])
      : tab === TABS.students
        ? progressCsv(shown)
        : trendCsv(data[2]);
  const exportName = ['program-summaries', 'progress-reports', 'progress-trend'][tab];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Progress Reports"
        description={
          isStudent
            ? 'Your progress, computed from your skills and hours'
            : 'Student progress across your programs, computed from skills and hours'
        }
        actions={<ExportButton label="Export Reports" name={exportName} table={exportTable} />}
      />
      <AnswerView answer={answer} what="progress reports">
        {([reports, summaries, trend]) => (
          <ReportTabs
            selectedIndex={tab}
            onChange={setTab}
            tabs={[
              { label: 'Program Overview', panel: <ProgramOverview summaries={summaries} /> },
              {
                label: 'Student Progress',
                panel: <StudentProgress reports={reports} shown={shown} filters={filters} onChange={setFilters} />,
              },
              { label: 'Analytics', panel: <TrendPanel points={trend} /> },
            ]}
          />
        )}
      </AnswerView>
    </section>
  );
}

function ProgramOverview({ summaries }: { summaries: ProgramSummary[] }) {
  if (summaries.length === 0)
    return <EmptyState title="No programs to report" text="Program summaries appear once students are enrolled." />;
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {summaries.map((s) => (
        <li key={s.programId}>
          <ProgramSummaryCard summary={s} />
        </li>
      ))}
    </ul>
  );
}

function StudentProgress({
  reports,
  shown,
  filters,
  onChange,
}: {
  reports: ProgressReport[];
  shown: ProgressReport[];
  filters: ProgressFilters;
  onChange: (f: ProgressFilters) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <FilterCard>
        <TextField
          label="Search"
          type="search"
          className="col-span-2"
          placeholder="Student name or ID"
          value={filters.search}
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
        />
        <SelectField
          label="Program"
          value={filters.programType}
          options={PROGRAM_TYPE_OPTIONS}
          onChange={(e) => onChange({ ...filters, programType: e.target.value as ProgressFilters['programType'] })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          options={PROGRESS_STATUS_OPTIONS}
          onChange={(e) => onChange({ ...filters, status: e.target.value as ProgressFilters['status'] })}
        />
      </FilterCard>
      <ResultCount shown={shown.length} total={reports.length} noun="students" />
      {shown.length === 0 ? (
        <EmptyState title="No progress reports found" text="Try a different search or filter." />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((r) => (
            <li key={r.id}>
              <StudentProgressCard report={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
