import { PROGRAM_TYPE_LABELS, type ProgramType } from '#schema/enums.ts';
import { initials } from '#schema/user.ts';
import { formatDate, fullName, ratingTone } from '#web/lib/format.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { DELETE_BUTTON } from '../students/index.ts';
import { certificationPreview, type InstructorView } from './instructor-view.ts';

/** A desk device's count not fetched yet (instructors-page.tsx): a dash, never a number short of the truth. */
const NOT_HERE_YET = '—';

export interface InstructorCardActions {
  onEdit?: () => void;
  onDelete?: () => void;
}

export function InstructorCard({
  instructor: i,
  actions,
}: {
  instructor: InstructorView;
  actions: InstructorCardActions;
}) {
  const name = fullName(i);
  const certifications = certificationPreview(i.certifications);
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
        >
          {initials(i.firstName, i.lastName)}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-700">{i.title}</p>
          <p className="text-sm text-slate-600">{i.employeeId}</p>
          <p className="text-sm text-slate-600">{i.department}</p>
        </div>
        <Badge tone={i.isActive ? 'green' : 'slate'}>{i.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>

      <div className="flex flex-wrap gap-1">
        {i.programTypes.map((p) => (
          <Badge key={p} tone="blue">
            {PROGRAM_TYPE_LABELS[p as ProgramType] ?? p}
          </Badge>
        ))}
        {i.isPreceptor && <Badge tone="yellow">Preceptor</Badge>}
      </div>

      <dl className="grid gap-y-1 text-sm">
        <Detail label="Email" value={i.email} />
        <Detail label="Phone" value={i.phone} />
        <Detail label="Hire date" value={formatDate(i.hireDate)} />
      </dl>

      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-slate-800">Certifications</span>
        {i.certifications.length === 0 ? (
          <span className="text-slate-600">None recorded</span>
        ) : (
          <ul className="flex flex-wrap gap-1">
            {certifications.shown.map((c) => (
              <li key={c}>
                <Badge>{c}</Badge>
              </li>
            ))}
            {certifications.more > 0 && (
              <li>
                <Badge>+{certifications.more} more</Badge>
              </li>
            )}
          </ul>
        )}
      </div>

      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-2 text-center text-sm">
        <Figure label="Students supervised" value={String(i.studentsSupervised)} />
        <Figure label="Total students" value={i.totalStudents === null ? NOT_HERE_YET : String(i.totalStudents)} />
        <div className="flex flex-col-reverse justify-end">
          <dt className="text-xs text-slate-600">Average rating</dt>
          <dd className="flex min-h-7 items-center justify-center">
            {i.averageRating === null ? (
              <span className="text-xs text-slate-600">No ratings yet</span>
            ) : (
              <Badge tone={ratingTone(i.averageRating)}>{i.averageRating.toFixed(1)}</Badge>
            )}
          </dd>
        </div>
      </dl>

      {(actions.onEdit || actions.onDelete) && (
        <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
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
      )}
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="shrink-0 text-slate-600">{label}:</dt>
      <dd className="truncate text-slate-900">{value || '—'}</dd>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse justify-end">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="min-h-7 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
