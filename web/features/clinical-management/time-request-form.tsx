import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { MSG } from '#schema/messages.ts';
import { levelName } from '#schema/names.ts';
import { CLINICAL_TIME_LEVELS, clinicalTimeRequestSchema } from '#schema/request.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { toNumber } from '#web/lib/form-values.ts';
import { fullName } from '#web/lib/format.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

type FormInput = z.input<typeof clinicalTimeRequestSchema>;
export type TimeRequestValues = z.output<typeof clinicalTimeRequestSchema>;

const EMPTY: FormInput = {
  clinicalSiteId: '',
  studentId: '',
  startAt: '',
  endAt: '',
  requestedHours: Number.NaN,
  certificationLevel: 'emt',
  skillsFocus: '',
  specialRequirements: '',
};
const LEVELS = CLINICAL_TIME_LEVELS.map((l) => [l, levelName(l, { short: true })] as const);

/** The picker gives wall-clock time on this device; the request carries the instant (ISO, UTC). */
const toInstant = (v: unknown) => {
  const ms = typeof v === 'string' && v ? Date.parse(v) : Number.NaN;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
};

/**
 * The clinical time request form, validated by the shared schema. Staff name the student the time is for; a
 * student's request is for their own record (the server fills it in), so they get no student field.
 */
export function TimeRequestForm({
  sites,
  students,
  onSubmit,
}: {
  sites: DomainRows['clinicalSites'][];
  /** undefined for a student user. */
  students: DomainRows['students'][] | undefined;
  onSubmit: (values: TimeRequestValues) => Promise<boolean>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, TimeRequestValues>({
    resolver: zodResolver(clinicalTimeRequestSchema),
    defaultValues: EMPTY,
  });
  const submit = handleSubmit(async (values) => {
    // the server refuses a staff request that names no student; say so now rather than after sync
    if (students && !values.studentId) {
      setError('studentId', { message: MSG.studentRequired });
      return;
    }
    if (await onSubmit(values)) reset(EMPTY);
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Clinical time request" className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Clinical Site"
        placeholder="Select a clinical site"
        error={errors.clinicalSiteId?.message}
        options={sites.map((s) => [s.id, s.name] as const)}
        {...register('clinicalSiteId')}
      />
      {students && (
        <SelectField
          label="Student"
          placeholder="Select a student"
          error={errors.studentId?.message}
          options={students.map((s) => [s.id, `${fullName(s)} (${s.studentId})`] as const)}
          {...register('studentId')}
        />
      )}
      <TextField
        label="Start Date & Time"
        type="datetime-local"
        error={errors.startAt?.message}
        {...register('startAt', { setValueAs: toInstant })}
      />
      <TextField
        label="End Date & Time"
        type="datetime-local"
        error={errors.endAt?.message}
        {...register('endAt', { setValueAs: toInstant })}
      />
      <TextField
        label="Requested Hours"
        type="number"
        inputMode="numeric"
        min={1}
        max={40}
        error={errors.requestedHours?.message}
        {...register('requestedHours', { setValueAs: toNumber })}
      />
      <SelectField
        label="Certification Level"
        error={errors.certificationLevel?.message}
        options={LEVELS}
        {...register('certificationLevel')}
      />
      <TextAreaField
        label="Skills Focus"
        className="sm:col-span-2"
        placeholder="Skills you want to practise on this shift"
        error={errors.skillsFocus?.message}
        {...register('skillsFocus')}
      />
      <TextAreaField
        label="Special Requirements"
        className="sm:col-span-2"
        error={errors.specialRequirements?.message}
        {...register('specialRequirements')}
      />
      <div className="flex justify-end sm:col-span-2">
        <button type="submit" className={buttonClass('primary', 'w-full sm:w-auto')} disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit Request'}
        </button>
      </div>
    </form>
  );
}
