import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { ROLE_LABELS, ROLES } from '#schema/enums.ts';
import { roleChangeRequestSchema } from '#schema/request.ts';
import { SelectField, TextAreaField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { roleLabel } from './request-rules.ts';

type FormInput = z.input<typeof roleChangeRequestSchema>;
export type RoleChangeValues = z.output<typeof roleChangeRequestSchema>;

const ROLE_OPTIONS = ROLES.map((r) => [r, ROLE_LABELS[r]] as const);

/** Request Role Change. The current role shown is the one held in the chosen program; the server records it on arrival. */
export function RoleChangeDialog({
  programs,
  fromMemberships,
  currentRoleIn,
  onSubmit,
  onClose,
}: {
  programs: readonly { id: string; name: string }[];
  /** Whether `programs` are the user's own programs (otherwise: every program, for someone in none yet). */
  fromMemberships: boolean;
  currentRoleIn: (programId: string) => string;
  onSubmit: (values: RoleChangeValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, RoleChangeValues>({
    resolver: zodResolver(roleChangeRequestSchema),
    defaultValues: { programId: '', requestedRole: 'instructor', justification: '' },
  });
  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });
  const programId = watch('programId');
  return (
    <Modal title="Request Role Change" open onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          {fromMemberships
            ? 'Roles are held per program: choose the program where the new role applies.'
            : 'You are not in a program yet: choose the program where the new role applies.'}
        </p>
        <SelectField
          label="Program"
          placeholder="Select a program"
          options={programs.map((p) => [p.id, p.name] as const)}
          error={errors.programId?.message}
          {...register('programId')}
        />
        {programId && (
          <p className="text-sm text-slate-700">
            Current role: <span className="font-medium">{roleLabel(currentRoleIn(programId))}</span>
          </p>
        )}
        <SelectField
          label="Requested Role"
          options={ROLE_OPTIONS}
          defaultValue="instructor"
          error={errors.requestedRole?.message}
          {...register('requestedRole')}
        />
        <TextAreaField
          label="Justification"
          placeholder="Why you need this role (at least 10 characters)"
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
