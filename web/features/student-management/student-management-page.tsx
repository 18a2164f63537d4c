/**
 * Student Records (/student-management): tiles, student-ID search, level and status filters, four tabs. The spec titles
 * this screen and /students both Student Management; /students keeps it (it is also that route's header title), this
 * one takes the name of its sidebar item.
 */
import { useMemo, useState } from 'react';

import { FIGURES } from '#schema/figures.ts';
import { byStudentName } from '#schema/names.ts';
import { type StudentWithSummary, useStudentSummaries } from '#web/lib/data.ts';
import { STUDENT_DISPLAY_STATUSES } from '#web/lib/format.ts';
import { Card, EmptyState, Loading, PageHeader, Tile, TileSkeleton } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { SectionTabs } from '#web/lib/ui/section-tabs.tsx';

import { StudentDetailsDialog } from '../students/index.ts';
import { AcademicRecordsTab } from './academic-records-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { ProgressTrackingTab } from './progress-tracking-tab.tsx';
import { StudentReportsTab } from './student-reports-tab.tsx';
import {
  filterManagedStudents,
  LEVEL_OPTIONS,
  type ManagementFilters,
  NO_FILTERS,
  studentTiles,
} from './student-rules.ts';
import { STUDENT_MANAGEMENT_TABS, type StudentManagementTab } from './tabs.ts';

export function StudentManagementPage({
  tab,
  onTabChange,
}: {
  tab?: StudentManagementTab;
  onTabChange: (tab?: StudentManagementTab) => void;
}) {
  const items = useStudentSummaries();
  const [filters, setFilters] = useState<ManagementFilters>(NO_FILTERS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [profile, setProfile] = useState<StudentWithSummary | null>(null);

  const tiles = useMemo(() => (items ? studentTiles(items) : undefined), [items]);
  const shown = useMemo(
    () => (items ? filterManagedStudents(items, filters).sort(byStudentName) : []),
    [items, filters],
  );
  // the chosen student stays chosen while filters hide them from the list; with none chosen, the first shown
  const selected = items?.find((i) => i.student.id === selectedId) ?? shown[0] ?? null;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Student Records" description="Enrollment, progress and academic records of your students" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles ? (
          <>
            <Tile label="Total Students" value={tiles.total} />
            <Tile label="Active" value={tiles.active} />
            <Tile label="Graduates" value={tiles.graduates} />
            <Tile
              label={FIGURES.averageProgress.name}
              value={`${tiles.averageProgress}%`}
              hint="Across all students"
              about={FIGURES.averageProgress}
            />
          </>
        ) : (
          <TileSkeleton count={4} />
        )}
      </div>
      <FilterBar filters={filters} onChange={setFilters} />
      {!items ? (
        <Loading text="Loading students..." />
      ) : items.length === 0 ? (
        <EmptyState title="No students found" text="Students enrolled in your programs appear here." />
      ) : (
        <SectionTabs
          tabs={STUDENT_MANAGEMENT_TABS}
          selected={tab}
          onChange={onTabChange}
          panels={{
            overview: (
              <OverviewTab shown={shown} selected={selected} onSelect={setSelectedId} onViewProfile={setProfile} />
            ),
            progress: <ProgressTrackingTab students={shown} selected={selected} onSelect={setSelectedId} />,
            records: <AcademicRecordsTab students={shown} selected={selected} onSelect={setSelectedId} />,
            reports: <StudentReportsTab shown={shown} selected={selected} />,
          }}
        />
      )}
      <StudentDetailsDialog item={profile} onClose={() => setProfile(null)} />
    </section>
  );
}

function FilterBar({ filters, onChange }: { filters: ManagementFilters; onChange: (f: ManagementFilters) => void }) {
  return (
    <Card className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <TextField
        label="Search by student ID"
        type="search"
        className="col-span-2 sm:col-span-1"
        placeholder="e.g. STU-2026001"
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
      />
      <SelectField
        label="Level"
        value={filters.level}
        onChange={(e) => onChange({ ...filters, level: e.target.value })}
        options={[['all', 'All Levels'], ...LEVEL_OPTIONS]}
      />
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(e) => onChange({ ...filters, status: e.target.value as ManagementFilters['status'] })}
        options={[['all', 'All Statuses'], ...STUDENT_DISPLAY_STATUSES.map((s) => [s, s] as const)]}
      />
    </Card>
  );
}
