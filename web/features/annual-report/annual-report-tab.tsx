/**
 * The annual-report worksheet of one program and calendar year (CoAEMSP outcomes, schema/annual-report.ts): each
 * rate with its numerator, denominator and whether it is below the threshold, the forms for what the program enters,
 * and the cohort SMC summary with its downloads. The figures are the server's; entering needs a connection.
 */
import { useMemo, useState } from 'react';

import type { AnnualReportRoutes } from '#api/routes/annual-report/index.ts';
import {
  EXIT_REASON_LABELS,
  OUTCOME_RATE_KEYS,
  OUTCOME_RATE_LABELS,
  OUTCOME_THRESHOLD_PERCENT,
  type OutcomeRate,
  PLACEMENT_LABELS,
} from '#schema/annual-report.ts';
import { answer as answerOf, apiClient } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { formatDate } from '#web/lib/format.ts';
import { Badge, EmptyState, Loading } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { CohortSmcPanel } from './cohort-smc-panel.tsx';
import { ExamAttemptForm, OutcomeForm } from './entry-forms.tsx';
import { useAnswer } from './use-answer.ts';
import type { WorksheetAnswer, WorksheetStudent } from './worksheet-types.ts';

const worksheetApi = apiClient<AnnualReportRoutes>()['annual-report'];

/** A rate's flag: below the threshold, at or above it, or nobody to count (never 0 % or NaN). */
function RateFlag({ rate }: { rate: OutcomeRate }) {
  if (rate.flag === 'empty') return <Badge tone="slate">{rate.empty}</Badge>;
  return rate.flag === 'below' ? (
    <Badge tone="red">Below {OUTCOME_THRESHOLD_PERCENT}%</Badge>
  ) : (
    <Badge tone="green">Meets {OUTCOME_THRESHOLD_PERCENT}%</Badge>
  );
}

export function RatesTable({ data }: { data: WorksheetAnswer }) {
  const { figures } = data;
  return (
    <table className="w-full text-left text-sm" aria-label={`Outcomes ${figures.year}`}>
      <thead className="text-xs uppercase tracking-wide text-slate-600">
        <tr>
          <th className="py-2 pr-2">Outcome</th>
          <th className="py-2 pr-2 text-right">Rate</th>
          <th className="hidden py-2 pr-2 text-right sm:table-cell">Of</th>
          <th className="py-2">Threshold</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {OUTCOME_RATE_KEYS.map((key) => {
          const rate = figures[key];
          return (
            <tr key={key}>
              <th scope="row" className="py-2 pr-2 font-medium text-slate-900">
                {OUTCOME_RATE_LABELS[key]}
                <span className="block text-xs font-normal text-slate-600 sm:hidden">
                  {rate.numerator} of {rate.denominator}
                </span>
              </th>
              <td className="py-2 pr-2 text-right font-semibold">{rate.percent === null ? '–' : `${rate.percent}%`}</td>
              <td className="hidden py-2 pr-2 text-right text-slate-700 sm:table-cell">
                {rate.numerator} of {rate.denominator}
              </td>
              <td className="py-2">
                <RateFlag rate={rate} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function outcomeText(s: WorksheetStudent) {
  if (s.outcome?.placement) return PLACEMENT_LABELS[s.outcome.placement];
  if (s.outcome?.exitReason) return `${EXIT_REASON_LABELS[s.outcome.exitReason]}, ${formatDate(s.outcome.exitDate!)}`;
  return s.graduationDate ? 'Placement not entered' : 'Enrolled';
}

function StudentOutcome({ student, onSaved }: { student: WorksheetStudent; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const saved = () => {
    setOpen(false);
    onSaved();
  };
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">
            {student.name} <span className="text-sm text-slate-600">{student.studentCode}</span>
          </p>
          <p className="text-sm text-slate-700">
            {student.graduationDate ? `Graduated ${formatDate(student.graduationDate)}` : 'No graduation date'} ·{' '}
            {outcomeText(student)}
          </p>
          {student.examAttempts.length > 0 && (
            <p className="text-sm text-slate-700">
              Exam:{' '}
              {student.examAttempts
                .map((a) => `#${a.attemptNumber} ${a.passed ? 'passed' : 'failed'} ${formatDate(a.takenOn)}`)
                .join('; ')}
            </p>
          )}
        </div>
        <button type="button" className={buttonClass('secondary')} onClick={() => setOpen((o) => !o)}>
          {open ? 'Close' : 'Enter results'}
        </button>
      </div>
      {open && (
        <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3">
          <OutcomeForm student={student} onSaved={saved} />
          {student.graduationDate && <ExamAttemptForm student={student} onSaved={saved} />}
        </div>
      )}
    </li>
  );
}

export function AnnualReportTab() {
  const programs = useRows('programs');
  const options = useMemo(
    () =>
      // CoAEMSP's annual report and the SMC are EMS programs' documents
      (programs ?? [])
        .filter((p) => p.type === 'ems')
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((p) => [p.id, p.name] as const),
    [programs],
  );
  const [chosen, setChosen] = useState('');
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const programId = chosen || options[0]?.[0] || '';
  const [answer, reload] = useAnswer(programId && /^\d{4}$/.test(year) ? `${programId} ${year}` : null, () =>
    answerOf(worksheetApi.$get({ query: { programId, year } })),
  );
  if (!programs) return <Loading text="Loading programs..." />;
  if (!programId) return <EmptyState title="No EMS programs" text="EMS programs you work in appear here." />;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Program" options={options} value={programId} onChange={(e) => setChosen(e.target.value)} />
        <TextField
          label="Calendar year"
          type="number"
          inputMode="numeric"
          value={year}
          onChange={(e) => setYear(e.target.value)}
        />
      </div>
      <section aria-labelledby="worksheet-heading" className="flex flex-col gap-3">
        <h3 id="worksheet-heading" className="text-lg font-semibold text-slate-900">
          Annual-report worksheet {year}
        </h3>
        {answer.status === 'loading' && <Loading text="Loading the worksheet..." />}
        {answer.status === 'failed' && <p className="text-sm text-red-700">{answer.message}</p>}
        {answer.status === 'ready' && (
          <>
            <p className="text-sm text-slate-700">
              Keyed on the year of graduation. Retention: the year&apos;s graduates over its graduates and students who
              left (excluded exits count in neither). Placement over all graduates (
              {answer.data.figures.placementMissing} not entered yet count as not placed). Exam rates over graduates
              with an attempt recorded.
            </p>
            <RatesTable data={answer.data} />
            <h4 className="font-semibold text-slate-900">Students</h4>
            {answer.data.students.length === 0 ? (
              <p className="text-sm text-slate-700">No student graduated or left in {year}.</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="Students">
                {answer.data.students.map((s) => (
                  <StudentOutcome key={s.studentId} student={s} onSaved={reload} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <CohortSmcPanel programId={programId} />
    </div>
  );
}
