import { zodResolver } from '@hookform/resolvers/zod';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';

import { clinicalSiteSchema } from '#schema/clinical-site.ts';
import { PROGRAM_TYPES, SITE_SPECIALTIES_BY_PROGRAM, SITE_TYPES } from '#schema/enums.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { toNumber } from '#web/lib/form-values.ts';
import { CheckboxField, CheckboxGroup, SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import type { WriteResult } from '#web/lib/write.ts';

import { programLabel, siteTypeLabel } from './site-rules.ts';

type FormInput = z.input<typeof clinicalSiteSchema>;
export type SiteFormValues = z.output<typeof clinicalSiteSchema>;
type Site = DomainRows['clinicalSites'];

const PROGRAM_OPTIONS = PROGRAM_TYPES.map((p) => [p, programLabel(p)] as const);

function initialValues(site?: Site): FormInput {
  return {
    name: site?.name ?? '',
    type: (site?.type ?? '') as FormInput['type'],
    address: site?.address ?? '',
    city: site?.city ?? '',
    state: site?.state ?? '',
    zipCode: site?.zipCode ?? '',
    phone: site?.phone ?? '',
    email: site?.email ?? '',
    contactPerson: site?.contactPerson ?? '',
    contactTitle: site?.contactTitle ?? '',
    maxStudents: site?.maxStudents ?? 1,
    programTypes: (site?.programTypes ?? []) as FormInput['programTypes'],
    specialties: site?.specialties ?? [],
    notes: site?.notes ?? '',
    requiresBackground: site?.requiresBackground ?? true,
    requiresInsurance: site?.requiresInsurance ?? true,
    requiresOrientation: site?.requiresOrientation ?? true,
  };
}

/** The specialties of the chosen programs, plus any the site already lists under another name. */
function specialtyOptions(programTypes: readonly string[], chosen: readonly string[]) {
  const names = new Set(
    programTypes.flatMap((p) => SITE_SPECIALTIES_BY_PROGRAM[p as keyof typeof SITE_SPECIALTIES_BY_PROGRAM] ?? []),
  );
  for (const s of chosen) names.add(s);
  return [...names].map((s) => [s, s] as const);
}

/** Add Clinical Site, or edit one (`site` given). `onSave` makes the call; the server's field messages land on the fields. */
export function SiteFormDialog({
  site,
  open,
  onClose,
  onSave,
}: {
  site?: Site;
  open: boolean;
  onClose: () => void;
  onSave: (values: SiteFormValues) => Promise<WriteResult<unknown>>;
}) {
  const {
    form: {
      register,
      control,
      watch,
      formState: { errors, isSubmitting },
    },
    close,
    submit,
  } = useDialogForm<FormInput, SiteFormValues>({
    resolver: zodResolver(clinicalSiteSchema),
    defaultValues: initialValues(site),
    onClose,
    save: onSave,
  });
  // a site made by another form may carry a type the part-1 list lacks; it stays selectable
  const types = [
    ...SITE_TYPES.map((t) => [t, t] as const),
    ...(site && !(SITE_TYPES as readonly string[]).includes(site.type)
      ? [[site.type, siteTypeLabel(site.type)] as const]
      : []),
  ];
  const programTypes = watch('programTypes') ?? [];

  return (
    <Modal title={site ? 'Edit Clinical Site' : 'Add Clinical Site'} open={open} onClose={close} wide>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <TextField label="Site Name" error={errors.name?.message} {...register('name')} />
        <SelectField
          label="Site Type"
          placeholder="Select a type"
          options={types}
          defaultValue={site?.type ?? ''}
          error={errors.type?.message}
          {...register('type')}
        />
        <TextField label="Address" className="sm:col-span-2" error={errors.address?.message} {...register('address')} />
        <TextField label="City" error={errors.city?.message} {...register('city')} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="State" error={errors.state?.message} {...register('state')} />
          <TextField label="ZIP Code" error={errors.zipCode?.message} {...register('zipCode')} />
        </div>
        <TextField label="Phone" type="tel" error={errors.phone?.message} {...register('phone')} />
        <TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Contact Person" error={errors.contactPerson?.message} {...register('contactPerson')} />
        <TextField label="Contact Title" error={errors.contactTitle?.message} {...register('contactTitle')} />
        <TextField
          label="Maximum Students"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.maxStudents?.message}
          {...register('maxStudents', { setValueAs: toNumber })}
        />
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="programTypes"
            render={({ field }) => (
              <CheckboxGroup
                legend="Program Types"
                options={PROGRAM_OPTIONS}
                value={field.value ?? []}
                onChange={(v) => field.onChange(v)}
                error={errors.programTypes?.message}
              />
            )}
          />
        </div>
        {specialtyOptions(programTypes, watch('specialties') ?? []).length > 0 && (
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="specialties"
              render={({ field }) => (
                <CheckboxGroup
                  legend="Specialties"
                  options={specialtyOptions(programTypes, field.value ?? [])}
                  value={field.value ?? []}
                  onChange={(v) => field.onChange(v)}
                  error={errors.specialties?.message}
                />
              )}
            />
          </div>
        )}
        <TextAreaField label="Notes" className="sm:col-span-2" error={errors.notes?.message} {...register('notes')} />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">Requirements</legend>
          <div className="flex flex-wrap gap-x-6">
            <CheckboxField label="Background check required" {...register('requiresBackground')} />
            <CheckboxField label="Insurance required" {...register('requiresInsurance')} />
            <CheckboxField label="Orientation required" {...register('requiresOrientation')} />
          </div>
        </fieldset>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            {site ? 'Save Changes' : 'Add Clinical Site'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
