import type { ComplianceSummary } from '#schema/reports.ts';
import { Card, EmptyState, Loading } from '#web/lib/ui/display.tsx';
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';

import { chartedStandards, type StandardCompliance } from './compliance-rules.ts';

const STANDARD_ROWS: [string, (s: ComplianceSummary) => string | number][] = [
  ['Compliance', (s) => (s.totalRequirements ? `${s.overallCompliance}%` : 'No records')],
  ['Records', (s) => s.totalRequirements],
  ['Compliant', (s) => s.compliant],
  ['At Risk', (s) => s.atRisk],
  ['Non-Compliant', (s) => s.nonCompliant],
  ['Pending Review', (s) => s.pendingReview],
];

/** recharts is loaded only when this tab opens; a device is ready offline before it has it (vite.config.ts CHART). */
const ComplianceStandardChart = lazyPart(
  () => import('./compliance-standard-chart.tsx'),
  (m) => m.default,
  'The chart',
);

/**
 * The Trends tab. The records carry their current state only (lastReview is the latest review, not a history), so it
 * compares the standards as of today rather than drawing a line over time.
 */
export function StandardsPanel({ byStandard }: { byStandard: StandardCompliance[] }) {
  const bars = chartedStandards(byStandard);
  return (
    <Card className="flex flex-col gap-3">
      <div>
        <h3 id="standards-title" className="text-lg font-semibold text-slate-900">
          Compliance by Standard
        </h3>
        <p className="text-sm text-slate-600">
          Average compliance of each standard&apos;s records as of today. The records hold their current state and last
          review date, not a history, so no earlier figures are shown.
        </p>
      </div>
      {bars.length === 0 ? (
        <EmptyState title="No compliance records found" />
      ) : (
        <ComplianceStandardChart bars={bars} fallback={<Loading text="Loading chart..." />} />
      )}
      <div className="overflow-x-auto">
        {/* one column per standard, so three standards fit a phone's width */}
        <table aria-labelledby="standards-title" className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <td />
              {byStandard.map(({ standard }) => (
                <th key={standard} scope="col" className="py-2 pl-3 text-right font-medium">
                  {standard}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {STANDARD_ROWS.map(([label, read]) => (
              <tr key={label} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {label}
                </th>
                {byStandard.map(({ standard, summary }) => (
                  <td key={standard} className="py-1.5 pl-3 text-right">
                    {read(summary)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
