/** A student's home: their next booked shifts, and the way to book more. */
import { Link } from '@tanstack/react-router';

import { localDay } from '#schema/dates.ts';
import { upcomingShiftsOf } from '#schema/shift.ts';
import { usePendingKeys } from '#web/lib/data.ts';
import { entityKey } from '#web/lib/sync-client.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { ShiftTitle, useStudentShiftRows } from './student-shifts.tsx';

const SHOWN = 3;

export function MyShiftsCard() {
  const rows = useStudentShiftRows();
  const pending = usePendingKeys();
  if (!rows?.student) return null;
  const next = upcomingShiftsOf(rows.student.id, rows.shifts, rows.bookings, localDay(new Date())).slice(0, SHOWN);
  return (
    <Card className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">My Shifts</h3>
        <Link to="/shifts" className={buttonClass('secondary')}>
          Book shifts
        </Link>
      </div>
      {next.length === 0 && <p className="text-sm text-slate-600">No upcoming shifts booked.</p>}
      {next.map((m) => (
        <div key={m.booking.id} className="flex flex-wrap items-center justify-between gap-2">
          <ShiftTitle shift={m.shift} site={rows.siteNames.get(m.shift.clinicalSiteId ?? '')} />
          {pending.has(entityKey('shiftBookings', m.booking.id)) && <Badge tone="yellow">Pending sync</Badge>}
        </div>
      ))}
    </Card>
  );
}
