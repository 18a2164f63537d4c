import { Badge, Card, EmptyState } from '#web/lib/ui/display.tsx';

import { KIND_LABELS } from './request-rules.ts';
import type { RequestView } from './request-views.ts';
import { RequestStatusBadge } from './status-badge.tsx';
import { submittedAgo } from './submitted-time.ts';

/** What a request asks for, in one line. */
function summary(r: RequestView): string {
  switch (r.kind) {
    case 'program-join':
      return `Join ${r.programName} as ${r.requestedRole}`;
    case 'role-change':
      return `${r.requestedRole} in ${r.programName} (now ${r.currentRole})`;
    case 'preceptor':
      return `Preceptor at ${r.siteName} for ${r.studentName}`;
  }
}

/** The user's own requests with their status; pending ones say they await approval. */
export function MyRequests({
  requests,
  isUnsynced,
}: {
  requests: readonly RequestView[];
  isUnsynced: (id: string) => boolean;
}) {
  return (
    <section aria-labelledby="my-requests-heading" className="flex flex-col gap-3">
      <h3 id="my-requests-heading" className="text-lg font-semibold text-slate-900">
        My Requests
      </h3>
      {requests.length === 0 ? (
        <EmptyState title="No requests yet" text="Requests you file appear here with their status." />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {requests.map((r) => (
            <li key={r.id}>
              <Card className="flex h-full flex-col gap-2">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                      {KIND_LABELS[r.kind]}
                    </p>
                    <p className="font-medium text-slate-900">{summary(r)}</p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <RequestStatusBadge status={r.status} />
                    {isUnsynced(r.id) && <Badge tone="yellow">Pending sync</Badge>}
                  </div>
                </div>
                {r.kind === 'preceptor' && r.requestedDates && (
                  <p className="text-sm text-slate-700">
                    <span className="font-medium">Dates:</span> {r.requestedDates}
                  </p>
                )}
                <p className="line-clamp-3 text-sm text-slate-700">{r.justification}</p>
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="text-slate-600">Submitted {submittedAgo(r.createdAt)}</span>
                  {r.status === 'pending' && <span className="font-medium text-amber-800">Pending approval</span>}
                </div>
                {r.reviewNotes && (
                  <p className="rounded-lg bg-slate-50 p-2 text-sm text-slate-700">
                    <span className="font-medium">Review notes:</span> {r.reviewNotes}
                  </p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
