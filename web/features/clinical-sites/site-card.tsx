import type { DomainRows } from '#sync/client/db.ts';
import { barPercent, capacityTone, plural } from '#web/lib/format.ts';
import { Badge, ProgressBar } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { fullAddress, programLabel, siteTypeLabel } from './site-rules.ts';

type Site = DomainRows['clinicalSites'];

export function SiteCard({
  site,
  currentStudents,
  canManage,
  onRequest,
  onEdit,
  onDelete,
}: {
  site: Site;
  currentStudents: number;
  canManage: boolean;
  onRequest: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const tone = capacityTone(currentStudents, site.maxStudents);
  const requirements = [
    site.requiresBackground && 'Background Check',
    site.requiresInsurance && 'Insurance',
    site.requiresOrientation && 'Orientation',
  ].filter((r): r is string => Boolean(r));
  const headingId = `site-${site.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h3 id={headingId} className="font-semibold text-slate-900">
          {site.name}
        </h3>
        <p className="text-sm text-slate-600">{siteTypeLabel(site.type)}</p>
      </div>
      <dl className="grid gap-1 text-sm text-slate-700">
        <div>
          <dt className="sr-only">Address</dt>
          <dd>{fullAddress(site)}</dd>
        </div>
        {site.phone && (
          <div>
            <dt className="sr-only">Phone</dt>
            <dd>
              <a className="underline-offset-2 hover:underline" href={`tel:${site.phone}`}>
                {site.phone}
              </a>
            </dd>
          </div>
        )}
        {site.email && (
          <div>
            <dt className="sr-only">Email</dt>
            <dd className="break-all">
              <a className="underline-offset-2 hover:underline" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </dd>
          </div>
        )}
        {site.contactPerson && (
          <div>
            <dt className="sr-only">Contact</dt>
            <dd>
              Contact: <span className="font-medium">{site.contactPerson}</span>
              {site.contactTitle && `, ${site.contactTitle}`}
            </dd>
          </div>
        )}
      </dl>
      <div>
        <div className="mb-1 flex items-center justify-between text-sm">
          <span className="text-slate-700">Capacity</span>
          <Badge tone={tone}>
            {currentStudents}/{plural(site.maxStudents, 'student')}
          </Badge>
        </div>
        <ProgressBar
          label={`Capacity of ${site.name}`}
          percent={barPercent(currentStudents, site.maxStudents)}
          tone={tone}
        />
      </div>
      {site.programTypes.length > 0 && (
        <div className="flex flex-wrap gap-1" aria-label="Program types">
          {site.programTypes.map((p) => (
            <Badge key={p} tone="blue">
              {programLabel(p)}
            </Badge>
          ))}
        </div>
      )}
      {requirements.length > 0 && (
        <div className="flex flex-wrap gap-1" aria-label="Requirements">
          {requirements.map((r) => (
            <Badge key={r} tone="yellow">
              {r}
            </Badge>
          ))}
        </div>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <button type="button" className={buttonClass('primary', 'flex-1 whitespace-nowrap')} onClick={onRequest}>
          Request Preceptor
        </button>
        {canManage && (
          <>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={onEdit}
              aria-label={`Edit ${site.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className={buttonClass('secondary', 'text-red-700')}
              onClick={onDelete}
              aria-label={`Delete ${site.name}`}
            >
              Delete
            </button>
          </>
        )}
      </div>
    </article>
  );
}
