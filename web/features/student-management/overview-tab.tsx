import { Link } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';

import { daysBetween, localDay } from '#schema/dates.ts';
import type { StudentWithSummary } from '#web/lib/data.ts';
import {
  daysRemainingTone,
  formatDate,
  fullName,
  gpaTone,
  plural,
  progressTone,
  studentStatus,
} from '#web/lib/format.ts';
import { Badge, Card, EmptyState, ProgressBar } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { levelLabel, STATUS_TONES } from './student-rules.ts';

/** The student list; choosing one shows their detail panel (beside the list on a wide screen, under it on a phone). */
export function OverviewTab({
  shown,
  selected,
  onSelect,
  onViewProfile,
}: {
  shown: StudentWithSummary[];
  selected: StudentWithSummary | null;
  onSelect: (id: string) => void;
  onViewProfile: (item: StudentWithSummary) => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const choose = (id: string) => {
    onSelect(id);
    // on a phone the panel is below a long list: bring it into view
    if (window.matchMedia?.('(max-width: 1023px)').matches)
      panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      {shown.length === 0 ? (
        <EmptyState title="No students found" text="Try another student ID or filter." />
      ) : (
        <ul aria-label="Students" className="flex max-h-[70vh] flex-col gap-2 overflow-y-auto pr-1">
          {shown.map((item) => (
            <li key={item.student.id}>
              <StudentRow
                item={item}
                current={item.student.id === selected?.student.id}
                onChoose={() => choose(item.student.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <div ref={panel} className="scroll-mt-4">
        {selected && <DetailPanel item={selected} onViewProfile={() => onViewProfile(selected)} />}
      </div>
    </div>
  );
}

function StudentRow({
  item: { student, summary },
  current,
  onChoose,
}: {
  item: StudentWithSummary;
  current: boolean;
  onChoose: () => void;
}) {
  const status = studentStatus(student);
  return (
    <button
      type="button"
      aria-pressed={current}
      onClick={onChoose}
      className={`flex min-h-11 w-full items-center gap-3 rounded-xl border p-3 text-left ${current ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">{fullName(student)}</span>
        <span className="block text-sm text-slate-600">
          {student.studentId} · {levelLabel(summary.level)}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <Badge tone={STATUS_TONES[status]}>{status}</Badge>
        <span className="text-sm font-medium text-slate-700">{summary.progressPercentage}%</span>
      </span>
    </button>
  );
}

function DetailPanel({
  item: { student, summary },
  onViewProfile,
}: {
  item: StudentWithSummary;
  onViewProfile: () => void;
}) {
  const name = fullName(student);
  const status = studentStatus(student);
  const tone = progressTone(summary.progressPercentage);
  const days = daysBetween(localDay(new Date()), student.expectedGraduation);
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-600">
            {student.studentId} · {summary.program?.name ?? 'Unknown program'}
          </p>
        </div>
        <Badge tone={STATUS_TONES[status]}>{status}</Badge>
      </div>
      <Link
        to="/portfolio/$studentId"
        params={{ studentId: student.id }}
        className={buttonClass('secondary', 'self-start')}
      >
        Portfolio
      </Link>
      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-800">Overall Progress</span>
          <Badge tone={tone}>{summary.progressPercentage}%</Badge>
        </div>
        <ProgressBar percent={summary.progressPercentage} tone={tone} label={`Overall progress of ${name}`} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        <Fact label="Level" value={levelLabel(summary.level)} />
        <Fact label="Skills Completed" value={`${summary.skillsCompleted} of ${summary.totalSkills}`} />
        <Fact label="Hours" value={`${summary.totalHours} of ${summary.requiredHours}`} />
        <Fact
          label="GPA"
          value={
            student.gpa === null ? 'Not recorded' : <Badge tone={gpaTone(student.gpa)}>{student.gpa.toFixed(2)}</Badge>
          }
        />
        <Fact label="Enrolled" value={formatDate(student.enrollmentDate)} />
        {student.graduationDate ? (
          <Fact label="Graduated" value={formatDate(student.graduationDate)} />
        ) : (
          <Fact
            label="Expected Graduation"
            value={
              <span className="flex flex-wrap items-center gap-1">
                {formatDate(student.expectedGraduation)}
                <Badge tone={daysRemainingTone(days)}>
                  {days < 0 ? `${plural(-days, 'day')} overdue` : `${plural(days, 'day')} left`}
                </Badge>
              </span>
            }
          />
        )}
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <button type="button" className={buttonClass('primary', 'sm:flex-1 whitespace-nowrap')} onClick={onViewProfile}>
          View Full Profile
        </button>
        <Link
          to="/reports/progress"
          search={{ q: student.studentId }}
          className={buttonClass('secondary', 'sm:flex-1 whitespace-nowrap')}
        >
          View Progress Report
        </Link>
        <Link
          to="/ems/skill-entry"
          search={{ tab: 'scheduled' }}
          className={buttonClass('secondary', 'sm:flex-1 whitespace-nowrap')}
        >
          Schedule Assessment
        </Link>
      </div>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{value}</dd>
    </div>
  );
}
