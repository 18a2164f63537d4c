/**
 * A student's logged patient contacts and hours, newest first, each with Remove for whoever may correct it (its
 * recorder; director and administration anyone's). What is removed stops counting at once, offline too; the server
 * keeps the record with its tombstone and the audit log names who removed it.
 */
import { type FormEvent, useId, useState } from 'react';

import { HOUR_TYPE_LABELS, type Role } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import { mayRemoveEntry, mayVoidAttempt } from '#schema/permissions.ts';
import { clockedLabel } from '#schema/shift.ts';
import { formatDate, plural } from '#web/lib/format.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import { useSession } from '#web/lib/session.tsx';
import { useSync } from '#web/lib/sync.tsx';
import type { DomainRows } from '#web/lib/sync-client.ts';
import { Card } from '#web/lib/ui/display.tsx';
import { TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { type RemovableEntry, useRemoveRecord } from '#web/lib/writes/records.ts';

type Contact = DomainRows['patientContacts'];
type Hours = DomainRows['clinicalHours'];
type Attempt = DomainRows['skillAttempts'];

/** How many of each list show before "Show all". */
const FIRST_SHOWN = 5;

const newestFirst = <R extends { date: string; createdAt?: string | null }>(rows: readonly R[]) =>
  [...rows].sort((a, b) => b.date.localeCompare(a.date) || (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));

/** The attempts logged with a contact that still count (not voided). */
function attemptsWithContact(attempts: readonly Attempt[], voided: ReadonlySet<string>, contactId: string) {
  return attempts.filter((a) => a.patientContactId === contactId && !voided.has(a.id));
}

const contactText = (c: Contact) =>
  [formatDate(c.date), `${c.ageYears} y`, c.primaryImpression, c.teamLead ? 'team lead' : '']
    .filter(Boolean)
    .join(' · ');
const hoursText = (h: Hours, siteName: string | undefined) =>
  [
    formatDate(h.date),
    `${h.hoursCompleted} h ${HOUR_TYPE_LABELS[h.hourType as keyof typeof HOUR_TYPE_LABELS] ?? ''}`.trim(),
    siteName,
    clockedLabel(h.shiftBookingId),
  ]
    .filter(Boolean)
    .join(' · ');

function useStudentEntries(studentId: string) {
  const { db } = useSync();
  return useLiveQuery(async () => {
    const [contacts, hours, attempts, sites] = await Promise.all([
      db.rows('patientContacts').where('studentId').equals(studentId).toArray(),
      db.rows('clinicalHours').where('studentId').equals(studentId).toArray(),
      db.rows('skillAttempts').where('studentId').equals(studentId).toArray(),
      db.rows('clinicalSites').toArray(),
    ]);
    const linked = attempts.filter((a) => a.patientContactId);
    const voids = await db
      .rows('skillAttemptVoids')
      .where('attemptId')
      .anyOf(linked.map((a) => a.id))
      .toArray();
    return {
      contacts: newestFirst(contacts),
      hours: newestFirst(hours),
      linked,
      voided: new Set(voids.map((v) => v.attemptId)),
      siteNames: new Map(sites.map((s) => [s.id, s.name])),
    };
  }, [db, studentId]);
}

interface Pending {
  entry: RemovableEntry;
  what: string;
  message: string;
}

/** `asCard` draws it on its own card (a page); without, it sits inside another card's panel. */
export function RecordedEntries({ studentId, asCard = false }: { studentId: string; asCard?: boolean }) {
  const session = useSession();
  const data = useStudentEntries(studentId);
  const remove = useRemoveRecord();
  const [pending, setPending] = useState<Pending | null>(null);
  const headingId = useId();
  if (session.status !== 'signed-in' || !data) return null;
  const me: { id: string; role: Role } = session.user;
  const hoursLabel = (h: Hours) => hoursText(h, h.clinicalSiteId ? data.siteNames.get(h.clinicalSiteId) : undefined);
  if (data.contacts.length === 0 && data.hours.length === 0) return null;

  const askContact = (c: Contact) => {
    const withIt = attemptsWithContact(data.linked, data.voided, c.id);
    const mine = withIt.filter((a) => mayVoidAttempt(me, a));
    const skills = mine.length ? ` and the ${plural(mine.length, 'skill attempt')} logged with it` : '';
    const left = withIt.length - mine.length;
    setPending({
      entry: { kind: 'contact', id: c.id, attemptIds: mine.map((a) => a.id) },
      what: contactText(c),
      message:
        `The patient contact of ${contactText(c)}${skills} will stop counting toward the minimums. ` +
        (left ? `${plural(left, 'attempt')} logged with it by someone else stay; ask them to void those. ` : '') +
        'A sign-off that holds it is marked changed after signing.',
    });
  };
  const askHours = (h: Hours) => {
    const what = hoursLabel(h);
    setPending({
      entry: { kind: 'hours', id: h.id },
      what,
      message: `The hours of ${what} will stop counting toward the requirement. A sign-off that holds them is marked changed after signing.`,
    });
  };

  const list = (
    <section aria-labelledby={headingId} className={`flex flex-col gap-3 ${asCard ? '' : 'mt-4'}`}>
      <div>
        <h4 id={headingId} className="text-sm font-semibold text-slate-900">
          Logged contacts and hours
        </h4>
        <p className="text-xs text-slate-600">Remove an entry logged by mistake: it stops counting at once.</p>
      </div>
      <EntryList
        title="Patient contacts"
        noun="patient contact"
        rows={data.contacts}
        text={contactText}
        mayRemove={(c) => mayRemoveEntry(me, c)}
        onRemove={askContact}
      />
      <EntryList
        title="Hours"
        noun="hours entry"
        rows={data.hours}
        text={hoursLabel}
        mayRemove={(h) => mayRemoveEntry(me, h)}
        onRemove={askHours}
      />
      {pending && (
        <RemoveEntryDialog
          pending={pending}
          onRemove={(reason) => remove(pending.entry, pending.what, reason)}
          onClose={() => setPending(null)}
        />
      )}
    </section>
  );
  return asCard ? <Card>{list}</Card> : list;
}

/** Asks why before removing: the reason goes into the audit log beside who removed it. */
function RemoveEntryDialog({
  pending,
  onRemove,
  onClose,
}: {
  pending: Pending;
  onRemove: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(MSG.removeReasonRequired);
    if (await onRemove(reason.trim())) onClose();
  };
  return (
    <Modal
      title={pending.entry.kind === 'contact' ? 'Remove this patient contact?' : 'Remove these hours?'}
      open
      onClose={onClose}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <p className="text-slate-700">{pending.message}</p>
        <TextField
          label="Reason"
          placeholder="Logged twice, wrong patient, wrong day..."
          value={reason}
          error={error}
          maxLength={400}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('danger')}>
            Remove
          </button>
        </div>
      </form>
    </Modal>
  );
}

