import { useState } from 'react';

import { fieldErrors } from '#schema/common.ts';
import { type Role, ROLE_LABELS } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import { sitePreceptorReviewSchema } from '#schema/request.ts';
import { formatDate } from '#web/lib/format.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';
import { TextAreaField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { dateLabel, type SitePreceptorRequest, splitForReview } from './preceptor-requests.ts';

export type ReviewAction = 'approve' | 'deny';

/** The preceptor-request review panel: for directors and administration only (others get nothing). */
export function PreceptorReviewPanel({
  role,
  requests,
  pendingSync,
  onReview,
}: {
  role: Role;
  requests: readonly SitePreceptorRequest[];
  /** Requests filed on this device that the server has not received yet: they cannot be reviewed until it has. */
  pendingSync: ReadonlySet<string>;
  onReview: (id: string, action: ReviewAction, reviewNotes: string) => Promise<boolean>;
}) {
  if (!can(role, 'preceptorRequests.review')) return null;
  const { pending, recent } = splitForReview(requests);
  return (
    <Card className="mb-4">
      <section aria-labelledby="preceptor-review-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="preceptor-review-heading" className="text-lg font-semibold text-slate-900">
            Preceptor Requests
          </h3>
          <Badge tone={pending.length ? 'yellow' : 'slate'}>{pending.length} pending</Badge>
        </div>
        {pending.length === 0 ? (
          <p className="text-sm text-slate-600">No pending preceptor requests</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {pending.map((r) => (
              <PendingRequest key={r.id} request={r} unsynced={pendingSync.has(r.id)} onReview={onReview} />
            ))}
          </ul>
        )}
        {recent.length > 0 && (
          <div>
            <h4 className="mb-2 text-sm font-semibold text-slate-800">Recent Reviews</h4>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {recent.map((r) => (
                <RecentReview key={r.id} request={r} />
              ))}
            </ul>
          </div>
        )}
      </section>
    </Card>
  );
}

function PendingRequest({
  request: r,
  unsynced,
  onReview,
}: {
  request: SitePreceptorRequest;
  unsynced: boolean;
  onReview: (id: string, action: ReviewAction, notes: string) => Promise<boolean>;
}) {
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const review = async (action: ReviewAction) => {
    // the same rule the server applies: a denial says why
    const checked = sitePreceptorReviewSchema.safeParse({ id: r.id, action, reviewNotes: notes });
    setError(checked.success ? undefined : fieldErrors(checked.error).reviewNotes);
    if (!checked.success) return;
    setBusy(true);
    try {
      await onReview(r.id, action, notes);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li aria-label={`Request from ${r.studentName}`} className="flex flex-col rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium text-slate-900">{r.studentName}</p>
        <p className="text-xs text-slate-600">Filed {formatDate(r.createdAt)}</p>
      </div>
      <p className="text-sm text-slate-700">{r.siteName}</p>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-medium">Dates:</span> {r.requestedDates.map(dateLabel).join(', ') || 'None given'}
      </p>
      {r.skillsToFocus.length > 0 && (
        <div className="mt-1 flex flex-wrap gap-1">
          {r.skillsToFocus.map((s) => (
            <Badge key={s} tone="blue">
              {s}
            </Badge>
          ))}
        </div>
      )}
      <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{r.justification}</p>
      {unsynced ? (
        <p className="mt-2 text-sm text-amber-800">
          Waiting to reach the server; it can be reviewed once it has synced.
        </p>
      ) : (
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <TextAreaField
            label="Review notes"
            rows={2}
            value={notes}
            error={error}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass('danger')} disabled={busy} onClick={() => review('deny')}>
              Deny
            </button>
            <button type="button" className={buttonClass()} disabled={busy} onClick={() => review('approve')}>
              Approve
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function RecentReview({ request: r }: { request: SitePreceptorRequest }) {
  const approved = r.status === 'approved';
  return (
    <li className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium text-slate-900">
          {r.studentName} · {r.siteName}
        </p>
        <p className="text-slate-600">
          {[
            r.reviewedAt && formatDate(r.reviewedAt),
            r.approvalLevel && `by ${ROLE_LABELS[r.approvalLevel as Role] ?? r.approvalLevel}`,
          ]
            .filter(Boolean)
            .join(' ')}
          {r.reviewNotes && ` — ${r.reviewNotes}`}
        </p>
      </div>
      <span className="self-start sm:self-center">
        <Badge tone={approved ? 'green' : 'red'}>{approved ? 'Approved' : 'Denied'}</Badge>
      </span>
    </li>
  );
}
