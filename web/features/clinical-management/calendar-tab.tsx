import { format } from 'date-fns';
import { useMemo, useState } from 'react';

import type { DomainRows } from '#sync/client/db.ts';
import { Badge } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { monthOf, monthTitle, monthWeeks, scheduledShifts, type Shift, shiftMonth, shiftsByDay } from './calendar.ts';
import { REQUEST_STATUS_LABELS, rotationKind, statusTone } from './clinical-rules.ts';
import type { ClinicalLookups } from './lookups.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dayTitle = (day: string) => format(new Date(`${day}T00:00:00`), 'EEEE, MMMM d');

/**
 * A month of scheduled clinical shifts. Wide screens get the month grid; a phone gets the same shifts as a list of
 * days, which reads well with a screen reader too.
 */
export function CalendarTab({
  requests,
  lookups,
  today,
}: {
  requests: DomainRows['requests'][];
  lookups: ClinicalLookups;
  today: string;
}) {
  const [month, setMonth] = useState(monthOf(today));
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const shifts = useMemo(() => scheduledShifts(requests), [requests]);
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
        Approved and pending clinical time and preceptor shifts.{' '}
        {daysWithShifts.length === 0 && 'Nothing is scheduled this month.'}
      </p>

      <table className="hidden w-full table-fixed border-collapse text-sm md:table">
        <caption className="sr-only">{title} clinical shifts</caption>
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

function shiftText(s: Shift, lookups: ClinicalLookups) {
  const who = lookups.studentName(s.request.studentId);
  const kind = rotationKind(s.request);
  return {
    site: lookups.siteName(s.request.clinicalSiteId),
    detail: [s.time ?? 'All day', kind, who].filter(Boolean).join(' · '),
  };
}

function GridShift({ shift, lookups }: { shift: Shift; lookups: ClinicalLookups }) {
  const { site, detail } = shiftText(shift, lookups);
  const pending = shift.status === 'pending';
  return (
    <li
      title={`${site} · ${detail} (${REQUEST_STATUS_LABELS[shift.status]})`}
      className={`rounded px-1 py-0.5 text-xs leading-tight ${pending ? 'border border-dashed border-amber-500 bg-amber-50 text-amber-900' : 'bg-green-100 text-green-900'}`}
    >
      <span className="block truncate font-semibold">{site}</span>
      <span className="block truncate">
        {shift.time ?? 'All day'}
        {pending && ' · Pending'}
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
      <Badge tone={statusTone(shift.status)}>{REQUEST_STATUS_LABELS[shift.status]}</Badge>
    </li>
  );
}
