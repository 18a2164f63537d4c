/** EMS Skill Entry & Tracking (/ems/skill-entry): four tiles and four tabs, all from the device's database. */
import { useEffect, useMemo, useState } from 'react';

import { localDay } from '#schema/dates.ts';
import { FIGURES } from '#schema/figures.ts';
import { can } from '#schema/permissions.ts';
import { useProgramTypeTotals, useRowsWhere } from '#web/lib/data.ts';
import { useSession } from '#web/lib/session.tsx';
import { ENTRY_TABS, type EntryTab, type SkillEntrySearch } from '#web/lib/skill-entry-search.ts';
import { Loading, PageHeader, Tile, TileSkeleton } from '#web/lib/ui/display.tsx';
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';
import { SectionTabs } from '#web/lib/ui/section-tabs.tsx';

import { useEmsStudents } from '../ems-tracker/index.ts';
import { AssessmentNotices } from './assessment-notices.tsx';
import { useAutoRefresh } from './auto-refresh.ts';
import { skillEntryTiles } from './overview.ts';
import { RealTimeTracker } from './real-time-tracker.tsx';

// the tracker tab opens first; the other three load when chosen
const BulkEntryForm = lazyPart(
  () => import('./bulk-entry-form.tsx'),
  (m) => m.BulkEntryForm,
  'Bulk entry',
);
const ScheduledAssessments = lazyPart(
  () => import('./scheduled-assessments.tsx'),
  (m) => m.ScheduledAssessments,
  'Scheduled assessments',
);
const ReportsPanel = lazyPart(
  () => import('./reports-panel.tsx'),
  (m) => m.ReportsPanel,
  'Reports',
);
const TAB_PARTS: Partial<Record<EntryTab, { preload: () => Promise<boolean> }>> = {
  bulk: BulkEntryForm,
  scheduled: ScheduledAssessments,
  reports: ReportsPanel,
};

const withoutSkill = ({ skill: _shown, ...rest }: SkillEntrySearch) => rest;

// as tall on a phone as the tracker's controls and prompt, so the tiles below do not jump down when it comes
const loading = (
  <div className="min-h-80 sm:min-h-0">
    <Loading />
  </div>
);

export function SkillEntryPage({
  search,
  onSearchChange,
}: {
  search: SkillEntrySearch;
  onSearchChange: (next: SkillEntrySearch) => void;
}) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const canRecord = !!user && can(user.role, 'progress.record');
  const canLog = !!user && can(user.role, 'attempts.log');
  // the tiles are figures of every student the user works with: a student's own figures are the tracker's
  const showsTiles = !!user && can(user.role, 'staff.read');
  // the tiles read the EMS totals the device keeps, one row; the reports read the records when opened
  const totals = useProgramTypeTotals('ems');
  // the Pending Reviews tile counts pending requests: only those are read
  const requests = useRowsWhere('requests', 'status', 'pending');
  const today = localDay(new Date());
  const [studentChoice, setStudentChoice] = useState<string | null>(null);
  const [autoRefresh, setAutoRefresh] = useState(true);
  useAutoRefresh(autoRefresh);
  // a link to another tab (the dashboard's Schedule Evaluation) fetches its code while the students are read
  useEffect(() => {
    if (search.tab) void TAB_PARTS[search.tab]?.preload();
  }, [search.tab]);

  // the picker needs only names: it lists the students during a first sync, while the tiles wait for the totals that
  // the sync builds at its end
  const students = useEmsStudents();
  // a skill that an attempt still being stored completes counts at once, as on the tracker's card
  const [completedInFlight, setCompletedInFlight] = useState(0);
  const tiles = useMemo(
    () =>
      totals !== undefined && requests
        ? skillEntryTiles(
            totals && { ...totals, activeSkillsCompleted: totals.activeSkillsCompleted + completedInFlight },
            requests,
            today,
          )
        : undefined,
    [totals, requests, today, completedInFlight],
  );
  const tilesOfTracker = useMemo(() => ({ totals, onCompletedChange: setCompletedInFlight }), [totals]);
  // a student user works with their own record, preselected; staff arrive with the student a link chose, if any
  const linked = students?.find((s) => s.id === search.student)?.id;
  const studentId = studentChoice ?? linked ?? students?.find((s) => s.userId === user?.id)?.id ?? '';

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="EMS Skill Entry & Tracking"
        description="Record and follow students' CoAEMSP skill progress, on this device even without signal."
      />
      <AssessmentNotices />
      {/* on a phone the summary tiles go below the tracker, so the first skill card is on the first screen */}
      {showsTiles && (
        <div className="order-last grid grid-cols-2 gap-3 sm:order-none lg:grid-cols-4">
          {tiles ? (
            <>
              <Tile label="Active Students" value={tiles.activeStudents} />
              <Tile label="Pending Reviews" value={tiles.pendingReviews} />
              <Tile
                label={FIGURES.levelSkillsCompleted.name}
                value={`${tiles.levelSkillsCompleted}%`}
                hint="Active EMS students"
                about={FIGURES.levelSkillsCompleted}
              />
              <Tile label="Graduations" value={tiles.graduations} hint="This academic year" />
            </>
          ) : (
            <TileSkeleton count={4} />
          )}
        </div>
      )}
      <SectionTabs
        layout="row"
        tabs={ENTRY_TABS}
        selected={search.tab}
        onChange={(tab) => onSearchChange({ ...search, tab })}
        panels={
          !students || !user
            ? { tracker: loading, bulk: loading, scheduled: loading, reports: loading }
            : {
                tracker: (
                  <RealTimeTracker
                    students={students}
                    studentId={studentId}
                    onStudentChange={setStudentChoice}
                    search={search.q ?? ''}
                    onSearchChange={(q) => onSearchChange({ ...search, q: q || undefined })}
                    skillId={search.skill}
                    onShowAllSkills={() => onSearchChange(withoutSkill(search))}
                    autoRefresh={autoRefresh}
                    onAutoRefreshChange={setAutoRefresh}
                    canRecord={canRecord}
                    canLog={canLog}
                    user={user}
                    today={today}
                    tiles={tilesOfTracker}
                  />
                ),
                bulk: (
                  <BulkEntryForm
                    fallback={<Loading />}
                    students={students}
                    user={user}
                    canRecord={canRecord}
                    today={today}
                  />
                ),
                scheduled: (
                  <ScheduledAssessments
                    fallback={<Loading />}
                    students={students}
                    canRecord={canRecord}
                    today={today}
                  />
                ),
                reports: (
                  <ReportsPanel
                    fallback={<Loading />}
                    studentId={studentId}
                    onStudentChange={setStudentChoice}
                    today={today}
                  />
                ),
              }
        }
      />
    </div>
  );
}
