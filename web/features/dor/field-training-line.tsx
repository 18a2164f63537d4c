import { Link } from '@tanstack/react-router';

import { Badge } from '#web/lib/ui/display.tsx';

import { percent, useTraineeProgress } from './trainee-progress.ts';

/**
 * A recruit's field training in a line, for their home: phase and week, the share rated acceptable this week against
 * what the phase needs, whether they may advance, and the reports each signer has signed. The DOR tracker's and the
 * portfolio's figures (`dorProgress`); nothing before the recruit has a report.
 */
export function FieldTrainingLine({ studentId }: { studentId: string }) {
  const trainee = useTraineeProgress(studentId);
  if (!trainee || trainee.progress.week === null) return null;
  const { progress, phases } = trainee;
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="dor-line">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">
          Field training: {progress.phase ? `phase ${progress.phase} of ${phases}, ` : ''}week {progress.week}
        </span>
        <Badge tone={progress.mayAdvance ? 'green' : 'yellow'}>
          {progress.mayAdvance ? 'May advance' : 'Not yet ready to advance'}
        </Badge>
      </p>
      <p className="text-slate-700">
        Rated acceptable this week: {progress.share === null ? 'none rated' : percent(progress.share)}
        {progress.rule && ` (needs ${percent(progress.rule.minShare)})`}
      </p>
      <p className="text-slate-700">
        Reports signed by your FTO {progress.signed.fto}, by you {progress.signed.trainee}, by a supervisor{' '}
        {progress.signed.supervisor}
      </p>
      <Link to="/police/dors" className="min-h-11 self-start py-2 font-semibold text-brand-700 underline">
        Open my reports
      </Link>
    </div>
  );
}
