import { format } from 'date-fns';
import { useMemo } from 'react';

import { byPersonName, compareText, levelName } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { usePendingKeys } from '#web/lib/data.ts';
import { plural } from '#web/lib/format.ts';
import { useScrollToHash } from '#web/lib/scroll-to-hash.ts';
import type { CurrentUser } from '#web/lib/session.tsx';
import { entityKey } from '#web/lib/sync-client.ts';
import { Badge, Card, EmptyState } from '#web/lib/ui/display.tsx';
import { useFileClinicalTimeRequest } from '#web/lib/writes/requests.ts';

import { myTimeRequests, REQUEST_STATUS_LABELS, statusTone } from './clinical-rules.ts';
import type { ClinicalLookups } from './lookups.ts';
import { TimeRequestForm } from './time-request-form.tsx';

const when = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, yyyy h:mm a') : '');

/** File a clinical time request (offline too: it syncs when there is signal) and follow your own requests. */
export function TimeRequestsTab({
  user,
  sites,
  requests,
  lookups,
}: {
  user: CurrentUser;
  sites: DomainRows['clinicalSites'][];
  requests: DomainRows['requests'][];
  lookups: ClinicalLookups;
}) {
  const file = useFileClinicalTimeRequest();
  const pending = usePendingKeys();
  const mine = useMemo(() => myTimeRequests(requests, user.id), [requests, user.id]);
  const activeSites = useMemo(
    () => sites.filter((s) => s.isActive).sort((a, b) => compareText(a.name, b.name)),
    [sites],
  );
  const students = useMemo(
    () => (user.role === 'student' ? undefined : [...lookups.students].filter((s) => s.isActive).sort(byPersonName)),
    [user.role, lookups],
  );

  useScrollToHash('my-requests');

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <h3 className="mb-3 font-semibold text-slate-900">Request Clinical Time</h3>
        <TimeRequestForm sites={activeSites} students={students} onSubmit={file} />
      </Card>
      <section aria-labelledby="my-requests" className="flex flex-col gap-3">
        <h3 id="my-requests" className="font-semibold text-slate-900">
          My Requests ({mine.length})
        </h3>
        {mine.length === 0 ? (
          <EmptyState title="No requests yet" text="Clinical time you request appears here with its status." />
        ) : (
          <ul aria-label="My requests" className="flex flex-col gap-2">
            {mine.map((r) => (
              <li key={r.id}>
                <Card className="flex flex-col gap-1 text-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <span className="font-semibold text-slate-900">{lookups.siteName(r.clinicalSiteId)}</span>
                    <span className="flex gap-1">
                      {pending.has(entityKey('requests', r.id)) && <Badge tone="yellow">Pending sync</Badge>}
                      <Badge tone={statusTone(r.status)}>{REQUEST_STATUS_LABELS[r.status] ?? r.status}</Badge>
                    </span>
                  </div>
                  <p className="text-slate-700">
                    {when(r.startAt)} – {when(r.endAt)}
                  </p>
                  <p className="text-slate-600">
                    {r.requestedHours !== null && plural(r.requestedHours, 'hour')}
                    {r.emsCertificationLevel && ` · ${levelName(r.emsCertificationLevel, { short: true })}`}
                    {lookups.studentName(r.studentId) && ` · ${lookups.studentName(r.studentId)}`}
                  </p>
                  {r.reviewNotes && <p className="text-slate-600">Review notes: {r.reviewNotes}</p>}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
