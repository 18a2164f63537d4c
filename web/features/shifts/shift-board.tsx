/**
 * The coordinator's board (issue 30): a day or a week of shifts with who is booked, their compliance for that shift,
 * the shift's preceptors and its empty slots, filtered by site and type, and the same rows as CSV. Drawn from the
 * rows on this device by the function the server's GET /api/shifts uses (schema/shift-board.ts), so it reads offline
 * and matches the API. Posting, editing, cancelling and approving hours need the server.
 */
import { useMemo, useState } from 'react';

import type { ShiftRoutes } from '#api/routes/shifts/index.ts';
import { addDays, localDay } from '#schema/dates.ts';
import type { Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import { SHIFT_TYPE_LABELS, SHIFT_TYPES } from '#schema/shift.ts';
import { boardCsvRows, type BoardFilter, boardInputsOf, type BoardRow, shiftBoard } from '#schema/shift-board.ts';
import { HOURS_STANDING_LABELS } from '#schema/student-summary.ts';
import { apiClient } from '#web/lib/api.ts';
import { downloadCsv } from '#web/lib/csv.ts';
import { useRows } from '#web/lib/data.ts';
import { useDeviceDownload } from '#web/lib/device-download.ts';
import { Badge, Card, EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { CredentialsDialog } from './credentials-dialog.tsx';
import { CancelShiftDialog, EditShiftDialog, NewShiftDialog } from './shift-dialogs.tsx';
import { ClockWindowDialog, SiteLocationDialog } from './shift-settings.tsx';

const bookingsApi = apiClient<ShiftRoutes>()['shift-bookings'];

/** The board's rows from this device's rows; undefined while they load. */
function useBoard(filter: BoardFilter): BoardRow[] | undefined {
  const shifts = useRows('shifts');
  const bookings = useRows('shiftBookings');
  const students = useRows('students');
  const credentials = useRows('studentCredentials');
  const sites = useRows('clinicalSites');
  const users = useRows('users');
  const hours = useRows('clinicalHours');
  return useMemo(() => {
    if (!shifts || !bookings || !students || !credentials || !sites || !users || !hours) return undefined;
    return shiftBoard(boardInputsOf({ shifts, bookings, students, credentials, sites, people: users, hours }), filter);
  }, [shifts, bookings, students, credentials, sites, users, hours, filter]);
}

type Dialog = { kind: 'new' | 'window' | 'site' | 'records' } | { kind: 'edit' | 'cancel'; row: BoardRow } | null;

export function ShiftBoard({ role }: { role: Role }) {
  const [from, setFrom] = useState(() => localDay(new Date()));
  const [days, setDays] = useState<1 | 7>(7);
  const [clinicalSiteId, setSite] = useState('');
  const [type, setType] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const filter = useMemo(() => ({ from, days, clinicalSiteId, type }), [from, days, clinicalSiteId, type]);
  const rows = useBoard(filter);
  const sites = useRows('clinicalSites');
  const deviceDownload = useDeviceDownload();
  const { online } = useWriter();
  const manages = can(role, 'shifts.manage');
  const approves = can(role, 'shifts.approveHours');
  if (!rows || !sites) return <Loading text="Loading the shift board..." />;
  const approve = (bookingId: string) =>
    online(() => bookingsApi[':id']['approve-hours'].$post({ param: { id: bookingId } }), {
      success: 'Hours approved',
      failure: 'Could not approve the hours',
    });

  return (
    <div className="space-y-4">
      <PageHeader
        title="Shift Board"
        description="Who is where: bookings, compliance, preceptors and empty slots."
        actions={
          <>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() =>
                void deviceDownload(() =>
                  downloadCsv(`shifts-${from}-${days === 1 ? 'day' : 'week'}.csv`, boardCsvRows(rows)),
                )
              }
            >
              Export CSV
            </button>
            {can(role, 'credentials.record') && (
              <button type="button" className={buttonClass('secondary')} onClick={() => setDialog({ kind: 'records' })}>
                Compliance records
              </button>
            )}
            {can(role, 'sites.manage') && (
              <button type="button" className={buttonClass('secondary')} onClick={() => setDialog({ kind: 'site' })}>
                Site location
              </button>
            )}
            {can(role, 'shifts.configure') && (
              <button type="button" className={buttonClass('secondary')} onClick={() => setDialog({ kind: 'window' })}>
                Clock-in window
              </button>
            )}
            {manages && (
              <button type="button" className={buttonClass('primary')} onClick={() => setDialog({ kind: 'new' })}>
                New shift
              </button>
            )}
          </>
        }
      />
      <Card className="grid gap-3 sm:grid-cols-4">
        <TextField label="From" type="date" value={from} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        <SelectField
          label="Show"
          value={String(days)}
          onChange={(e) => setDays(e.target.value === '1' ? 1 : 7)}
          options={[
            ['1', 'Day'],
            ['7', 'Week'],
          ]}
        />
        <SelectField
          label="Site"
          value={clinicalSiteId}
          onChange={(e) => setSite(e.target.value)}
          placeholder="All sites"
          options={sites.map((s) => [s.id, s.name] as const)}
        />
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => setType(e.target.value)}
          placeholder="All types"
          options={SHIFT_TYPES.map((t) => [t, SHIFT_TYPE_LABELS[t]] as const)}
        />
        <div className="flex gap-2 sm:col-span-4">
          <button type="button" className={buttonClass('ghost')} onClick={() => setFrom(addDays(from, -days))}>
            ← Earlier
          </button>
          <button type="button" className={buttonClass('ghost')} onClick={() => setFrom(addDays(from, days))}>
            Later →
          </button>
        </div>
      </Card>
      {rows.length === 0 && <EmptyState title="No shifts" text="No shifts in these days for these filters." />}
      {rows.map((r) => (
        <Card key={r.id} className="space-y-2" id={`shift-${r.id}`}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="font-semibold text-slate-900">
                {SHIFT_TYPE_LABELS[r.type as keyof typeof SHIFT_TYPE_LABELS] ?? r.type} · {r.date} {r.startTime}–
                {r.endsAt.slice(11)}
              </p>
              <p className="text-sm text-slate-600">
                {[r.site, r.unit].filter(Boolean).join(' · ') || 'No site given'}
                {r.preceptors.length > 0 && ` · Preceptor: ${r.preceptors.join(', ')}`}
              </p>
            </div>
            <div className="flex flex-wrap gap-1">
              {r.cancelled ? (
                <Badge tone="red">Cancelled</Badge>
              ) : (
                <Badge tone={r.emptySlots ? 'yellow' : 'green'}>
                  {r.emptySlots} of {r.slots} empty
                </Badge>
              )}
            </div>
          </div>
          {r.booked.length > 0 && (
            <ul className="divide-y divide-slate-100 text-sm">
              {r.booked.map((b) => (
                <li key={b.bookingId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="font-medium text-slate-900">{b.name}</span>
                  <span className="flex flex-wrap items-center gap-1">
                    {b.gaps.length ? (
                      <Badge tone="red">Non-compliant: {b.gaps.join('; ')}</Badge>
                    ) : (
                      <Badge tone="green">Compliant</Badge>
                    )}
                    <Badge tone="slate">{b.clock}</Badge>
                    {b.swapOffered && <Badge tone="yellow">Offered for swap</Badge>}
                    {b.clock === 'clocked out' && b.hours === 'refused' && (
                      <Badge tone="red">Hours {HOURS_STANDING_LABELS.refused.toLowerCase()}</Badge>
                    )}
                    {b.clock === 'clocked out' &&
                      (b.hours === 'verified' ? (
                        <Badge tone="green">Hours verified</Badge>
                      ) : (
                        approves && (
                          <button
                            type="button"
                            className={buttonClass('secondary')}
                            onClick={() => void approve(b.bookingId)}
                          >
                            Approve hours
                          </button>
                        )
                      ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {manages && !r.cancelled && (
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => setDialog({ kind: 'edit', row: r })}
              >
                Edit
              </button>
              <button
                type="button"
                className={buttonClass('ghost')}
                onClick={() => setDialog({ kind: 'cancel', row: r })}
              >
                Cancel shift
              </button>
            </div>
          )}
        </Card>
      ))}
      {dialog?.kind === 'new' && <NewShiftDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'window' && <ClockWindowDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'site' && <SiteLocationDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'records' && <CredentialsDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditShiftDialog shiftId={dialog.row.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cancel' && <CancelShiftDialog row={dialog.row} onClose={() => setDialog(null)} />}
    </div>
  );
}
