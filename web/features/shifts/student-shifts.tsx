/**
 * A student's shifts on their phone (offline too): their own shifts with drop, swap offer, clock in and out, and the
 * open shifts of their program, each bookable or saying why not. A booking shows at once, pending until the server
 * confirms it at the next sync; a refused one comes back in the sync indicator's needs-attention list.
 */
import { useMemo, useState } from 'react';

import { addDays, localDay } from '#schema/dates.ts';
import { DEFAULT_CLOCK_WINDOW, SHIFT_TYPE_LABELS, shiftEnd, shiftLabel, type ShiftType } from '#schema/shift.ts';
import { usePendingKeys, useRows } from '#web/lib/data.ts';
import { plural } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { entityKey } from '#web/lib/sync-client.ts';
import { Badge, Card, EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useAcceptSwap, useBookShift, useDropShift, useOfferSwap } from '#web/lib/writes/shifts.ts';

import { ClockDialog } from './clock-dialog.tsx';
import { type MyShift, myShifts, type OpenShift, openShiftsFor, placesToGive } from './shift-rules.ts';

type Shift = MyShift['shift'];

export function ShiftTitle({ shift, site }: { shift: Shift; site?: string }) {
  return (
    <div>
      <p className="font-semibold text-slate-900">
        {SHIFT_TYPE_LABELS[shift.type as ShiftType] ?? shift.type} · {shift.date} {shift.startTime}–
        {shiftEnd(shift).slice(11)}
      </p>
      <p className="text-sm text-slate-600">{[site, shift.unit].filter(Boolean).join(' · ') || 'No site given'}</p>
    </div>
  );
}

/** The rows a student's shift screens read, and their own student record. */
export function useStudentShiftRows() {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.id : '';
  const students = useRows('students');
  const shifts = useRows('shifts');
  const bookings = useRows('shiftBookings');
  const credentials = useRows('studentCredentials');
  const sites = useRows('clinicalSites');
  const programs = useRows('programs');
  const siteNames = useMemo(() => new Map((sites ?? []).map((s) => [s.id, s.name])), [sites]);
  if (!students || !shifts || !bookings || !credentials || !sites || !programs) return undefined;
  const student = students.find((s) => s.userId === me);
  const program = programs.find((p) => p.id === student?.programId);
  return { student, program, shifts, bookings, credentials, sites, siteNames };
}

export function StudentShifts() {
  const rows = useStudentShiftRows();
  const pending = usePendingKeys();
  const book = useBookShift();
  const [clocking, setClocking] = useState<MyShift | null>(null);
  if (!rows) return <Loading text="Loading shifts..." />;
  const { student, program, shifts, bookings, credentials, sites, siteNames } = rows;
  if (!student) return <EmptyState title="No student record" text="Shifts are booked on your student record." />;
  const today = localDay(new Date());
  const mine = myShifts(student.id, shifts, bookings, addDays(today, -7));
  const open = openShiftsFor(student.id, student.programId, shifts, bookings, credentials, today);
  return (
    <div className="space-y-6">
      <PageHeader
        title="My Shifts"
        description="Book, drop or swap your clinical, field and lab shifts, offline too."
      />
      <section aria-labelledby="my-shifts" className="space-y-3">
        <h3 id="my-shifts" className="font-semibold text-slate-800">
          Booked
        </h3>
        {mine.length === 0 && <p className="text-sm text-slate-600">No shifts booked yet.</p>}
        {mine.map((m) => (
          <MyShiftCard
            key={m.booking.id}
            item={m}
            site={siteNames.get(m.shift.clinicalSiteId ?? '')}
            pending={pending.has(entityKey('shiftBookings', m.booking.id))}
            onClock={() => setClocking(m)}
          />
        ))}
      </section>
      <section aria-labelledby="open-shifts" className="space-y-3">
        <h3 id="open-shifts" className="font-semibold text-slate-800">
          Open shifts
        </h3>
        {open.length === 0 && <p className="text-sm text-slate-600">No open shifts in your program.</p>}
        {open.map((o) => (
          <OpenShiftCard
            key={o.shift.id}
            item={o}
            site={siteNames.get(o.shift.clinicalSiteId ?? '')}
            mine={placesToGive(mine, today)}
            onBook={() => void book({ id: crypto.randomUUID(), shiftId: o.shift.id })}
          />
        ))}
      </section>
      {clocking && (
        <ClockDialog
          item={clocking}
          // a program row synced before the window existed has no window yet: the default, as on the server
          window={program?.clockEarlyMinutes == null ? DEFAULT_CLOCK_WINDOW : program}
          site={sites.find((s) => s.id === clocking.shift.clinicalSiteId)}
          onClose={() => setClocking(null)}
        />
      )}
    </div>
  );
}

