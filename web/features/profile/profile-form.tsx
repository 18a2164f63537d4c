import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';

import { Badge, Card } from '#web/lib/ui/display.tsx';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors } from '#web/lib/write.ts';

import { roleLabel } from '../requests/index.ts';
import {
  type CurrentProfile,
  emailChanged,
  planProfileSubmit,
  type ProfileFormInput,
  profileFormSchema,
  type ProfileFormValues,
  type ProfilePlan,
  ROLE_CARDS,
} from './profile-rules.ts';

/** Whether everything in a plan succeeded, and else the server's messages for the form's fields. */
export interface ProfileOutcome {
  ok: boolean;
  fields: Record<string, string>;
}

/**
 * The User Profile form. `onSubmit` carries out the plan (update and/or role-change request); when everything in it
 * succeeded the form starts again from the saved values with the current role chosen, else the server's messages
 * show under their fields. A new e-mail asks for the current password.
 */
export function ProfileForm({
  current,
  programs,
  fromMemberships,
  requestedRoles,
  onSubmit,
}: {
  current: CurrentProfile;
  /** Programs a role change can be asked for. */
  programs: readonly { id: string; name: string }[];
  fromMemberships: boolean;
  /** Roles with a role-change request of the user's still pending. */
  requestedRoles: ReadonlySet<string>;
  onSubmit: (plan: ProfilePlan) => Promise<ProfileOutcome>;
}) {
  const schema = useMemo(
    () => profileFormSchema({ role: current.role, email: current.email }),
    [current.role, current.email],
  );
  const defaults = {
    firstName: current.firstName,
    lastName: current.lastName,
    email: current.email,
    currentPassword: '',
    role: current.role as ProfileFormValues['role'],
    programId: '',
    justification: '',
  };
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const chosenRole = watch('role');
  const newEmail = emailChanged(current, watch('email') ?? '');
  const submit = handleSubmit(async (values) => {
    const plan = planProfileSubmit(current, values);
    const outcome = await onSubmit(plan);
    if (outcome.ok) reset({ ...defaults, ...(plan.update ?? {}), currentPassword: '', role: defaults.role });
    else showFieldErrors(setError, outcome.fields);
  });

  return (
    <Card className="max-w-3xl">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <h2 className="text-xl font-bold text-slate-900">User Profile</h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="First Name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextField
            label="Email Address"
            type="email"
            autoComplete="email"
            className="sm:col-span-2"
            error={errors.email?.message}
            {...register('email')}
          />
          {newEmail && (
            <TextField
              label="Current Password"
              type="password"
              autoComplete="current-password"
              className="sm:col-span-2"
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
          )}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Role</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {ROLE_CARDS.map((card) => (
              <label
                key={card.role}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-brand-600"
              >
                <input type="radio" value={card.role} className="mt-1 h-4 w-4 shrink-0" {...register('role')} />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold text-slate-900">{card.title}</span>
                  <span className="text-sm text-slate-600">{card.description}</span>
                  {(card.role === current.role || requestedRoles.has(card.role)) && (
                    <span className="mt-1 flex flex-wrap gap-1">
                      {card.role === current.role && <Badge tone="green">Current role</Badge>}
                      {requestedRoles.has(card.role) && <Badge tone="yellow">Requested</Badge>}
                    </span>
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {chosenRole !== current.role && (
          <section
            aria-labelledby="role-change-heading"
            className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
          >
            <h3 id="role-change-heading" className="font-semibold text-slate-900">
              Role change request
            </h3>
            <p className="text-sm text-slate-800">
              You cannot change your own role. Update Profile files a request to become {roleLabel(chosenRole)}; a
              director, administrator or clinical coordinator reviews it, and your role stays {roleLabel(current.role)}{' '}
              until then.
              {fromMemberships
                ? ' Roles are held per program: choose the program where the new role applies.'
                : ' You are not in a program yet: choose the program where the new role applies.'}
            </p>
            <SelectField
              label="Program"
              placeholder="Select a program"
              options={programs.map((p) => [p.id, p.name] as const)}
              error={errors.programId?.message}
              {...register('programId')}
            />
            <TextAreaField
              label="Justification"
              placeholder="Why you need this role (at least 10 characters)"
              error={errors.justification?.message}
              {...register('justification')}
            />
          </section>
        )}
        <div>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            {isSubmitting ? 'Updating Profile...' : 'Update Profile'}
          </button>
        </div>
      </form>
    </Card>
  );
}
