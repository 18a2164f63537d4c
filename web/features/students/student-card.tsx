import { hoursRemaining } from '#schema/progress.ts';
import { TOTAL_HOURS_LABEL } from '#schema/reports.ts';
import { initials } from '#schema/user.ts';
import type { StudentWithSummary } from '#web/lib/data.ts';
import { barPercent, formatDate, fullName, plural, progressTone } from '#web/lib/format.ts';
import { Badge, Card, ProgressBar } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

/** An outlined red button: clearly destructive without shouting on every card. */
export const DELETE_BUTTON = buttonClass('secondary', 'flex-1 border-red-200! text-red-700! hover:bg-red-50!');

export interface StudentCardActions {
  onView: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

export function StudentCard({
  item: { student, summary },
  pending,
  actions,
}: {
  item: StudentWithSummary;
  pending: boolean;
  actions: StudentCardActions;
}) {
  const name = fullName(student);
  const tone = progressTone(summary.progressPercentage);
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
        >
          {initials(student.firstName, student.lastName)}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-600">{student.studentId}</p>
          <p className="truncate text-sm text-slate-600">{summary.program?.name ?? 'Unknown program'}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge tone={student.isActive ? 'green' : 'slate'}>{student.isActive ? 'Active' : 'Inactive'}</Badge>
          {pending && <Badge tone="yellow">Pending sync</Badge>}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Detail label="Email" value={student.email} wide />
        <Detail label="Phone" value={student.phone} wide />
        <Detail label="Enrolled" value={formatDate(student.enrollmentDate)} />
        <Detail label="Graduation" value={formatDate(student.expectedGraduation)} />
      </dl>

      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-800">Overall Progress</span>
          <Badge tone={tone}>{summary.progressPercentage}%</Badge>
        </div>
        <ProgressBar percent={summary.progressPercentage} tone={tone} label={`Overall progress of ${name}`} />
        <p className="text-xs text-slate-600">
          {summary.skillsCompleted} of {plural(summary.totalSkills, 'skill')} completed
        </p>
      </div>

      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-800">{TOTAL_HOURS_LABEL}</span>
          <span className="text-slate-700">
            {summary.totalHours} / {summary.requiredHours} hrs
          </span>
        </div>
        <ProgressBar
          percent={barPercent(summary.totalHours, summary.requiredHours)}
          label={`${TOTAL_HOURS_LABEL} of ${name}`}
        />
        <p className="text-xs text-slate-600">
          {plural(hoursRemaining(summary.totalHours, summary.requiredHours), 'hour')} remaining
        </p>
      </div>

      <p className="text-xs text-slate-600">Last updated {formatDate(student.updatedAt)}</p>

      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <button
          type="button"
          className={buttonClass('secondary', 'flex-1')}
          onClick={actions.onView}
          aria-label={`View ${name}`}
        >
          View
        </button>
        {actions.onEdit && (
          <button
            type="button"
            className={buttonClass('secondary', 'flex-1')}
            onClick={actions.onEdit}
            aria-label={`Edit ${name}`}
          >
            Edit
          </button>
        )}
        {actions.onDelete && (
          <button type="button" className={DELETE_BUTTON} onClick={actions.onDelete} aria-label={`Delete ${name}`}>
            Delete
          </button>
        )}
      </div>
    </Card>
  );
}

function Detail({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="truncate text-slate-900">{value || '—'}</dd>
    </div>
  );
}
