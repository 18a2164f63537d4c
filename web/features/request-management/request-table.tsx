import type { ReactNode } from 'react';

import { Badge, EmptyState } from '#web/lib/ui/display.tsx';
import { ShowMore, useShowMore } from '#web/lib/ui/show-more.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import {
  type ManagedKind,
  RequestStatusBadge,
  type RequestView,
  type RowPermissions,
  submittedAgo,
} from '../requests/index.ts';
import type { Decision } from './outcomes.ts';

interface Column {
  header: string;
  cell: (r: RequestView) => ReactNode;
}

const USER: Column = { header: 'User', cell: (r) => r.userName };
const PROGRAM: Column = { header: 'Program', cell: (r) => r.programName };
const REQUESTED_ROLE: Column = { header: 'Requested Role', cell: (r) => r.requestedRole };

/** The spec's columns per tab (Status, Submitted and Actions follow). */
const COLUMNS: Record<ManagedKind, Column[]> = {
  'program-join': [USER, PROGRAM, REQUESTED_ROLE],
  'role-change': [USER, PROGRAM, { header: 'Current Role', cell: (r) => r.currentRole }, REQUESTED_ROLE],
  preceptor: [
    {
      header: 'Student',
      cell: (r) => (
        <span title={r.studentName} className="whitespace-nowrap">
          {r.studentCode}
        </span>
      ),
    },
    { header: 'EMS Level', cell: (r) => r.emsLevel },
    { header: 'Clinical Site', cell: (r) => r.siteName },
    { header: 'Preferred Preceptor', cell: (r) => r.preceptorName },
  ],
};

const EMPTY: Record<ManagedKind, string> = {
  'program-join': 'No program join requests',
  'role-change': 'No role change requests',
  preceptor: 'No preceptor requests',
};

export interface RowActions {
  permissions: (r: RequestView) => RowPermissions;
  onReview: (r: RequestView, decision: Decision) => void;
  onDelete: (r: RequestView) => void;
}

function Actions({ request: r, actions }: { request: RequestView; actions: RowActions }) {
  const p = actions.permissions(r);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {p.unsynced && <Badge tone="yellow">Pending sync</Badge>}
      {p.canApprove && (
        <button type="button" className={buttonClass('primary', 'px-3')} onClick={() => actions.onReview(r, 'approve')}>
          Approve
        </button>
      )}
      {p.canReview && (
        <button type="button" className={buttonClass('danger', 'px-3')} onClick={() => actions.onReview(r, 'deny')}>
          Deny
        </button>
      )}
      {p.awaitingOthers && <span className="text-sm font-medium text-amber-800">Pending approval</span>}
      {p.canDelete && (
        <button
          type="button"
          aria-label={`Delete request from ${r.kind === 'preceptor' ? r.studentName : r.userName}`}
          className={buttonClass('secondary', 'px-3 border-red-200! text-red-700! hover:bg-red-50!')}
          onClick={() => actions.onDelete(r)}
        >
          Delete
        </button>
      )}
    </div>
  );
}

/** One tab's requests: a table from tablet width up, cards on a phone. */
export function RequestTable({
  kind,
  requests: all,
  actions,
}: {
  kind: ManagedKind;
  requests: readonly RequestView[];
  actions: RowActions;
}) {
  const paged = useShowMore(all, kind);
  if (all.length === 0) return <EmptyState title={EMPTY[kind]} text="Requests appear here when someone files one." />;
  const columns = COLUMNS[kind];
  const requests = paged.visible;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              {[...columns.map((c) => c.header), 'Status', 'Submitted', 'Actions'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {requests.map((r) => (
              <tr key={r.id} className="align-middle">
                {columns.map((c) => (
                  <td key={c.header} className="px-3 py-2 text-slate-900">
                    {c.cell(r)}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <RequestStatusBadge status={r.status} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">{submittedAgo(r.createdAt)}</td>
                <td className="px-3 py-2">
                  <Actions request={r} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden">
        {requests.map((r) => (
          <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <div className="mb-2 flex items-start justify-between gap-2">
              <p className="font-semibold text-slate-900">{columns[0].cell(r)}</p>
              <RequestStatusBadge status={r.status} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {columns.slice(1).map((c) => (
                <div key={c.header} className="contents">
                  <dt className="text-slate-600">{c.header}</dt>
                  <dd className="text-slate-900">{c.cell(r)}</dd>
                </div>
              ))}
              <dt className="text-slate-600">Submitted</dt>
              <dd className="text-slate-900">{submittedAgo(r.createdAt)}</dd>
            </dl>
            <div className="mt-3">
              <Actions request={r} actions={actions} />
            </div>
          </li>
        ))}
      </ul>
      <ShowMore shown={requests.length} total={paged.total} noun="requests" onMore={paged.showMore} />
    </>
  );
}
