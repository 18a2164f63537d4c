import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { ASSIGNABLE_ROLES, ROLE_LABELS } from '#schema/enums.ts';
import { programAssignmentSchema } from '#schema/program.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { fullName } from '#web/lib/format.ts';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors, type WriteResult } from '#web/lib/write.ts';

type FormInput = z.input<typeof programAssignmentSchema>;
export type AssignmentValues = z.output<typeof programAssignmentSchema>;
type User = DomainRows['users'];

// the spec lists staff roles in the choice; student stays last because the validation merely tolerates it
const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((r) => [r, ROLE_LABELS[r]] as const);
const EMPTY: FormInput = { userId: '', assignedRole: 'instructor' };

/** Assign User to Program: `candidates` are the users not yet assigned to `programName`. */
export function AssignUserDialog({
  programName,
  candidates,
  onClose,
  onSave,
}: {
  programName: string;
  candidates: readonly User[];
  onClose: () => void;
  onSave: (values: AssignmentValues) => Promise<WriteResult<unknown>>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, AssignmentValues>({
    resolver: zodResolver(programAssignmentSchema),
    defaultValues: EMPTY,
  });
  const submit = handleSubmit(async (values) => {
    const result = await onSave(values);
    if (result.ok) {
      onClose();
      return;
    }
    showFieldErrors(setError, result.fields);
  });
  const userOptions = candidates.map((u) => [u.id, u.email ? `${fullName(u)} (${u.email})` : fullName(u)] as const);

  return (
    <Modal title="Assign User to Program" open onClose={onClose}>
      <p className="mb-3 text-sm text-slate-600">{programName}</p>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <SelectField
          label="User"
          placeholder={candidates.length ? 'Select a user' : 'Everyone is already assigned'}
          options={userOptions}
          error={errors.userId?.message}
          {...register('userId')}
        />
        <SelectField
          label="Role"
          placeholder="Select a role"
          options={ROLE_OPTIONS}
          defaultValue={EMPTY.assignedRole}
          error={errors.assignedRole?.message}
          {...register('assignedRole')}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            Assign User
          </button>
        </div>
      </form>
    </Modal>
  );
}