function EntryList<R extends { id: string; recordedBy: string }>({
  title,
  noun,
  rows,
  text,
  mayRemove,
  onRemove,
}: {
  title: string;
  noun: string;
  rows: readonly R[];
  text: (row: R) => string;
  mayRemove: (row: R) => boolean;
  onRemove: (row: R) => void;
}) {
  const [all, setAll] = useState(false);
  if (rows.length === 0) return null;
  const shown = all ? rows : rows.slice(0, FIRST_SHOWN);
  return (
    <div role="group" aria-label={title}>
      <h5 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h5>
      <ul className="flex flex-col divide-y divide-slate-100 text-sm">
        {shown.map((row) => (
          <li key={row.id} className="flex min-h-11 items-center justify-between gap-2">
            <span className="text-slate-800">{text(row)}</span>
            {mayRemove(row) && (
              <button
                type="button"
                className={buttonClass('secondary')}
                aria-label={`Remove ${noun} ${text(row)}`}
                onClick={() => onRemove(row)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {rows.length > FIRST_SHOWN && (
        <button type="button" className="mt-1 min-h-11 text-sm font-medium text-brand-700" onClick={() => setAll(!all)}>
          {all ? `Show the ${FIRST_SHOWN} newest` : `Show all ${rows.length}`}
        </button>
      )}
    </div>
  );
}
