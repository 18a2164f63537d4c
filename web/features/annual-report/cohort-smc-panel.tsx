/** The cohort SMC summary of a program (schema/cohort-smc.ts): students met / not met per item, with downloads. */
import { useState } from 'react';

import type { AnnualReportRoutes } from '#api/routes/annual-report/index.ts';
import { ATTEMPT_SETTINGS } from '#schema/enums.ts';
import { plural } from '#schema/plural.ts';
import { answer as answerOf, apiClient } from '#web/lib/api.ts';
import { Loading } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { useAnswer } from './use-answer.ts';
import { cohortQuery } from './worksheet-types.ts';

const cohortApi = apiClient<AnnualReportRoutes>()['annual-report']['cohort-smc'];

const SETTING_OPTIONS = ATTEMPT_SETTINGS.map((s) => [s, s[0].toUpperCase() + s.slice(1)] as const);

export function CohortSmcPanel({ programId }: { programId: string }) {
  const [filter, setFilter] = useState({ from: '', to: '', setting: '' });
  const query = cohortQuery(programId, filter);
  const [answer] = useAnswer(query, () => answerOf(cohortApi.$get({ query: { programId, ...filter } })));
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [key]: e.target.value }));
  return (
    <section aria-labelledby="cohort-smc-heading" className="flex flex-col gap-3">
      <h3 id="cohort-smc-heading" className="text-lg font-semibold text-slate-900">
        Cohort SMC summary
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="From" type="date" value={filter.from} onChange={set('from')} />
        <TextField label="To" type="date" value={filter.to} onChange={set('to')} />
        <SelectField
          label="Setting"
          options={SETTING_OPTIONS}
          placeholder="All settings"
          value={filter.setting}
          onChange={set('setting')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <a className={buttonClass('secondary')} href={`/api/annual-report/cohort-smc.csv?${query}`} download>
          Download CSV
        </a>
        <a className={buttonClass('secondary')} href={`/api/annual-report/cohort-smc.pdf?${query}`} download>
          Download PDF
        </a>
      </div>
      {answer.status === 'loading' && <Loading text="Loading the cohort summary..." />}
      {answer.status === 'failed' && <p className="text-sm text-red-700">{answer.message}</p>}
      {answer.status === 'ready' && (
        <>
          <p className="text-sm text-slate-700">
            {plural(answer.data.students.length, 'student')}; verified records only, each student&apos;s SMC as their
            portfolio shows it.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Cohort SMC summary">
              <thead className="text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th className="py-2 pr-2">Item</th>
                  <th className="py-2 pr-2 text-right">Min</th>
                  <th className="py-2 pr-2 text-right">Met</th>
                  <th className="py-2 text-right">Not met</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {answer.data.items.map((i) => (
                  <tr key={i.key}>
                    <th scope="row" className="py-2 pr-2 font-medium text-slate-900">
                      {i.label}
                      <span className="block text-xs font-normal text-slate-600">
                        {i.tableLabel}
                        {i.reference ? ` · ${i.reference}` : ''}
                      </span>
                    </th>
                    <td className="py-2 pr-2 text-right">{i.minimum}</td>
                    <td className="py-2 pr-2 text-right font-semibold text-green-800">{i.met}</td>
                    <td className="py-2 text-right font-semibold text-red-800">{i.notMet}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
