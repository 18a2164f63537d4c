/** The Trends bar chart; loaded on demand (React.lazy) so recharts stays out of the other screens' code. */
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import type { ComplianceStandard } from '#schema/reports.ts';

export default function ComplianceStandardChart({
  bars,
}: {
  bars: { standard: ComplianceStandard; compliance: number }[];
}) {
  return (
    // the table below gives the same figures to screen readers; hidden from them, the chart keeps its
    // keyboard layer off: a hidden part that takes the focus leaves a keyboard user on nothing
    <div aria-hidden="true" data-testid="compliance-standard-chart" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} accessibilityLayer={false} margin={{ top: 20, right: 12, bottom: 4, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="standard" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => [`${v}%`, 'Compliance']} cursor={{ fill: '#f1f5f9' }} />
          <Bar dataKey="compliance" name="Compliance" fill="#1d4ed8" maxBarSize={72} isAnimationActive={false}>
            <LabelList dataKey="compliance" position="top" formatter={(v) => `${v}%`} fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
