/**
 * The skill sheet's checklist on the JPR form: each step named and marked pass or fail. A failed step fails the
 * sheet (`sheetPasses`, schema/fire-task-book.ts, the rule the server's schema refuses a contradicting pass by).
 */
import { type Control, type FieldErrors, useFieldArray, type UseFormRegister } from 'react-hook-form';

import { MAX_SHEET_STEPS } from '#schema/fire-task-book-schema.ts';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';

import type { JprFormInput } from './jpr-form.ts';

type StepErrors = FieldErrors<JprFormInput>['steps'];

function ErrorLine({ text }: { text: string | undefined }) {
  return text ? (
    <span role="alert" className="text-sm text-red-700">
      {text}
    </span>
  ) : null;
}

export function SheetSteps({
  control,
  register,
  errors,
}: {
  control: Control<JprFormInput>;
  register: UseFormRegister<JprFormInput>;
  errors: StepErrors;
}) {
  const steps = useFieldArray({ control, name: 'steps' });
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Skill sheet steps</legend>
      <p className="text-xs text-slate-600">
        Each step of the agency&apos;s skill sheet, pass or fail. One failed step fails the sheet. With no steps the JPR
        is judged as a whole.
      </p>
      <ol aria-label="Skill sheet steps" className="flex flex-col gap-2">
        {steps.fields.map((field, i) => (
          <li key={field.id} className="flex flex-col gap-1 border-b border-slate-100 pb-2 last:border-0">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              {`Step ${i + 1}`}
              <input className={inputClass} {...register(`steps.${i}.step`)} aria-invalid={!!errors?.[i]?.step} />
            </label>
            <ErrorLine text={errors?.[i]?.step?.message} />
            <div role="radiogroup" aria-label={`Step ${i + 1} result`} className="flex items-center gap-4">
              {(['pass', 'fail'] as const).map((r) => (
                <label key={r} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input type="radio" value={r} className="size-5" {...register(`steps.${i}.result`)} />
                  {r === 'pass' ? 'Pass' : 'Fail'}
                </label>
              ))}
              <button
                type="button"
                className={buttonClass('secondary', 'ml-auto')}
                aria-label={`Remove step ${i + 1}`}
                onClick={() => steps.remove(i)}
              >
                Remove
              </button>
            </div>
            <ErrorLine text={errors?.[i]?.result?.message} />
          </li>
        ))}
      </ol>
      {steps.fields.length < MAX_SHEET_STEPS && (
        <button
          type="button"
          className={buttonClass('secondary', 'self-start')}
          onClick={() => steps.append({ step: '', result: '' })}
        >
          Add step
        </button>
      )}
    </fieldset>
  );
}
