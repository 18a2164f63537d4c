import { PROGRAM_TYPE_LABELS } from '#schema/enums.ts';
import { formatDate } from '#web/lib/format.ts';
import { Card, EmptyState, Loading } from '#web/lib/ui/display.tsx';
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';

import { type ProgressTrendPoint, trendSummary, trendTypes } from './progress-rules.ts';

/**
 * recharts is loaded only when this tab opens, and a device is ready offline before it has it (vite.config.ts CHART):
 * offline and not yet stored, the chart says so in place and the summary below still gives its figures.
 */
const ProgressTrendChart = lazyPart(
  () => import('./progress-trend-chart.tsx'),
  (m) => m.default,
  'The chart',
);

/** The Analytics tab: average progress by week per program type, drawn and as a summary and a table. */
export function TrendPanel({ points }: { points: ProgressTrendPoint[] }) {
  const types = trendTypes(points);
  return (
    <Card className="flex flex-col gap-3">
      <div>
        <h3 id="trend-title" className="text-lg font-semibold text-slate-900">
          Average Progress by Week
        </h3>
        <p className="text-sm text-slate-600">
          Average overall progress of each program type&apos;s students at the end of each of the last {points.length}{' '}
          weeks.
        </p>
      </div>
      {types.length === 0 ? (
        <EmptyState
          title="No progress to chart"
          text="Progress appears here once students are enrolled in your programs."
        />
      ) : (
        <>
          <ProgressTrendChart points={points} types={types} fallback={<Loading text="Loading chart..." />} />
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {trendSummary(points).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="overflow-x-auto">
            <table aria-labelledby="trend-title" className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Week ending
                  </th>
                  {types.map((t) => (
                    <th key={t} scope="col" className="py-2 pr-3 text-right font-medium">
                      {PROGRAM_TYPE_LABELS[t]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.weekEnding} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-1.5 pr-3 font-normal whitespace-nowrap">
                      {formatDate(p.weekEnding)}
                    </th>
                    {types.map((t) => (
                      <td key={t} className="py-1.5 pr-3 text-right tabular-nums">
                        {p.averageProgress[t] === null ? '–' : `${p.averageProgress[t]}%`}
                        <span className="text-slate-500"> ({p.students[t]})</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-1 text-xs text-slate-600">
              In brackets: students counted that week (enrolled by its end).
            </p>
          </div>
        </>
      )}
    </Card>
  );
}
