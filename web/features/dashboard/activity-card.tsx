import { formatDistanceToNow, parseISO } from 'date-fns';

import type { DashboardRoutes } from '#api/routes/dashboard/index.ts';
import { serverClient, useServerRead } from '#web/lib/server-reads.ts';
import { Card, Loading } from '#web/lib/ui/display.tsx';
import { LastUpdated } from '#web/lib/ui/last-updated.tsx';

const { dashboard } = serverClient<DashboardRoutes>();

export function ActivityCard({ userId }: { userId: string }) {
  const answer = useServerRead(dashboard.activity, userId);
  return (
    <Card>
      <h3 className="text-lg font-semibold text-slate-900">Recent Activity</h3>
      {answer.status === 'loading' && <Loading text="Loading recent activity..." />}
      {answer.status === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-slate-700">
          Unable to load recent activity
        </p>
      )}
      {answer.status === 'ready' && (
        <>
          {answer.savedAt && (
            <div className="mt-2">
              <LastUpdated at={answer.savedAt} />
            </div>
          )}
          {answer.data.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No Recent Activity</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {answer.data.map((entry) => (
                <li key={entry.id} className="py-2">
                  <p className="text-sm text-slate-900">{entry.summary}</p>
                  <p className="text-xs text-slate-600">
                    {entry.actorName} ·{' '}
                    <time dateTime={entry.at}>{formatDistanceToNow(parseISO(entry.at), { addSuffix: true })}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
