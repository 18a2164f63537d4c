import { useState } from 'react';

import { FIGURES } from '#schema/figures.ts';
import type { GraduationCandidate, GraduationStats } from '#schema/reports.ts';
import { useServerRead } from '#web/lib/server-reads.ts';
import { useSession } from '#web/lib/session.tsx';
import { EmptyState, PageHeader, Tile } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';

import { CandidateCard } from './candidate-card.tsx';
import {
  candidatePrograms,
  filterCandidates,
  graduationCsv,
  type GraduationFilters,
  MONTH_OPTIONS,
  NO_GRADUATION_FILTERS,
} from './graduation-rules.ts';
import { GRADUATION_STATUS_OPTIONS } from './labels.ts';
import { AnswerView, ExportButton, FilterCard, REPORTS, ResultCount } from './report-parts.tsx';
import { combineAnswers } from './report-rules.ts';

export function GraduationReportsPage() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return <GraduationReports userId={session.user.id} />;
}

function GraduationReports({ userId }: { userId: string }) {
  const answer = combineAnswers<[GraduationCandidate[], GraduationStats]>([
    useServerRead(REPORTS.graduation, userId),
    useServerRead(REPORTS['graduation-stats'], userId),
  ]);
  const [filters, setFilters] = useState<GraduationFilters>(NO_GRADUATION_FILTERS);
  const shown = answer.status === 'ready' ? filterCandidates(answer.data[0], filters) : null;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Graduation Reports"
        description="Students working toward graduation and what each still needs"
        actions={<ExportButton label="Export" name="graduation-candidates" table={shown && graduationCsv(shown)} />}
      />
      <AnswerView answer={answer} what="graduation reports">
        {([candidates, stats]) => (
          <>
            <StatTiles stats={stats} />
            <FilterBar filters={filters} onChange={setFilters} programs={candidatePrograms(candidates)} />
            <ResultCount shown={shown?.length ?? 0} total={candidates.length} noun="candidates" />
            {!shown?.length ? (
              <EmptyState
                title="No graduation candidates found"
                text={candidates.length ? 'Try a different search or filter.' : undefined}
              />
            ) : (
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {shown.map((c) => (
                  <li key={c.id}>
                    <CandidateCard candidate={c} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </AnswerView>
    </section>
  );
}

function StatTiles({ stats }: { stats: GraduationStats }) {
  return (
    <section aria-label="Graduation statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      <Tile label="Total Candidates" value={stats.totalCandidates} hint="Active, not yet graduated" />
      <Tile label="Ready to Graduate" value={stats.readyToGraduate} hint="Skills and hours complete" />
      <Tile label="On Schedule" value={stats.onSchedule} hint="Progress on track" />
      <Tile label="Needs Attention" value={stats.needsAttention} hint="Behind expected progress" />
      <Tile label="Delayed" value={stats.delayed} hint="Past expected graduation" />
      <Tile
        label={FIGURES.graduatingThisMonth.name}
        value={stats.thisMonthGraduates}
        hint="Delayed students not counted"
        about={FIGURES.graduatingThisMonth}
      />
    </section>
  );
}

function FilterBar({
  filters,
  onChange,
  programs,
}: {
  filters: GraduationFilters;
  onChange: (f: GraduationFilters) => void;
  programs: string[];
}) {
  return (
    <FilterCard>
      <TextField
        label="Search"
        type="search"
        className="col-span-2 lg:col-span-1"
        placeholder="Student name or ID"
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
      />
      <SelectField
        label="Program"
        value={filters.program}
        options={[['all', 'All Programs'], ...programs.map((p): [string, string] => [p, p])]}
        onChange={(e) => onChange({ ...filters, program: e.target.value })}
      />
      <SelectField
        label="Status"
        value={filters.status}
        options={GRADUATION_STATUS_OPTIONS}
        onChange={(e) => onChange({ ...filters, status: e.target.value as GraduationFilters['status'] })}
      />
      <SelectField
        label="Graduation Month"
        value={filters.month}
        options={MONTH_OPTIONS}
        onChange={(e) => onChange({ ...filters, month: e.target.value as GraduationFilters['month'] })}
      />
    </FilterCard>
  );
}
