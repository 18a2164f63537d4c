import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

import type { ClinicalSiteRoutes } from '#api/routes/clinical-sites/index.ts';
import { simpleSiteSchema } from '#schema/clinical-site.ts';
import { SIMPLE_SITE_TYPES } from '#schema/enums.ts';
import { apiClient } from '#web/lib/api.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { toNumber } from '#web/lib/form-values.ts';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { siteTypeLabel } from '../clinical-sites/index.ts';

const sitesApi = apiClient<ClinicalSiteRoutes>()['clinical-sites'];

type FormInput = z.input<typeof simpleSiteSchema>;
type SiteValues = z.output<typeof simpleSiteSchema>;

const EMPTY: FormInput = {
  name: '',
  type: 'hospital',
  address: '',
  contactPerson: '',
  capacity: 1,
  contactEmail: '',
  contactPhone: '',
};
const TYPES = SIMPLE_SITE_TYPES.map((t) => [t, siteTypeLabel(t)] as const);

/** Clinical Management's simpler Add Clinical Site modal (name, type, address, contact, capacity). */
export function AddSiteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { online } = useWriter();
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    close,
    submit,
  } = useDialogForm<FormInput, SiteValues>({
    resolver: zodResolver(simpleSiteSchema),
    defaultValues: EMPTY,
    onClose,
    save: (values) =>
      online(() => sitesApi.$post({ json: values }), {
        success: 'Clinical site added successfully',
        failure: 'Failed to add clinical site',
      }),
  });
  return (
    <Modal title="Add Clinical Site" open={open} onClose={close}>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <TextField label="Site Name" className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
        <SelectField label="Site Type" options={TYPES} error={errors.type?.message} {...register('type')} />
        <TextField
          label="Capacity"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.capacity?.message}
          {...register('capacity', { setValueAs: toNumber })}
        />
        <TextField label="Address" className="sm:col-span-2" error={errors.address?.message} {...register('address')} />
        <TextField
          label="Contact Person"
          className="sm:col-span-2"
          error={errors.contactPerson?.message}
          {...register('contactPerson')}
        />
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
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={isSubmitting}>
            {isSubmitting ? 'Adding...' : 'Add Site'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
