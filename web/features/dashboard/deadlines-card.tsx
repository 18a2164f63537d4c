import type { DashboardRoutes } from '#api/routes/dashboard/index.ts';
import { daysBetween, localDay } from '#schema/dates.ts';
import type { DeadlineKind } from '#schema/reports.ts';
import { formatDate, plural, type Tone } from '#web/lib/format.ts';
import { serverClient, useServerRead } from '#web/lib/server-reads.ts';
import { Badge, Card, Loading } from '#web/lib/ui/display.tsx';
import { LastUpdated } from '#web/lib/ui/last-updated.tsx';

const { dashboard } = serverClient<DashboardRoutes>();

const KINDS: Record<DeadlineKind, { label: string; tone: Tone }> = {
  assessment: { label: 'Assessment', tone: 'blue' },
  graduation: { label: 'Graduation', tone: 'green' },
  accreditation: { label: 'Accreditation', tone: 'yellow' },
};

export function dueIn(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return days < 0 ? `${plural(-days, 'day')} ago` : `In ${plural(days, 'day')}`;
}

export function DeadlinesCard({ userId }: { userId: string }) {
  const answer = useServerRead(dashboard.deadlines, userId);
  const today = localDay(new Date());
  return (
    <Card>
      <h3 className="text-lg font-semibold text-slate-900">Upcoming Deadlines</h3>
      {answer.status === 'loading' && <Loading text="Loading deadlines..." />}
      {answer.status === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-slate-700">
          Unable to load deadlines
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
            <p className="py-6 text-center text-sm text-slate-600">No upcoming deadlines to display</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {answer.data.map((d) => (
                <li key={d.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{d.title}</p>
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                      <Badge tone={KINDS[d.kind].tone}>{KINDS[d.kind].label}</Badge>
                      {d.detail}
                    </p>
                  </div>
                  <div className="shrink-0 text-right text-xs">
                    <p className="font-medium text-slate-900">
                      <time dateTime={d.date}>{formatDate(d.date)}</time>
                    </p>
                    <p className="text-slate-600">{dueIn(d.date, today)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
