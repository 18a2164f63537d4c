import { roleDisplay } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { fullName, plural } from '#web/lib/format.ts';
import { Badge } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { type AssignedUser } from './program-rules.ts';

type Program = DomainRows['programs'];

const TYPE_TONES = { ems: 'red', fire: 'yellow', police: 'blue' } as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** One program: figures, assigned users and (for those who manage programs) edit, assign and remove actions. */
export function ProgramCard({
  program,
  assigned,
  canManage,
  onEdit,
  onAssign,
  onRequirements,
  onRemove,
}: {
  program: Program;
  assigned: readonly AssignedUser[];
  canManage: boolean;
  onEdit: () => void;
  onAssign: () => void;
  onRequirements: () => void;
  onRemove: (a: AssignedUser) => void;
}) {
  const headingId = `program-${program.id}`;
  const listId = `program-users-${program.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words font-semibold text-slate-900">
            {program.name}
          </h3>
          <Badge tone={TYPE_TONES[program.type as keyof typeof TYPE_TONES] ?? 'slate'}>
            {program.type.toUpperCase()}
          </Badge>
        </div>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={onEdit}
              aria-label={`Edit ${program.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={onAssign}
              aria-label={`Assign user to ${program.name}`}
            >
              Assign User
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={onRequirements}
              aria-label={`Requirements of ${program.name}`}
            >
              Requirements
            </button>
          </div>
        )}
      </div>
      {program.description && <p className="whitespace-pre-line text-sm text-slate-700">{program.description}</p>}
      <dl className="grid grid-cols-2 gap-2">
        <Figure
          label="Duration"
          value={
            program.durationWeeks !== null ? plural(program.durationWeeks, 'week') : (program.durationText ?? 'Not set')
          }
        />
        <Figure
          label="Required Hours"
          value={program.requiredHours !== null ? plural(program.requiredHours, 'hour') : 'Not set'}
        />
      </dl>
      <section aria-labelledby={listId} className="mt-auto border-t border-slate-200 pt-3">
        <h4 id={listId} className="text-sm font-semibold text-slate-800">
          Assigned Users ({assigned.length})
        </h4>
        {assigned.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No users assigned</p>
        ) : (
          <ul
            className="mt-1 max-h-48 divide-y divide-slate-100 overflow-y-auto"
            aria-label={`Users assigned to ${program.name}`}
          >
            {assigned.map((a) => (
              <li key={a.membership.id} className="flex items-center justify-between gap-2 py-1.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {fullName(a.user)}{' '}
                    <span className="font-normal capitalize text-slate-600">
                      · {roleDisplay(a.membership.assignedRole)}
                    </span>
                  </p>
                  {a.user.email && <p className="truncate text-xs text-slate-600">{a.user.email}</p>}
                </div>
                {canManage && (
                  <button
                    type="button"
                    className={buttonClass('ghost', 'shrink-0 px-3 text-red-700!')}
                    onClick={() => onRemove(a)}
                    aria-label={`Remove ${fullName(a.user)} from ${program.name}`}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
