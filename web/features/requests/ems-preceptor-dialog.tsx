import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { PRECEPTOR_LEVEL_LABELS, PRECEPTOR_REQUEST_LEVELS } from '#schema/enums.ts';
import { byPersonName } from '#schema/names.ts';
import { preceptorRequestSchema } from '#schema/request.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { fullName } from '#web/lib/format.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

type FormInput = z.input<typeof preceptorRequestSchema>;
export type EmsPreceptorValues = z.output<typeof preceptorRequestSchema>;
type StudentOption = Pick<DomainRows['students'], 'id' | 'firstName' | 'lastName' | 'studentId'>;
type PersonOption = Pick<DomainRows['users'], 'id' | 'firstName' | 'lastName'>;

const LEVEL_OPTIONS = PRECEPTOR_REQUEST_LEVELS.map((l) => [l, PRECEPTOR_LEVEL_LABELS[l]] as const);

/** Request EMS Preceptor. Staff pick the student; a student files for their own record (`ownStudent`). */
export function EmsPreceptorDialog({
  students,
  ownStudent,
  sites,
  preceptors,
  onSubmit,
  onClose,
}: {
  /** Staff: the students they may file for. A student user: undefined. */
  students?: readonly StudentOption[];
  /** A student user's own record (null when none is linked to the account). */
  ownStudent?: StudentOption | null;
  sites: readonly Pick<DomainRows['clinicalSites'], 'id' | 'name'>[];
  preceptors: readonly PersonOption[];
  onSubmit: (values: EmsPreceptorValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const forSelf = students === undefined;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, EmsPreceptorValues>({
    resolver: zodResolver(preceptorRequestSchema),
    defaultValues: {
      studentId: forSelf ? (ownStudent?.id ?? '') : '',
      clinicalSiteId: '',
      requestedPreceptorId: '',
      emsCertificationLevel: 'emt',
      requestedDates: '',
      skillsToFocus: '',
      justification: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });
  const studentOptions = [...(students ?? [])]
    .sort(byPersonName)
    .map((s) => [s.id, `${fullName(s)} (${s.studentId})`] as const);
  return (
    <Modal title="Request EMS Preceptor" open onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {forSelf ? (
          ownStudent ? (
            <p className="text-sm text-slate-700">
              Student:{' '}
              <span className="font-medium">
                {fullName(ownStudent)} ({ownStudent.studentId})
              </span>
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
            options={studentOptions}
            error={errors.studentId?.message}
            {...register('studentId')}
          />
        )}
        <SelectField
          label="Clinical Site"
          placeholder="Select a clinical site"
          options={sites.map((s) => [s.id, s.name] as const)}
          error={errors.clinicalSiteId?.message}
          {...register('clinicalSiteId')}
        />
        <SelectField
          label="Preferred Preceptor"
          placeholder="No preference"
          options={preceptors.map((p) => [p.id, fullName(p)] as const)}
          {...register('requestedPreceptorId')}
        />
        <SelectField
          label="Certification Level"
          options={LEVEL_OPTIONS}
          defaultValue="emt"
          error={errors.emsCertificationLevel?.message}
          {...register('emsCertificationLevel')}
        />
        <TextField
          label="Requested Dates"
          placeholder="e.g. Weekday evenings in March"
          error={errors.requestedDates?.message}
          {...register('requestedDates')}
        />
        <TextField
          label="Skills to Focus On"
          placeholder="e.g. IV Therapy, Airway Management"
          error={errors.skillsToFocus?.message}
          {...register('skillsToFocus')}
        />
        <TextAreaField
          label="Justification"
          placeholder="Why you need a preceptor (at least 10 characters)"
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
