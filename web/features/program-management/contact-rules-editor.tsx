import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';

import { CONFIDENCE_LABELS } from '#schema/enums.ts';
import { IMPRESSIONS } from '#schema/patient-contact.ts';
import { contactRulesSchema } from '#schema/program-requirements.ts';
import { contactMinimumSource, smcLevelOf } from '#schema/smc.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { RemoveRowButton } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';

import { type ContactRulesDraft, contactRulesDraft, contactRulesOf } from './requirements-rules.ts';
import type { SaveRequirements } from './skill-minimums-editor.tsx';

type Program = DomainRows['programs'];

const cell = `${inputClass} px-2`;
const sectionClass = 'flex flex-col gap-2 rounded-lg border border-slate-200 p-3';

/** How a program counts patient contacts toward the SMC tables: age bands, categories, the impression map, team leads. */
export function ContactRulesEditor({ program, onSave }: { program: Program; onSave: SaveRequirements }) {
  // the defaults of the program's own level: an EMT program's are not the paramedic targets
  const defaults = smcLevelOf(program.certificationLevel).contactDefaults;
  const { register, control, handleSubmit, reset, watch, setValue } = useForm<ContactRulesDraft>({
    defaultValues: contactRulesDraft(program.contactRules ?? defaults),
  });
  const bands = useFieldArray({ control, name: 'ageBands' });
  const categories = useFieldArray({ control, name: 'categories' });
  const [message, setMessage] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const choices = [...new Set([...watch('categories').map((c) => c.name.trim()), 'Other'])].filter(Boolean);
  const map = watch('pathologyMap');
  const source = contactMinimumSource(program.contactRules, program.certificationLevel);

  const send = async (body: Record<string, unknown>) => {
    const result = await onSave(body);
    setMessage(result.ok ? null : (result.fields.contactRules ?? null));
    return result.ok;
  };
  const save = handleSubmit(async (draft) => {
    const parsed = contactRulesSchema.safeParse(contactRulesOf(draft));
    if (!parsed.success) {
      setMessage(parsed.error.issues[0].message);
      return;
    }
    if (await send({ contactRules: parsed.data })) reset(contactRulesDraft(parsed.data));
  });
  const restoreDefaults = async () => {
    if (await send({ contactRules: null })) reset(contactRulesDraft(defaults));
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        How patient contacts count toward the CoAEMSP Student Minimum Competency tables for {program.name}.
      </p>
      <p className="text-xs text-slate-600">{`Minimums: ${source.source} (${CONFIDENCE_LABELS[source.confidence]})`}</p>
      {message && (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
      <fieldset className={sectionClass}>
        <legend className="px-1 text-sm font-semibold text-slate-900">Age bands</legend>
        <p className="text-xs text-slate-600">
          A contact counts in the last band starting at or before the patient&apos;s age. The first starts at 0.
        </p>
        {bands.fields.map((field, i) => (
          <div
            key={field.id}
            className="grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-1.5 text-xs sm:grid-cols-[1fr_4rem_4rem_4.5rem_auto]"
          >
            <label className="col-span-4 flex flex-col gap-0.5 sm:col-span-1">
              Band
              <input className={cell} {...register(`ageBands.${i}.label`)} />
            </label>
            <label className="flex flex-col gap-0.5">
              From yrs
              <input className={cell} type="number" inputMode="numeric" {...register(`ageBands.${i}.years`)} />
            </label>
            <label className="flex flex-col gap-0.5">
              mos
              <input className={cell} type="number" inputMode="numeric" {...register(`ageBands.${i}.months`)} />
            </label>
            <label className="flex flex-col gap-0.5">
              Minimum
              <input className={cell} type="number" inputMode="numeric" {...register(`ageBands.${i}.minimum`)} />
            </label>
            <RemoveRowButton label={`Remove age band ${i + 1}`} onRemove={() => bands.remove(i)} padding="px-2" />
          </div>
        ))}
        <button
          type="button"
          className={buttonClass('secondary', 'self-start')}
          onClick={() => bands.append({ label: '', years: '', months: '0', minimum: '0' })}
        >
          Add age band
        </button>
      </fieldset>
      <fieldset className={sectionClass}>
        <legend className="px-1 text-sm font-semibold text-slate-900">Pathology categories</legend>
        {categories.fields.map((field, i) => (
          <div key={field.id} className="grid grid-cols-[1fr_4.5rem_auto] items-end gap-1.5 text-xs">
            <label className="flex flex-col gap-0.5">
              Category
              <input className={cell} {...register(`categories.${i}.name`)} />
            </label>
            <label className="flex flex-col gap-0.5">
              Minimum
              <input className={cell} type="number" inputMode="numeric" {...register(`categories.${i}.minimum`)} />
            </label>
            <RemoveRowButton label={`Remove category ${i + 1}`} onRemove={() => categories.remove(i)} padding="px-2" />
          </div>
        ))}
        <button
          type="button"
          className={buttonClass('secondary', 'self-start')}
          onClick={() => categories.append({ name: '', minimum: '0' })}
        >
          Add category
        </button>
      </fieldset>
      <fieldset className={sectionClass}>
        <legend className="px-1 text-sm font-semibold text-slate-900">Primary impression → category</legend>
        <p className="text-xs text-slate-600">An impression whose category is removed counts as Other.</p>
        {/* controlled, so that an impression whose category was just removed shows Other, as it will be saved */}
        <div className="grid gap-x-3 gap-y-1.5 sm:grid-cols-2">
          {IMPRESSIONS.map((impression) => (
            <label key={impression} className="grid grid-cols-[1fr_1fr] items-center gap-2 text-xs">
              {impression}
              <select
                className={cell}
                value={choices.includes(map[impression]) ? map[impression] : 'Other'}
                onChange={(e) => setValue(`pathologyMap.${impression}`, e.target.value, { shouldDirty: true })}
              >
                {choices.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center justify-between gap-3 text-sm font-medium text-slate-800">
        Team lead minimum
        <input className={`${cell} w-24`} type="number" inputMode="numeric" {...register('teamLeadMinimum')} />
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={!program.contactRules}
          onClick={() => setConfirmReset(true)}
        >
          Use the defaults
        </button>
        <button type="submit" className={buttonClass()}>
          Save contact rules
        </button>
      </div>
      <ConfirmDialog
        open={confirmReset}
        title="Use the default contact rules"
        message={`${program.name} goes back to the default age bands, categories, impression map and minimums.`}
        confirmLabel="Use the defaults"
        onConfirm={restoreDefaults}
        onClose={() => setConfirmReset(false)}
      />
    </form>
  );
}
