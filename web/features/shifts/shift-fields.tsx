/**
 * Every field of a shift, as one set of inputs for posting a shift and for editing one (issue 30): type, site, unit,
 * date, start, duration, slots, the sign-up window, the drop and swap rules, its preceptors and the records a student
 * must hold. The two forms keep the fields at different paths (`unit`, `changes.unit`), so `at` names each one's path.
 */
import { type Control, Controller, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

import { CREDENTIAL_KINDS, CREDENTIAL_LABELS, SHIFT_TYPE_LABELS, SHIFT_TYPES } from '#schema/shift.ts';
import { useActiveSiteOptions, useRows } from '#web/lib/data.ts';
import { CheckboxField, CheckboxGroup, SelectField, TextField } from '#web/lib/ui/fields.tsx';

const TYPE_OPTIONS = SHIFT_TYPES.map((t) => [t, SHIFT_TYPE_LABELS[t]] as const);
const CREDENTIAL_OPTIONS = CREDENTIAL_KINDS.map((k) => [k, CREDENTIAL_LABELS[k]] as const);
/** A number input: empty is "not given" (the schema's default, or no change). */
export const asNumber = { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)) };
/** The day sign-up opens: empty is "as soon as it is posted" (null), which an edit may set again. */
const asOptionalDays = { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) };

/** Preceptors and instructors a shift may name. */
function usePreceptorOptions() {
  const users = useRows('users') ?? [];
  return users
    .filter((u) => u.role === 'preceptor' || u.role === 'instructor')
    .map((u) => [u.id, `${u.firstName} ${u.lastName}`] as const);
}

type FieldName =
  | 'type'
  | 'clinicalSiteId'
  | 'unit'
  | 'date'
  | 'startTime'
  | 'durationMinutes'
  | 'slots'
  | 'signupOpensDaysBefore'
  | 'signupClosesDaysBefore'
  | 'allowDrop'
  | 'dropCutoffHours'
  | 'allowSwap'
  | 'preceptorIds'
  | 'requiredCredentials';

export function ShiftFieldInputs<F extends FieldValues>({
  register,
  control,
  errors,
  at,
  dateLocked,
}: {
  register: UseFormRegister<F>;
  control: Control<F>;
  errors: Partial<Record<FieldName, { message?: string }>> | undefined;
  at: (name: FieldName) => Path<F>;
  /** Why the date cannot change here (a series edited "all after" moves no dates), or nothing. */
  dateLocked?: string;
}) {
  const sites = useActiveSiteOptions();
  const preceptors = usePreceptorOptions();
  const error = (name: FieldName) => errors?.[name]?.message;
  const number = (label: string, name: FieldName) => (
    <TextField label={label} type="number" inputMode="numeric" error={error(name)} {...register(at(name), asNumber)} />
  );
  return (
    <>
      <SelectField label="Type" options={TYPE_OPTIONS} error={error('type')} {...register(at('type'))} />
      <SelectField
        // drawn again once the sites load, so an edit shows the shift's site rather than the empty choice
        key={sites.length}
        label="Site"
        placeholder="No site (lab at school)"
        options={sites}
        error={error('clinicalSiteId')}
        {...register(at('clinicalSiteId'))}
      />
      <TextField label="Unit or department" error={error('unit')} {...register(at('unit'))} />
      <TextField
        label="Date"
        type="date"
        disabled={!!dateLocked}
        title={dateLocked}
        error={error('date')}
        {...register(at('date'))}
      />
      <TextField label="Start" type="time" error={error('startTime')} {...register(at('startTime'))} />
      {number('Duration (minutes)', 'durationMinutes')}
      {number('Slots', 'slots')}
      <TextField
        label="Sign-up opens (days before; empty: when posted)"
        type="number"
        inputMode="numeric"
        error={error('signupOpensDaysBefore')}
        {...register(at('signupOpensDaysBefore'), asOptionalDays)}
      />
      {number('Sign-up closes (days before; 0: on the day)', 'signupClosesDaysBefore')}
      {number('No drops within (hours of the start)', 'dropCutoffHours')}
      <div>
        <CheckboxField label="Students may drop" {...register(at('allowDrop'))} />
        <CheckboxField label="Students may offer their place for a swap" {...register(at('allowSwap'))} />
      </div>
      <Controller
        control={control}
        name={at('preceptorIds')}
        render={({ field }) => (
          <CheckboxGroup
            legend="Preceptors"
            options={preceptors}
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
            error={error('preceptorIds')}
          />
        )}
      />
      <Controller
        control={control}
        name={at('requiredCredentials')}
        render={({ field }) => (
          <CheckboxGroup
            legend="Students must have current"
            options={CREDENTIAL_OPTIONS}
            value={(field.value as string[] | undefined) ?? []}
            onChange={field.onChange}
            error={error('requiredCredentials')}
          />
        )}
      />
    </>
  );
}
