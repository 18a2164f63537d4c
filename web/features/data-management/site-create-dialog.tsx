import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

import { managementSiteSchema } from '#schema/clinical-site.ts';
import { MANAGEMENT_SITE_TYPES, SITE_TYPE_SPECIALTIES } from '#schema/enums.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { toNumber } from '#web/lib/form-values.ts';
import { CheckboxGroup, SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import type { WriteResult } from '#web/lib/write.ts';

type FormInput = z.input<typeof managementSiteSchema>;
export type ManagementSiteValues = z.output<typeof managementSiteSchema>;
type SiteType = (typeof MANAGEMENT_SITE_TYPES)[number];

const TYPE_OPTIONS = MANAGEMENT_SITE_TYPES.map((t) => [t, t.replace(/_/g, ' ')] as const);
const EMPTY: DefaultValues<FormInput> = {
  name: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  contactPerson: '',
  contactEmail: '',
  contactPhone: '',
  capacity: 1,
  specialties: [],
  requirements: '',
  notes: '',
};
const specialtiesFor = (type: string | undefined): readonly string[] => SITE_TYPE_SPECIALTIES[type as SiteType] ?? [];

/**
 * Add Clinical Site as Data Management has it (spec section 5): the specialty choices follow the site type and at
 * least one is needed. The server maps contact e-mail, phone and capacity onto the stored site.
 */
export function SiteCreateDialog({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (values: ManagementSiteValues) => Promise<WriteResult<unknown>>;
}) {
  const {
    form: {
      register,
      control,
      watch,
      setValue,
      formState: { errors, isSubmitting },
    },
    close,
    submit,
  } = useDialogForm<FormInput, ManagementSiteValues>({
    resolver: zodResolver(managementSiteSchema),
    defaultValues: EMPTY,
    onClose,
    save: onSave,
  });
  const specialtyOptions = specialtiesFor(watch('type')).map((s) => [s, s] as const);

  return (
    <Modal title="Add Clinical Site" open={open} onClose={close} wide>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <TextField label="Site Name" error={errors.name?.message} {...register('name')} />
        {/* another type offers other specialties, so the ones ticked for the previous type are cleared */}
        <SelectField
          label="Site Type"
          placeholder="Select a type"
          options={TYPE_OPTIONS}
          error={errors.type?.message}
          {...register('type', { onChange: () => setValue('specialties', []) })}
        />
        <TextField label="Address" className="sm:col-span-2" error={errors.address?.message} {...register('address')} />
        <TextField label="City" error={errors.city?.message} {...register('city')} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="State" error={errors.state?.message} {...register('state')} />
          <TextField label="ZIP Code" error={errors.zipCode?.message} {...register('zipCode')} />
        </div>
        <TextField label="Contact Person" error={errors.contactPerson?.message} {...register('contactPerson')} />
        <TextField
          label="Contact Email"
          type="email"
          error={errors.contactEmail?.message}
          {...register('contactEmail')}
        />
        <TextField
          label="Contact Phone"
          type="tel"
          error={errors.contactPhone?.message}
          {...register('contactPhone')}
        />
        <TextField
          label="Capacity"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.capacity?.message}
          {...register('capacity', { setValueAs: toNumber })}
        />
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="specialties"
            render={({ field }) =>
              specialtyOptions.length > 0 ? (
                <CheckboxGroup
                  legend="Specialties"
                  options={specialtyOptions}
                  value={field.value ?? []}
                  onChange={(v) => field.onChange(v)}
                  error={errors.specialties?.message}
                />
              ) : (
                <p className="text-sm text-slate-600">
                  Choose a site type to pick its specialties.
                  {errors.specialties?.message && (
                    <span role="alert" className="block text-red-700">
                      {errors.specialties.message}
                    </span>
                  )}
                </p>
              )
            }
          />
        </div>
        <TextAreaField
          label="Requirements (optional)"
          error={errors.requirements?.message}
          {...register('requirements')}
        />
        <TextAreaField label="Notes (optional)" error={errors.notes?.message} {...register('notes')} />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            Add Clinical Site
          </button>
        </div>
      </form>
    </Modal>
  );
}
