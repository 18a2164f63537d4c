import { format } from 'date-fns';
import { useMemo, useState } from 'react';

import { SHIFT_TYPE_LABELS, type ShiftType } from '#schema/shift.ts';
import { useRows } from '#web/lib/data.ts';
import { Badge } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { monthOf, monthTitle, monthWeeks, scheduledShifts, type Shift, shiftMonth, shiftsByDay } from './calendar.ts';
import type { ClinicalLookups } from './lookups.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dayTitle = (day: string) => format(new Date(`${day}T00:00:00`), 'EEEE, MMMM d');

/**
 * A month of scheduled shifts (the Shifts board's, approved time requests among them since they became shifts), each
 * with who is booked and whether slots are open. Wide screens get the month grid; a phone gets the same shifts as a list of
 * days, which reads well with a screen reader too.
 */
export function CalendarTab({ lookups, today }: { lookups: ClinicalLookups; today: string }) {
  const [month, setMonth] = useState(monthOf(today));
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const rows = useRows('shifts');
  const bookings = useRows('shiftBookings');
  const shifts = useMemo(() => (rows && bookings ? scheduledShifts(rows, bookings) : []), [rows, bookings]);
  const byDay = useMemo(() => shiftsByDay(shifts, weeks[0][0].day, weeks[weeks.length - 1][6].day), [shifts, weeks]);
  const daysWithShifts = [...byDay.keys()].filter((d) => monthOf(d) === month).sort();
  const title = monthTitle(month);

  return (
    <section aria-label="Clinical calendar" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900" aria-live="polite">
          {title}
        </h3>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setMonth(shiftMonth(month, -1))}
            aria-label="Previous month"
          >
            ‹ Prev
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setMonth(monthOf(today))}
            disabled={month === monthOf(today)}
          >
            Today
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setMonth(shiftMonth(month, 1))}
            aria-label="Next month"
          >
            Next ›
          </button>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        Scheduled clinical, field and lab shifts with who is booked; post and book them in Shifts.{' '}
        {daysWithShifts.length === 0 && 'Nothing is scheduled this month.'}
      </p>

      <table className="hidden w-full table-fixed border-collapse text-sm md:table">
        <caption className="sr-only">{title} shifts</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="py-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].day}>
              {week.map(({ day, inMonth }) => (
                <td
                  key={day}
                  className={`h-28 border border-slate-200 p-1 align-top ${inMonth ? 'bg-white' : 'bg-slate-50 text-slate-500'}`}
                >
                  <div
                    className={`mb-1 flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold ${day === today ? 'bg-brand-700 text-white' : ''}`}
                    aria-label={dayTitle(day)}
                  >
                    {Number(day.slice(8))}
                  </div>
                  <ul className="flex flex-col gap-1">
                    {(byDay.get(day) ?? []).map((s) => (
                      <GridShift key={s.key} shift={s} lookups={lookups} />
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <ol aria-label={`${title} shifts by day`} className="flex flex-col gap-3 md:hidden">
        {daysWithShifts.map((day) => (
          <li key={day} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <h4 className="font-semibold text-slate-900">
              {dayTitle(day)}
              {day === today && (
                <span className="ml-2">
                  <Badge tone="blue">Today</Badge>
                </span>
              )}
            </h4>
            <ul className="mt-2 flex flex-col gap-2">
              {byDay.get(day)!.map((s) => (
                <ListShift key={s.key} shift={s} lookups={lookups} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

const STATUS_LABELS = { full: 'Full', open: 'Open slots' } as const;

function shiftText(s: Shift, lookups: ClinicalLookups) {
  const who = s.studentIds.map((id) => lookups.studentName(id) ?? 'A student').join(', ');
  return {
    site: s.shift.clinicalSiteId ? lookups.siteName(s.shift.clinicalSiteId) : 'No site',
    detail: [
      s.time,
      SHIFT_TYPE_LABELS[s.shift.type as ShiftType] ?? s.shift.type,
      s.shift.unit,
      `${s.studentIds.length} of ${s.shift.slots} booked`,
      who,
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

function GridShift({ shift, lookups }: { shift: Shift; lookups: ClinicalLookups }) {
  const { site, detail } = shiftText(shift, lookups);
  const open = shift.status === 'open';
  return (
    <li
      title={`${site} · ${detail}`}
      className={`rounded px-1 py-0.5 text-xs leading-tight ${open ? 'border border-dashed border-amber-500 bg-amber-50 text-amber-900' : 'bg-green-100 text-green-900'}`}
    >
      <span className="block truncate font-semibold">{site}</span>
      <span className="block truncate">
        {shift.time} · {shift.studentIds.length}/{shift.shift.slots}
      </span>
    </li>
  );
}

function ListShift({ shift, lookups }: { shift: Shift; lookups: ClinicalLookups }) {
  const { site, detail } = shiftText(shift, lookups);
  return (
    <li className="flex items-start justify-between gap-2 text-sm">
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{site}</span>
        <span className="block text-slate-600">{detail}</span>
      </span>
      <Badge tone={shift.status === 'full' ? 'green' : 'yellow'}>{STATUS_LABELS[shift.status]}</Badge>
    </li>
  );
}
