/** Scheduled Assessments tab: skills with a next assessment date, filtered by level and status; Schedule changes the date. */
import { useMemo, useState } from 'react';

import type { DomainRows } from '#sync/client/db.ts';
import { useRowsWhere } from '#web/lib/data.ts';
import { formatDate, type Tone } from '#web/lib/format.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import { useSync } from '#web/lib/sync.tsx';
import { Badge, EmptyState, Loading } from '#web/lib/ui/display.tsx';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { ShowMore, useShowMore } from '#web/lib/ui/show-more.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { LazyProgressDialog } from './lazy-progress-dialog.tsx';
import {
  ENTRY_LEVELS,
  filterScheduled,
  levelLabel,
  SCHEDULE_STATUSES,
  scheduledAssessments,
  type ScheduledRow,
  type ScheduleStatus,
} from './overview.ts';

const STATUS_TONE: Record<ScheduleStatus, Tone> = { upcoming: 'blue', overdue: 'red', completed: 'green' };
const STATUS_LABEL = Object.fromEntries(SCHEDULE_STATUSES) as Record<ScheduleStatus, string>;

export function ScheduledAssessments({
  students,
  canRecord,
  today,
}: {
  students: DomainRows['students'][];
  canRecord: boolean;
  today: string;
}) {
  const { db } = useSync();
  // only progress records with a next assessment date (the index leaves out those without one)
  const progress = useLiveQuery(() => db.rows('studentSkills').where('nextAssessmentDate').above('').toArray(), [db]);
  const skills = useRowsWhere('skills', 'programType', 'ems');
  const [level, setLevel] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<ScheduledRow | null>(null);
  const all = useMemo(
    () => (progress && skills ? scheduledAssessments(progress, students, skills, today) : undefined),
    [progress, skills, students, today],
  );
  const rows = useMemo(() => (all ? filterScheduled(all, { level, status }) : []), [all, level, status]);
  // a program's every skill may have a date: the list draws them a page at a time
  const paged = useShowMore(rows, `${level} ${status}`);

  if (!all) return <Loading />;
  return (
    <section className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <SelectField
          label="Level"
          value={level}
          onChange={(e) => setLevel(e.target.value)}
          placeholder="All"
          options={ENTRY_LEVELS}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          placeholder="All"
          options={SCHEDULE_STATUSES}
        />
      </div>
      {all.length === 0 ? (
        <EmptyState
          title="No scheduled assessments"
          text="Assessments appear here when a student's skill has a next assessment date."
        />
      ) : rows.length === 0 ? (
        <EmptyState title="No assessments match these filters" />
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
          aria-label="Scheduled assessments"
        >
          {paged.visible.map((row) => (
            <li key={row.progress.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
              <div className="min-w-0 flex-1 basis-56">
                <p className="font-medium text-slate-900">
                  {row.student.firstName} {row.student.lastName}{' '}
                  <span className="text-sm font-normal text-slate-600">{row.student.studentId}</span>
                </p>
                <p className="text-sm text-slate-700">{row.skill.name}</p>
              </div>
              <span className="w-20">
                <Badge>{levelLabel(row.skill.certificationLevel)}</Badge>
              </span>
              <p className="w-28 text-sm text-slate-800">{formatDate(row.date)}</p>
              <Badge tone={STATUS_TONE[row.status]}>{STATUS_LABEL[row.status]}</Badge>
              {canRecord && (
                <button
                  type="button"
                  className={buttonClass('secondary', 'ml-auto')}
                  onClick={() => setEditing(row)}
                  aria-label={`Schedule ${row.skill.name} for ${row.student.firstName} ${row.student.lastName}`}
                >
                  Schedule
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ShowMore shown={paged.visible.length} total={paged.total} noun="assessments" onMore={paged.showMore} />
      {editing && (
        <LazyProgressDialog
          student={editing.student}
          skill={editing.skill}
          current={editing.progress}
          tab="Assessment"
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
