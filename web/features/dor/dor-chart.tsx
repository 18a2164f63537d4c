/** A category's ratings over a trainee's reports; loaded on demand (React.lazy) so recharts stays out of other screens. */
import { format, parseISO } from 'date-fns';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { MINIMUM_ACCEPTABLE } from '#schema/dor.ts';
import type { DorProgress } from '#schema/dor-progress.ts';

const dayLabel = (day: string) => format(parseISO(day), 'MMM d');

export default function DorChart({ points, code }: { points: DorProgress['points']; code: string }) {
  const rows = points.map((p) => ({ date: p.date, score: p.scores[code] }));
  return (
    // the table beside it gives the same figures to screen readers; hidden from them, the chart keeps its
    // keyboard layer off: a hidden part that takes the focus leaves a keyboard user on nothing
    <div aria-hidden="true" data-testid="dor-chart" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 4, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={dayLabel} tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis domain={[1, 7]} ticks={[1, 2, 3, 4, 5, 6, 7]} tick={{ fontSize: 12 }} />
          <ReferenceLine y={MINIMUM_ACCEPTABLE} stroke="#047857" strokeDasharray="4 3" />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Line
            type="monotone"
            dataKey="score"
            name="Rating"
            stroke="#1d4ed8"
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