function MyShiftCard({
  item,
  site,
  pending,
  onClock,
}: {
  item: MyShift;
  site?: string;
  pending: boolean;
  onClock: () => void;
}) {
  const drop = useDropShift();
  const offer = useOfferSwap();
  const { booking, shift, stage } = item;
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <ShiftTitle shift={shift} site={site} />
        <div className="flex flex-wrap gap-1">
          {pending && <Badge tone="yellow">Pending sync</Badge>}
          {!pending && stage === 'booked' && <Badge tone="green">Confirmed</Badge>}
          {stage === 'on shift' && <Badge tone="blue">Clocked in</Badge>}
          {stage === 'done' && <Badge tone="slate">Clocked out</Badge>}
          {booking.swapOffered && <Badge tone="yellow">Offered for swap</Badge>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {stage !== 'done' && shift.type !== 'lab' && (
          <button type="button" className={buttonClass('primary')} onClick={onClock}>
            {stage === 'booked' ? 'Clock in' : 'Clock out'}
          </button>
        )}
        {stage === 'booked' && shift.allowSwap && (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void offer(booking.id, !booking.swapOffered)}
          >
            {booking.swapOffered ? 'Withdraw swap offer' : 'Offer for swap'}
          </button>
        )}
        {stage === 'booked' && shift.allowDrop && (
          <button type="button" className={buttonClass('ghost')} onClick={() => void drop(booking.id)}>
            Drop
          </button>
        )}
      </div>
    </Card>
  );
}

function OpenShiftCard({
  item,
  site,
  mine,
  onBook,
}: {
  item: OpenShift;
  site?: string;
  mine: MyShift[];
  onBook: () => void;
}) {
  const { shift, placesLeft, refusal, swappable } = item;
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <ShiftTitle shift={shift} site={site} />
          <p className="text-sm text-slate-700">
            {placesLeft} of {plural(shift.slots, 'place')} left
          </p>
          {refusal && !swappable && (
            <p className="text-sm font-medium text-red-800" data-testid="cannot-book">
              Cannot book: {refusal}
            </p>
          )}
        </div>
        {!swappable && (
          <button type="button" className={buttonClass('primary')} disabled={refusal !== null} onClick={onBook}>
            Book
          </button>
        )}
      </div>
      {swappable && <TakeOfferedPlace shiftId={shift.id} mine={mine} />}
    </Card>
  );
}

/** The taking side of a swap: the offered place, with one of the student's own booked shifts in exchange or none. */
function TakeOfferedPlace({ shiftId, mine }: { shiftId: string; mine: MyShift[] }) {
  const accept = useAcceptSwap();
  const [give, setGive] = useState('');
  const options = mine.map((m) => [m.booking.id, shiftLabel(m.shift)] as const);
  return (
    <div className="space-y-2 rounded-lg bg-amber-50 p-3" data-testid="swap-offer">
      <p className="text-sm font-medium text-amber-900">Full, but a student offered their place for a swap.</p>
      {options.length > 0 && (
        <SelectField
          label="Give one of your shifts in exchange"
          placeholder="Nothing in exchange"
          options={options}
          value={give}
          onChange={(e) => setGive(e.target.value)}
        />
      )}
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={() => void accept({ id: crypto.randomUUID(), shiftId, giveBookingId: give || null })}
      >
        Take the offered place
      </button>
    </div>
  );
}
