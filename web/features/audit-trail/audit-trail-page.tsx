/**
 * The audit trail (/audit-trail), for directors and administration: every write with who made it, when, through which
 * command, and each changed field before and after. Read from the server (the log is not synced to devices).
 */
import { useEffect, useState } from 'react';

import type { AuditRoutes } from '#api/routes/audit/index.ts';
import type { AuditEntry } from '#schema/audit.ts';
import { byPersonName } from '#schema/names.ts';
import { can } from '#schema/permissions.ts';
import { answer, apiClient, ApiError } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { Card, EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { type AuditFilterForm, auditParams, auditQuery, EMPTY_FILTER, showValue, TABLE_LABELS } from './audit-query.ts';

const auditApi = apiClient<AuditRoutes>().audit;

const failureText = (e: unknown) =>
  e instanceof ApiError ? e.message : 'The audit trail needs a connection to the server.';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; entries: AuditEntry[]; nextBefore: string | null };

function useAuditPages(filter: AuditFilterForm) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // shown under the entries already listed, which stay
  const [moreError, setMoreError] = useState<string | null>(null);
  // new filters show "loading" in this render, not after one more showing the old filters' entries
  const [seenFilter, setSeenFilter] = useState(filter);
  if (filter !== seenFilter) {
    setSeenFilter(filter);
    setLoad({ status: 'loading' });
    setMoreError(null);
  }
  useEffect(() => {
    let current = true;
    answer(auditApi.$get({ query: auditParams(filter) })).then(
      (page) => current && setLoad({ status: 'done', ...page }),
      (e) => current && setLoad({ status: 'error', message: failureText(e) }),
    );
    return () => {
      current = false;
    };
  }, [filter]);
  const more = async () => {
    if (load.status !== 'done' || !load.nextBefore) return;
    setMoreError(null);
    try {
      const page = await answer(auditApi.$get({ query: auditParams(filter, load.nextBefore) }));
      setLoad({ status: 'done', entries: [...load.entries, ...page.entries], nextBefore: page.nextBefore });
    } catch (e) {
      setMoreError(failureText(e));
    }
  };
  return { load, more, moreError };
}

export function AuditTrailPage() {
  const session = useSession();
  // another role is told so without asking the server, which would refuse
  if (session.status !== 'signed-in' || !can(session.user.role, 'audit.read')) {
    return <EmptyState title="Access Restricted" text="Only directors and administrators can read the audit trail." />;
  }
  return <AuditTrail />;
}

function AuditTrail() {
  const users = useRows('users') ?? [];
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_FILTER);
  const [filter, setFilter] = useState<AuditFilterForm>(EMPTY_FILTER);
  const { load, more, moreError } = useAuditPages(filter);
  const set = (key: keyof AuditFilterForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const userOptions = [...users].sort(byPersonName).map((u) => [u.id, `${u.firstName} ${u.lastName}`] as const);
  return (
    <section>
      <PageHeader
        title="Audit Trail"
        description="Every change to the records: who, when, and each field before and after."
        actions={
          <a className={buttonClass('secondary')} href={`/api/audit/export${auditQuery(filter)}`} download>
            Export CSV
          </a>
        }
      />
      <Card>
        <form
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter(form);
          }}
        >
          <SelectField
            label="User"
            value={form.actorId}
            onChange={set('actorId')}
            options={userOptions}
            placeholder="All users"
          />
          <SelectField
            label="Record type"
            value={form.table}
            onChange={set('table')}
            options={Object.entries(TABLE_LABELS)}
            placeholder="All types"
          />
          <TextField label="Record id" value={form.recordId} onChange={set('recordId')} />
          <TextField label="From" type="date" value={form.from} onChange={set('from')} />
          <TextField label="To" type="date" value={form.to} onChange={set('to')} />
          <div className="flex items-end gap-2">
            <button type="submit" className={buttonClass('primary', 'flex-1')}>
              Apply
            </button>
            <button
              type="button"
              className={buttonClass('ghost')}
              onClick={() => {
                setForm(EMPTY_FILTER);
                setFilter(EMPTY_FILTER);
              }}
            >
              Clear
            </button>
          </div>
        </form>
      </Card>
      <div className="mt-4">
        {load.status === 'loading' && <Loading text="Loading audit trail..." />}
        {load.status === 'error' && <EmptyState title="Unable to load the audit trail" text={load.message} />}
        {load.status === 'done' && load.entries.length === 0 && (
          <EmptyState title="No changes found" text="No recorded change matches these filters." />
        )}
        {load.status === 'done' && load.entries.length > 0 && (
          <>
            <ul className="flex flex-col gap-2">
              {load.entries.map((e) => (
                <AuditEntryCard
                  key={e.id}
                  entry={e}
                  onRecord={(table, recordId) => {
                    const next = { ...EMPTY_FILTER, table, recordId };
                    setForm(next);
                    setFilter(next);
                  }}
                />
              ))}
            </ul>
            {moreError && (
              <div className="mt-3">
                <EmptyState title="Unable to load older changes" text={moreError} />
              </div>
            )}
            {load.nextBefore && (
              <button type="button" className={buttonClass('secondary', 'mt-3 w-full')} onClick={() => void more()}>
                Load older changes
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function AuditEntryCard({
  entry,
  onRecord,
}: {
  entry: AuditEntry;
  onRecord: (table: string, recordId: string) => void;
}) {
  const fields = Object.entries(entry.changes);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-semibold">{entry.actorName}</span> · {entry.action} ·{' '}
          {TABLE_LABELS[entry.table] ?? entry.table}
        </p>
        <time className="text-slate-600" dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="text-slate-600">
        {entry.command} ·{' '}
        <button
          type="button"
          className="min-h-11 underline decoration-dotted sm:min-h-0"
          onClick={() => onRecord(entry.table, entry.recordId)}
        >
          record {entry.recordId.slice(0, 8)}
        </button>
      </p>
      {fields.length > 0 && (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {fields.map(([field, { before, after }]) => [
            <dt key={`${field}-k`} className="text-slate-600">
              {field}
            </dt>,
            <dd key={`${field}-v`} className="break-words">
              {showValue(before)} → {showValue(after)}
            </dd>,
          ])}
        </dl>
      )}
    </li>
  );
}
