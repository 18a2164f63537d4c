/** The Analytics line chart; loaded on demand (React.lazy) so recharts stays out of the other screens' code. */
import { format, parseISO } from 'date-fns';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { PROGRAM_TYPE_LABELS, type ProgramType } from '#schema/enums.ts';

import type { ProgressTrendPoint } from './progress-rules.ts';

/** Colours with at least 3:1 contrast on white, told apart by dash pattern too. */
const LINE_STYLE: Record<ProgramType, { stroke: string; dash?: string }> = {
  ems: { stroke: '#1d4ed8' },
  fire: { stroke: '#c2410c', dash: '6 3' },
  police: { stroke: '#047857', dash: '2 3' },
};

const weekLabel = (day: string) => format(parseISO(day), 'MMM d');

export default function ProgressTrendChart({ points, types }: { points: ProgressTrendPoint[]; types: ProgramType[] }) {
  const rows = points.map((p) => ({ weekEnding: p.weekEnding, ...p.averageProgress }));
  return (
    // the table below gives the same figures to screen readers; hidden from them, the chart keeps its
    // keyboard layer off: a hidden part that takes the focus leaves a keyboard user on nothing
    <div aria-hidden="true" data-testid="progress-trend-chart" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 4, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="weekEnding" tickFormatter={weekLabel} tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(day) => `Week ending ${weekLabel(String(day))}`} formatter={(v) => `${v}%`} />
          <Legend />
          {types.map((type) => (
            <Line
              key={type}
              type="monotone"
              dataKey={type}
              name={PROGRAM_TYPE_LABELS[type]}
              stroke={LINE_STYLE[type].stroke}
              strokeDasharray={LINE_STYLE[type].dash}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
