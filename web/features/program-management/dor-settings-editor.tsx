/**
 * A police program's Daily Observation Report settings: the categories its reports rate (seeded from the standard
 * 40 of dor.json) and the advancement rules, the share of rated categories acceptable by interval of training.
 * Online: the server checks them again (PUT /api/programs/:id/dor-settings) and its messages show under the fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';

import { dorPhaseRulesOf } from '#schema/dor.ts';
import { dorCategoriesOf } from '#schema/dor-categories.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { RemoveRowButton } from '#web/lib/ui/fields.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors } from '#web/lib/write.ts';

import {
  dorSettingsDraft,
  dorSettingsFormSchema,
  type DorSettingsInput,
  type DorSettingsValues,
  settingsOf,
} from './dor-settings-form.ts';
import type { DorSettingsBody } from './program-calls.ts';
import type { SaveRequirements } from './skill-minimums-editor.tsx';

type Program = DomainRows['programs'];

const cell = `${inputClass} px-2`;
const sectionClass = 'flex flex-col gap-2 rounded-lg border border-slate-200 p-3';

function Alert({ text }: { text: string | undefined }) {
  return text ? (
    <span role="alert" className="text-sm text-red-700">
      {text}
    </span>
  ) : null;
}

export function DorSettingsEditor({
  program,
  onSave,
}: {
  program: Program;
  onSave: SaveRequirements<DorSettingsBody>;
}) {
  const form = useForm<DorSettingsInput, unknown, DorSettingsValues>({
    resolver: zodResolver(dorSettingsFormSchema),
    defaultValues: dorSettingsDraft(dorCategoriesOf(program), dorPhaseRulesOf(program)),
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const categories = useFieldArray({ control, name: 'categories' });
  const rules = useFieldArray({ control, name: 'phaseRules' });

  const save = form.handleSubmit(async (values) => {
    const body = settingsOf(values);
    const result = await onSave(body);
    if (!result.ok) {
      // the server names the list a refusal is about: its message shows over that list
      showFieldErrors(form.setError, result.fields, (f) => (f === 'phaseRules' ? 'phaseRules' : 'categories'));
      return;
    }
    form.reset(dorSettingsDraft(body.categories, body.phaseRules));
  });
  const number = { valueAsNumber: true } as const;

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        What {program.name}&apos;s Daily Observation Reports rate, and when a trainee may advance.
      </p>
      <fieldset className={sectionClass}>
        <legend className="px-1 text-sm font-semibold text-slate-900">Advancement rules</legend>
        <p className="text-xs text-slate-600">
          Weeks count from the trainee&apos;s first report. In each interval, the share of rated categories at 4 or
          better the trainee needs to advance.
        </p>
        <Alert text={errors.phaseRules?.root?.message ?? errors.phaseRules?.message} />
        <ol aria-label="Advancement rules" className="flex flex-col gap-2">
          {rules.fields.map((field, i) => (
            <li key={field.id} className="flex flex-col gap-1">
              <div className="grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-1.5 text-xs">
                <label className="flex flex-col gap-0.5">
                  From week
                  <input
                    className={cell}
                    type="number"
                    inputMode="numeric"
                    {...register(`phaseRules.${i}.fromWeek`, number)}
                  />
                </label>
                <label className="flex flex-col gap-0.5">
                  To week
                  <input
                    className={cell}
                    type="number"
                    inputMode="numeric"
                    {...register(`phaseRules.${i}.toWeek`, number)}
                  />
                </label>
                <label className="flex flex-col gap-0.5">
                  Acceptable %
                  <input
                    className={cell}
                    type="number"
                    inputMode="numeric"
                    {...register(`phaseRules.${i}.percent`, number)}
                  />
                </label>
                <RemoveRowButton label={`Remove interval ${i + 1}`} onRemove={() => rules.remove(i)} padding="px-3" />
              </div>
              <Alert
                text={
                  errors.phaseRules?.[i]?.fromWeek?.message ??
                  errors.phaseRules?.[i]?.toWeek?.message ??
                  errors.phaseRules?.[i]?.percent?.message
                }
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          className={buttonClass('secondary', 'self-start')}
          onClick={() => {
            const last = form.getValues('phaseRules').at(-1);
            const from = last ? Number(last.toWeek) + 1 : 1;
            rules.append({ fromWeek: from, toWeek: from + 3, percent: 100 });
          }}
        >
          Add interval
        </button>
      </fieldset>
      <fieldset className={sectionClass}>
        <legend className="px-1 text-sm font-semibold text-slate-900">Categories</legend>
        <p className="text-xs text-slate-600">Each is rated 1 to 7, N.O., NRT or REM on every report.</p>
        <Alert text={errors.categories?.root?.message ?? errors.categories?.message} />
        <ol aria-label="Categories" className="flex flex-col gap-2">
          {categories.fields.map((field, i) => (
            <li key={field.id} className="flex flex-col gap-1 border-b border-slate-100 pb-2 last:border-0">
              <div className="grid grid-cols-[1fr_auto] items-end gap-1.5 text-xs sm:grid-cols-[2fr_1fr_auto]">
                <label className="flex flex-col gap-0.5">
                  {`Category ${i + 1}`}
                  <input className={cell} {...register(`categories.${i}.name`)} />
                </label>
                <label className="order-last col-span-2 flex flex-col gap-0.5 sm:order-none sm:col-span-1">
                  {`Group of category ${i + 1}`}
                  <input className={cell} {...register(`categories.${i}.group`)} />
                </label>
                <RemoveRowButton
                  label={`Remove category ${i + 1}`}
                  onRemove={() => categories.remove(i)}
                  padding="px-3"
                />
              </div>
              <Alert text={errors.categories?.[i]?.name?.message ?? errors.categories?.[i]?.group?.message} />
            </li>
          ))}
        </ol>
        <button
          type="button"
          className={buttonClass('secondary', 'self-start')}
          onClick={() => {
            const last = form.getValues('categories').at(-1);
            categories.append({ code: '', name: '', group: last?.group ?? '' });
          }}
        >
          Add category
        </button>
      </fieldset>
      <button type="submit" className={buttonClass('primary', 'self-start')} disabled={formState.isSubmitting}>
        Save DOR settings
      </button>
    </form>
  );
}
