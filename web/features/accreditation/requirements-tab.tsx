import { useMemo, useState } from 'react';

import type { AccreditationRoutes } from '#api/routes/accreditation/index.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { formatDate } from '#web/lib/format.ts';
import { Badge, EmptyState, Loading, Tile } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import {
  byWorkOrder,
  humanize,
  isOpen,
  REQUIREMENT_TYPE_LABELS,
  requirementPatch,
  statusDisplay,
} from './accreditation-rules.ts';
import { ConfidenceFlag } from './confidence-flag.tsx';

const requirementsApi = apiClient<AccreditationRoutes>().accreditation.requirements[':id'];

type Requirement = DomainRows['accreditationRequirements'];

export function RequirementsTab({ canManage }: { canManage: boolean }) {
  const rows = useRows('accreditationRequirements');
  const sorted = useMemo(() => [...(rows ?? [])].sort(byWorkOrder), [rows]);
  if (!rows) return <Loading text="Loading requirements..." />;
  if (rows.length === 0)
    return <EmptyState title="No accreditation requirements" text="Requirements are visible to program staff." />;
  const completed = rows.filter((r) => r.completionStatus === 'completed').length;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 [&>*:last-child]:col-span-2 sm:[&>*:last-child]:col-span-1">
        <Tile label="Requirements" value={rows.length} />
        <Tile label="Completed" value={completed} />
        <Tile label="Open" value={rows.length - completed} />
      </div>
      <ul aria-label="Accreditation requirements" className="grid gap-3 lg:grid-cols-2">
        {sorted.map((r) => (
          <li key={r.id}>
            <RequirementCard requirement={r} canManage={canManage} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function RequirementCard({ requirement: r, canManage }: { requirement: Requirement; canManage: boolean }) {
  const { online } = useWriter();
  const [busy, setBusy] = useState(false);
  const status = statusDisplay(r.completionStatus);
  const headingId = `requirement-${r.id}`;
  const update = async (action: 'start' | 'complete') => {
    setBusy(true);
    await online(() => requirementsApi.$patch({ param: { id: r.id }, json: requirementPatch(action) }), {
      success: 'Requirement updated successfully',
      failure: 'Failed to update requirement',
    });
    setBusy(false);
  };
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {r.title}
        </h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {r.description && <p className="text-sm text-slate-700">{r.description}</p>}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Fact label="Type" value={REQUIREMENT_TYPE_LABELS[r.requirementType] ?? humanize(r.requirementType)} />
        <Fact label="Frequency" value={r.frequency ? humanize(r.frequency) : 'Not set'} />
        <Fact label="Role Required" value={r.roleRequired ? humanize(r.roleRequired) : 'Any'} />
        <Fact label="Standard" value={r.standardReference ?? 'Not set'} />
        {r.dueDate && <Fact label="Due" value={formatDate(r.dueDate)} />}
        {r.completedAt && <Fact label="Completed" value={formatDate(r.completedAt)} />}
      </dl>
      {r.documents.length > 0 && (
        <div className="text-sm">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Documents</p>
          <ul className="mt-1 list-inside list-disc text-slate-800">
            {r.documents.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </div>
      )}
      <ConfidenceFlag confidence={r.confidence} source={r.source} />
      {canManage && isOpen(r.completionStatus) && (
        <div className="mt-auto flex gap-2 pt-1">
          <button
            type="button"
            className={buttonClass('secondary', 'flex-1')}
            disabled={busy || r.completionStatus === 'in_progress'}
            onClick={() => update('start')}
          >
            {r.completionStatus === 'in_progress' ? 'Started' : 'Start'}
          </button>
          <button
            type="button"
            className={buttonClass('primary', 'flex-1')}
            disabled={busy}
            onClick={() => update('complete')}
          >
            Complete
          </button>
        </div>
      )}
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </div>
  );
}
