import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { JOIN_REQUEST_ROLES, ROLE_LABELS } from '#schema/enums.ts';
import { programJoinRequestSchema } from '#schema/request.ts';
import { SelectField, TextAreaField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

type FormInput = z.input<typeof programJoinRequestSchema>;
export type JoinRequestValues = z.output<typeof programJoinRequestSchema>;

const ROLE_OPTIONS = JOIN_REQUEST_ROLES.map((r) => [r, ROLE_LABELS[r]] as const);

/** Request Program Enrollment. `programs` are the ones the user may still ask to join. */
export function JoinProgramDialog({
  programs,
  onSubmit,
  onClose,
}: {
  programs: readonly { id: string; name: string }[];
  onSubmit: (values: JoinRequestValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, JoinRequestValues>({
    resolver: zodResolver(programJoinRequestSchema),
    defaultValues: { programId: '', requestedRole: 'student', justification: '' },
  });
  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });
  return (
    <Modal title="Request Program Enrollment" open onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {programs.length === 0 && (
          <p className="text-sm text-slate-700">You already belong to, or have asked to join, every program.</p>
        )}
        <SelectField
          label="Program"
          placeholder="Select a program"
          options={programs.map((p) => [p.id, p.name] as const)}
          error={errors.programId?.message}
          {...register('programId')}
        />
        <SelectField
          label="Requested Role"
          options={ROLE_OPTIONS}
          error={errors.requestedRole?.message}
          {...register('requestedRole')}
        />
        <TextAreaField
          label="Justification"
          placeholder="Why you want to join this program (at least 10 characters)"
          error={errors.justification?.message}
          {...register('justification')}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            Submit Request
          </button>
        </div>
      </form>
    </Modal>
  );
}
