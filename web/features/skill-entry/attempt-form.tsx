/** One attempt with every detail: when, where, the outcome, performed or observed, the site and notes. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { isInstantAfterToday } from '#schema/dates.ts';
import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_OUTCOMES,
  ATTEMPT_PARTICIPATION,
  ATTEMPT_PARTICIPATION_LABELS,
  ATTEMPT_SETTING_LABELS,
  ATTEMPT_SETTINGS,
} from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import { skillAttemptSchema } from '#schema/skill-attempt.ts';
import { useActiveSiteOptions } from '#web/lib/data.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useLogAttempt } from '#web/lib/writes/skill-attempts.ts';

import type { ShiftSetting } from './shift-setting.ts';

/** The form keeps the time as the browser's local date-time input gives it; it is sent as an ISO instant. */
const attemptFormSchema = skillAttemptSchema.omit({ attemptedAt: true, studentId: true, skillId: true }).extend({
  when: z
    .string()
    .min(1, 'Enter when the attempt happened')
    // the rule the schema's attemptedAt keeps, said on the field rather than when sending
    .refine((w) => Number.isNaN(Date.parse(w)) || !isInstantAfterToday(new Date(w).toISOString(), new Date()), {
      message: MSG.dateNotFuture,
    }),
});
type FormInput = z.input<typeof attemptFormSchema>;

const localNow = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function AttemptForm({
  pair,
  what,
  shift,
  onDone,
  onCancel,
}: {
  pair: { studentId: string; skillId: string };
  what: string;
  shift: ShiftSetting;
  onDone: () => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const log = useLogAttempt();
  const sites = useActiveSiteOptions();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput>({
    resolver: zodResolver(attemptFormSchema),
    defaultValues: {
      when: localNow(),
      setting: shift.setting,
      outcome: 'successful',
      participation: 'performed',
      clinicalSiteId: shift.clinicalSiteId ?? '',
      notes: '',
    },
  });
  const save = handleSubmit(async ({ when, ...values }) => {
    const args = { ...pair, ...values, attemptedAt: new Date(when).toISOString() };
    if (await log(skillAttemptSchema.parse(args), what)) onDone();
  });
  return (
    <form id={formId} onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-2">
      <TextField label="When" type="datetime-local" error={errors.when?.message} {...register('when')} />
      <SelectField
        label="Setting"
        error={errors.setting?.message}
        options={ATTEMPT_SETTINGS.map((s) => [s, ATTEMPT_SETTING_LABELS[s]] as const)}
        {...register('setting')}
        value={watch('setting') ?? ''}
      />
      <SelectField
        label="Outcome"
        error={errors.outcome?.message}
        options={ATTEMPT_OUTCOMES.map((o) => [o, ATTEMPT_OUTCOME_LABELS[o]] as const)}
        {...register('outcome')}
        value={watch('outcome') ?? ''}
      />
      <SelectField
        label="Performed or observed"
        options={ATTEMPT_PARTICIPATION.map((p) => [p, ATTEMPT_PARTICIPATION_LABELS[p]] as const)}
        {...register('participation')}
        value={watch('participation') ?? ''}
      />
      <SelectField
        label="Site"
        placeholder="No site"
        options={sites}
        {...register('clinicalSiteId')}
        value={watch('clinicalSiteId') ?? ''}
      />
      <TextAreaField
        label="Attempt notes"
        className="sm:col-span-2"
        error={errors.notes?.message}
        {...register('notes')}
      />
      <ModalActions>
        <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" form={formId} disabled={isSubmitting} className={buttonClass('primary')}>
          Log Attempt
        </button>
      </ModalActions>
    </form>
  );
}
