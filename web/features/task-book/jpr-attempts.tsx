/**
 * Every record of one JPR, newest first, as it was signed and never edited: the book's evidence (date, day and attempt,
 * pass or fail, method, evaluator's name and ID, how they signed, each step of the skill sheet, comments).
 */
import { JPR_METHOD_LABELS, type JprMethod } from '#schema/fire-task-book.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { formatDate, plural } from '#web/lib/format.ts';
import { Badge } from '#web/lib/ui/display.tsx';

type JprRecord = DomainRows['jprSignOffs'];

export function JprAttempts({ records }: { records: readonly JprRecord[] }) {
  if (records.length === 0) return null;
  return (
    <details className="text-xs text-slate-700">
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-700">
        {plural(records.length, 'signed record')}
      </summary>
      {/* groups, not a nested list: the book's list items are its JPRs */}
      <div role="group" aria-label="Signed records" className="flex flex-col gap-2">
        {records.map((r) => (
          <div
            key={r.id}
            role="group"
            aria-label={`Record of ${formatDate(r.performedOn)}`}
            className="flex flex-col gap-0.5 rounded-lg border border-slate-200 bg-white p-2"
          >
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone={r.passed ? 'green' : 'red'}>{r.passed ? 'Pass' : 'Fail'}</Badge>
              {formatDate(r.performedOn)}, day {r.dayNumber}, attempt {r.attemptNumber}
              {r.inTraining && ', in training'}
            </p>
            <p>
              {JPR_METHOD_LABELS[r.method as JprMethod] ?? r.method} · {r.evaluatorName} (ID {r.evaluatorNumber}) ·{' '}
              {r.signature.kind === 'typed' ? 'typed signature' : 'drawn signature'}
            </p>
            {r.steps.length > 0 && (
              <p>Steps: {r.steps.map((s) => `${s.step} ${s.passed ? 'pass' : 'fail'}`).join('; ')}</p>
            )}
            {r.comments && <p className="whitespace-pre-line">Comments: {r.comments}</p>}
          </div>
        ))}
      </div>
    </details>
  );
}
