/** A student's home: their next booked shifts, and the way to book more. */
import { Link } from '@tanstack/react-router';

import { addDays, localDay } from '#schema/dates.ts';
import { usePendingKeys } from '#web/lib/data.ts';
import { entityKey } from '#web/lib/sync-client.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { myShifts } from './shift-rules.ts';
import { ShiftTitle, useStudentShiftRows } from './student-shifts.tsx';

const SHOWN = 3;

export function MyShiftsCard() {
  const rows = useStudentShiftRows();
  const pending = usePendingKeys();
  if (!rows?.student) return null;
  const today = localDay(new Date());
  const next = myShifts(rows.student.id, rows.shifts, rows.bookings, addDays(today, -1))
    .filter((m) => m.stage !== 'done')
    .slice(0, SHOWN);
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
