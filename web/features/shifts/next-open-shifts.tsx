/**
 * Under a booking the server refused ("slot taken", a lapsed record): the next open shifts of the student's program
 * they may book instead, each a tap away, from the rows on this phone.
 */
import { localDay } from '#schema/dates.ts';
import { Loading } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useBookShift } from '#web/lib/writes/shifts.ts';

import { nextOpenShifts, openShiftsFor } from './shift-rules.ts';
import { ShiftTitle, useStudentShiftRows } from './student-shifts.tsx';

export function NextOpenShifts({ refusedShiftId }: { refusedShiftId: string }) {
  const rows = useStudentShiftRows();
  const book = useBookShift();
  if (!rows) return <Loading text="Looking for open shifts..." />;
  const { student, shifts, bookings, credentials, siteNames } = rows;
  if (!student) return null;
  const open = openShiftsFor(student.id, student.programId, shifts, bookings, credentials, localDay(new Date()));
  const offered = nextOpenShifts(open, refusedShiftId);
  return (
    <div className="mt-2 space-y-2" data-testid="next-open-shifts">
      <p className="font-medium text-slate-800">
        {offered.length ? 'Open shifts you can book instead:' : 'No other open shifts right now.'}
      </p>
      {offered.map((o) => (
        <div key={o.shift.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-2">
          <ShiftTitle shift={o.shift} site={siteNames.get(o.shift.clinicalSiteId ?? '')} />
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void book({ id: crypto.randomUUID(), shiftId: o.shift.id })}
          >
            Book this
          </button>
        </div>
      ))}
    </div>
  );
}
