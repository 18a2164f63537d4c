import { type ReactNode, useMemo, useState } from 'react';

import { useFirstSyncSettled, useRows } from '#web/lib/data.ts';
import { formatDate, fullName, plural } from '#web/lib/format.ts';
import { Badge, Card, EmptyState, Loading } from '#web/lib/ui/display.tsx';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';

import { percent, useTraineeProgress } from './trainee-progress.ts';

/**
 * A device is ready offline before it has the chart's code (vite.config.ts CHART): offline and not yet stored, the chart
 * says so in place and the table below still gives the ratings.
 */
const DorChart = lazyPart(
  () => import('./dor-chart.tsx'),
  (m) => m.default,
  'The chart',
);

/** A figure of the tracker: a term and its value, as the phase line draws them. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/**
 * The police tracker's field training part: per trainee, from their Daily Observation Reports (`dorProgress`, the
 * portfolio's definition too), a category's ratings over time with its latest rating and mean score, the training
 * week with its rule, the share rated acceptable each week and whether the trainee may advance, the reports each
 * signer has signed, and what is missing.
 */
export function DorTracker() {
  const students = useRows('students');
  const dors = useRows('dors');
  const trainees = useMemo(() => {
    const ids = new Set(dors?.map((d) => d.studentId));
    return (students ?? []).filter((s) => ids.has(s.id));
  }, [students, dors]);
  const [studentId, setStudentId] = useState('');
  const firstSyncSettled = useFirstSyncSettled();
  const trainee = trainees.find((s) => s.id === studentId) ?? trainees[0];
  const figures = useTraineeProgress(trainee?.id);
  const [code, setCode] = useState('');
  if (!students || !dors) return <Loading />;
  if (!trainee)
    return firstSyncSettled ? (
      <EmptyState
        title="No Daily Observation Reports yet"
        text="Field training appears here once an FTO writes a report."
      />
    ) : (
      <EmptyState
        title="Bringing the reports to this device"
        text="Field training appears here as the reports arrive."
      />
    );
  if (!figures) return <Loading />;
  const { categories, progress, phases } = figures;
  const category = categories.find((c) => c.code === code) ?? categories[0];
  const shown = progress.categories.find((c) => c.code === category.code);
  const { missing, signed } = progress;

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-xl font-bold text-slate-900">Field training: Daily Observation Reports</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Trainee"
          value={trainee.id}
          onChange={(e) => setStudentId(e.target.value)}
          options={trainees.map((s) => [s.id, fullName(s)] as const)}
        />
        <SelectField
          label="Category"
          value={category.code}
          onChange={(e) => setCode(e.target.value)}
          options={categories.map((c) => [c.code, c.name] as const)}
        />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="dor-phase">
        <div>
          <dt className="text-slate-600">Training week</dt>
          <dd className="font-semibold">{progress.week ?? 'Not started'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Phase</dt>
          <dd className="font-semibold">
            {progress.rule && progress.phase
              ? `${progress.phase} of ${phases} (weeks ${progress.rule.fromWeek}-${progress.rule.toWeek})`
              : 'Not started'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Rated acceptable this week</dt>
          <dd className="font-semibold">
            {progress.share === null ? 'None rated' : percent(progress.share)}
            {progress.rule && ` (needs ${percent(progress.rule.minShare)})`}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">May advance</dt>
          <dd>
            <Badge tone={progress.mayAdvance ? 'green' : 'yellow'}>{progress.mayAdvance ? 'Yes' : 'Not yet'}</Badge>
          </dd>
        </div>
      </dl>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="dor-weeks">
        {progress.weeks.map((w) => (
          <Fact key={w.week} label={`Week ${w.week}`}>
            {w.share === null ? 'None rated' : percent(w.share)}
          </Fact>
        ))}
      </dl>
      <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="dor-category">
        <Fact label="Latest rating">{shown?.latest ?? 'Not rated'}</Fact>
        <Fact label="Mean score">{shown?.mean ?? 'No score'}</Fact>
      </dl>
      <DorChart points={progress.points} code={category.code} fallback={<Loading text="Loading the chart..." />} />
      <table className="text-sm">
        <caption className="text-left font-medium text-slate-800">{category.name}: ratings by shift</caption>
        <tbody>
          {/* two shifts may share a date: a row per report, in order */}
          {progress.points.map((p, i) => (
            <tr key={i}>
              <td className="pr-3 text-slate-600">{formatDate(p.date)}</td>
              <td>{p.ratings[category.code] ?? 'Not rated'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="dor-signed">
        <Fact label="Signed by the FTO">{signed.fto}</Fact>
        <Fact label="Signed by the trainee">{signed.trainee}</Fact>
        <Fact label="Signed by a supervisor">{signed.supervisor}</Fact>
      </dl>
      <div className="text-sm" data-testid="dor-missing">
        <h4 className="font-medium text-slate-800">Missing</h4>
        <ul className="list-disc pl-5 text-slate-700">
          <li>{plural(missing.toComplete, 'report')} for the FTO to complete</li>
          <li>{plural(missing.toAcknowledge, 'report')} for the trainee to acknowledge</li>
          <li>{plural(missing.toReview, 'report')} for a supervisor to review</li>
          <li>
            {missing.neverScored.length === 0
              ? 'Every category has a rating'
              : `${plural(missing.neverScored.length, 'category', 'categories')} never rated: ${missing.neverScored.map((c) => c.name).join(', ')}`}
          </li>
        </ul>
      </div>
    </Card>
  );
}
