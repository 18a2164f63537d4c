import { useMemo } from 'react';

import type { DomainRows } from '#sync/client/db.ts';
import { plural } from '#web/lib/format.ts';
import { Badge, Card, EmptyState } from '#web/lib/ui/display.tsx';

import { periodText, rotationHours, rotationKind, rotations } from './clinical-rules.ts';
import type { ClinicalLookups } from './lookups.ts';

/** Students' booked clinical and field shifts running today, then those still to come. */
export function RotationsTab({
  shifts,
  bookings,
  lookups,
  today,
}: {
  shifts: DomainRows['shifts'][];
  bookings: DomainRows['shiftBookings'][];
  lookups: ClinicalLookups;
  today: string;
}) {
  const list = useMemo(() => rotations(shifts, bookings, today), [shifts, bookings, today]);
  if (list.length === 0) {
    return (
      <EmptyState
        title="No active or upcoming rotations"
        text="Students' booked clinical and field shifts appear here, an approved time request's too, until they end."
      />
    );
  }
  return (
    <ul aria-label="Rotations" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {list.map((r) => (
        <li key={r.booking.id}>
          <Card className="flex h-full flex-col gap-1 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{lookups.siteName(r.shift.clinicalSiteId)}</span>
              <Badge tone={r.phase === 'active' ? 'green' : 'blue'}>
                {r.phase === 'active' ? 'Active' : 'Upcoming'}
              </Badge>
            </div>
            <p className="text-slate-700">{lookups.studentName(r.booking.studentId) ?? 'Student not on this device'}</p>
            <p className="text-slate-600">
              {periodText(r.period)}, {r.shift.startTime}
            </p>
            <p className="text-slate-600">
              {[rotationKind(r.shift), r.shift.unit, plural(rotationHours(r), 'hour')].filter(Boolean).join(' · ')}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
