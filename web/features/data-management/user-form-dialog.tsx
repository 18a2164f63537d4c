import { zodResolver } from '@hookform/resolvers/zod';
import type { DefaultValues, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';

import { DEPARTMENTS } from '#schema/enums.ts';
import { type UserCreate, userCreateSchema } from '#schema/user.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import type { WriteResult } from '#web/lib/write.ts';

import { hasStaffDetails, ROLE_CARDS, splitList, userPayload } from './user-form.ts';

type FormInput = z.input<typeof userCreateSchema>;

const EMPTY: DefaultValues<FormInput> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  department: '',
  certifications: [],
  specialties: [],
};
const DEPARTMENT_OPTIONS = DEPARTMENTS.map((d) => [d, d] as const);
/** An empty password box means "no password yet", which the schema allows; anything typed must pass its rule. */
const blankAsNone = (v: unknown) => (v === '' ? undefined : v);

function RoleCards({
  value,
  error,
  register,
}: {
  value: string | undefined;
  error?: string;
  register: UseFormRegister<FormInput>;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">Choose a role</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {ROLE_CARDS.map((card) => (
          <label
            key={card.role}
            className={`flex min-h-11 cursor-pointer flex-col rounded-lg border p-3 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 ${value === card.role ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
          >
            <input type="radio" value={card.role} className="sr-only" {...register('role')} />
            <span className="font-semibold text-slate-900">{card.label}</span>
            <span className="text-xs text-slate-600">{card.description}</span>
          </label>
        ))}
      </div>
      {error && (
        <span role="alert" className="mt-1 block text-sm text-red-700">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** Add New User: a role card first, then the fields for that role. */
export function UserFormDialog({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (values: UserCreate) => Promise<WriteResult<unknown>>;
}) {
  const {
    form: {
      register,
      watch,
      formState: { errors, isSubmitting },
    },
    close,
    submit,
  } = useDialogForm<FormInput, UserCreate>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: EMPTY,
    onClose,
    save: (values) => onSave(userPayload(values)),
  });
  const role = watch('role');

  return (
    <Modal title="Add New User" open={open} onClose={close} wide>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <RoleCards value={role} error={errors.role?.message} register={register} />
        {role && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="First Name"
              autoComplete="off"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Last Name"
              autoComplete="off"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="off"
              error={errors.phone?.message}
              {...register('phone')}
            />
            {hasStaffDetails(role) && (
              <>
                <SelectField
                  label="Department"
                  placeholder="No department"
                  options={DEPARTMENT_OPTIONS}
                  error={errors.department?.message}
                  {...register('department')}
                />
                <TextField
                  label="Certifications"
                  placeholder="Comma-separated, e.g. Paramedic, ACLS"
                  error={errors.certifications?.message}
                  {...register('certifications', { setValueAs: splitList })}
                />
                <TextField
                  label="Specialties"
                  placeholder="Comma-separated"
                  className="sm:col-span-2"
                  error={errors.specialties?.message}
                  {...register('specialties', { setValueAs: splitList })}
                />
              </>
            )}
            <div className="sm:col-span-2">
              <TextField
                label="Initial Password (optional)"
                type="password"
                autoComplete="new-password"
                error={errors.password?.message}
                {...register('password', { setValueAs: blankAsNone })}
              />
              <p className="mt-1 text-xs text-slate-600">
                At least 8 characters. Without one the account cannot sign in yet.
              </p>
            </div>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting || !role}>
            Create User
          </button>
        </div>
      </form>
    </Modal>
  );
}
