import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { PRECEPTOR_FOCUS_SKILLS } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import { byPersonName } from '#schema/names.ts';
import { sitePreceptorRequestSchema } from '#schema/request.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { fullName } from '#web/lib/format.ts';
import { CheckboxGroup, SelectField, TextAreaField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';
import { toast } from '#web/lib/ui/toasts.tsx';

import { dateLabel } from './preceptor-requests.ts';

type FormInput = z.input<typeof sitePreceptorRequestSchema>;
export type PreceptorRequestValues = z.output<typeof sitePreceptorRequestSchema>;
type StudentOption = Pick<DomainRows['students'], 'id' | 'firstName' | 'lastName' | 'studentId'>;

const SKILL_OPTIONS = PRECEPTOR_FOCUS_SKILLS.map((s) => [s, s] as const);

/**
 * Request Preceptor from a site card. Staff pick the student; a student files for their own record (`ownStudent`).
 * `onSubmit` queues the request (it works offline) and answers whether it was accepted.
 */
export function PreceptorRequestDialog({
  sites,
  siteId,
  students,
  ownStudent,
  onSubmit,
  onClose,
}: {
  sites: readonly Pick<DomainRows['clinicalSites'], 'id' | 'name'>[];
  siteId: string;
  /** Staff: the students they may file for. A student user: undefined. */
  students?: readonly StudentOption[];
  /** A student user's own record (null when none is linked to the account). */
  ownStudent?: StudentOption | null;
  onSubmit: (values: PreceptorRequestValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const forSelf = students === undefined;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<FormInput, unknown, PreceptorRequestValues>({
    resolver: zodResolver(sitePreceptorRequestSchema),
    defaultValues: {
      clinicalSiteId: siteId,
      studentId: forSelf ? (ownStudent?.id ?? '') : '',
      requestedDates: [],
      skillsToFocus: [],
      justification: '',
    },
  });
  const today = format(new Date(), 'yyyy-MM-dd');
  const [picked, setPicked] = useState('');
  const [dateHint, setDateHint] = useState('');
  const dates = watch('requestedDates') ?? [];

  const addDate = () => {
    if (!picked) return;
    if (picked < today) return setDateHint(MSG.dateNotPast);
    if (dates.includes(picked)) return setDateHint('That date is already in the list');
    setDateHint('');
    setValue('requestedDates', [...dates, picked].sort(), { shouldValidate: isSubmitted });
    setPicked('');
  };
  const removeDate = (d: string) =>
    setValue(
      'requestedDates',
      dates.filter((x) => x !== d),
      { shouldValidate: isSubmitted },
    );

  const submit = handleSubmit(
    async (values) => {
      if (await onSubmit(values)) onClose();
    },
    (invalid) => {
      if (invalid.requestedDates) toast.error(MSG.addOneDate);
    },
  );

  const sortedStudents = [...(students ?? [])].sort(byPersonName);
  return (
    <Modal title="Request Preceptor" open onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <SelectField
          label="Clinical Site"
          options={sites.map((s) => [s.id, s.name] as const)}
          placeholder="Select a clinical site"
          defaultValue={siteId}
          error={errors.clinicalSiteId?.message}
          {...register('clinicalSiteId')}
        />
        {forSelf ? (
          ownStudent ? (
            <p className="text-sm text-slate-700">
              Student: <span className="font-medium">{fullName(ownStudent)}</span>
            </p>
          ) : (
            <p role="alert" className="text-sm text-red-700">
              No student record is linked to your account, so a request cannot be filed.
            </p>
          )
        ) : (
          <SelectField
            label="Student"
            placeholder="Select a student"
            defaultValue=""
            error={errors.studentId?.message}
            options={sortedStudents.map((s) => [s.id, `${fullName(s)} (${s.studentId})`] as const)}
            {...register('studentId')}
          />
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">Requested Dates</legend>
          <div className="flex gap-2">
            <label className="sr-only" htmlFor="preceptor-request-date">
              Preferred date
            </label>
            <input
              id="preceptor-request-date"
              type="date"
              min={today}
              value={picked}
              className={inputClass}
              onChange={(e) => {
                setPicked(e.target.value);
                setDateHint('');
              }}
            />
            <button type="button" className={buttonClass('secondary', 'shrink-0')} onClick={addDate}>
              Add Date
            </button>
          </div>
          {dateHint && (
            <p role="status" className="text-sm text-amber-800">
              {dateHint}
            </p>
          )}
          {dates.length > 0 && (
            <ul aria-label="Requested dates" className="flex flex-wrap gap-2">
              {dates.map((d) => (
                <li key={d} className="flex items-center gap-1 rounded-full bg-brand-50 pl-3 text-sm text-slate-800">
                  {dateLabel(d)}
                  <button
                    type="button"
                    aria-label={`Remove ${dateLabel(d)}`}
                    onClick={() => removeDate(d)}
                    className="min-h-11 min-w-11 rounded-full text-lg leading-none text-slate-600 hover:bg-slate-200"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          {errors.requestedDates && (
            <span role="alert" className="text-sm text-red-700">
              {errors.requestedDates.message}
            </span>
          )}
        </fieldset>
        <Controller
          control={control}
          name="skillsToFocus"
          render={({ field }) => (
            <CheckboxGroup
              legend="Skills to Focus On"
              options={SKILL_OPTIONS}
              value={field.value ?? []}
              onChange={(v) => field.onChange(v)}
            />
          )}
        />
        <TextAreaField
          label="Justification"
          placeholder="Why this placement, and what you need to practise"
          error={errors.justification?.message}
          {...register('justification')}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting || (forSelf && !ownStudent)}>
            Submit Request
          </button>
        </div>
      </form>
    </Modal>
  );
}
