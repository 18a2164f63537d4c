import { useMemo } from 'react';

import type { DomainRows } from '#sync/client/db.ts';
import { plural } from '#web/lib/format.ts';
import { Badge, Card, EmptyState } from '#web/lib/ui/display.tsx';

import { periodText, rotationKind, rotations } from './clinical-rules.ts';
import type { ClinicalLookups } from './lookups.ts';

/** Approved clinical time and preceptor placements running today, then those still to come. */
export function RotationsTab({
  requests,
  lookups,
  today,
}: {
  requests: DomainRows['requests'][];
  lookups: ClinicalLookups;
  today: string;
}) {
  const list = useMemo(() => rotations(requests, today), [requests, today]);
  if (list.length === 0) {
    return (
      <EmptyState
        title="No active or upcoming rotations"
        text="Approved clinical time and preceptor requests appear here from their approval until their last day."
      />
    );
  }
  return (
    <ul aria-label="Rotations" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {list.map((r) => (
        <li key={r.request.id}>
          <Card className="flex h-full flex-col gap-1 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{lookups.siteName(r.request.clinicalSiteId)}</span>
              <Badge tone={r.phase === 'active' ? 'green' : 'blue'}>
                {r.phase === 'active' ? 'Active' : 'Upcoming'}
              </Badge>
            </div>
            <p className="text-slate-700">{lookups.studentName(r.request.studentId) ?? 'Student not on this device'}</p>
            <p className="text-slate-600">{periodText(r.period)}</p>
            <p className="text-slate-600">
              {rotationKind(r.request)}
              {r.request.requestedHours !== null && ` · ${plural(r.request.requestedHours, 'hour')}`}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
