import { zodResolver } from '@hookform/resolvers/zod';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

import { dataManagementProgramFormSchema } from '#schema/program.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import type { WriteResult } from '#web/lib/write.ts';

type FormInput = z.input<typeof dataManagementProgramFormSchema>;
export type TrainingProgramValues = z.output<typeof dataManagementProgramFormSchema>;

const TYPE_OPTIONS = [
  ['EMS', 'EMS'],
  ['Fire', 'Fire'],
  ['Police', 'Police'],
] as const;
const EMPTY: DefaultValues<FormInput> = {
  name: '',
  description: '',
  duration: '',
  prerequisites: '',
  certifications: '',
};
/** The spec: a number box that holds no number counts as 0 (which the minimum of 1 then refuses). */
const numberOrZero = (v: unknown) => {
  const n = Number.parseInt(String(v), 10);
  return Number.isNaN(n) ? 0 : n;
};

/**
 * Create Training Program (Data Management's program form: duration as text, credits, capacity). The server takes this
 * shape on POST /api/programs as it is and stores duration as the program's duration text.
 */
export function TrainingProgramDialog({
  open,
  onClose,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (values: TrainingProgramValues) => Promise<WriteResult<unknown>>;
}) {
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    close,
    submit,
  } = useDialogForm<FormInput, TrainingProgramValues>({
    resolver: zodResolver(dataManagementProgramFormSchema),
    defaultValues: EMPTY,
    onClose,
    save: onSave,
  });

  return (
    <Modal title="Create Training Program" open={open} onClose={close} wide>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <TextField label="Program Name" error={errors.name?.message} {...register('name')} />
        <SelectField
          label="Program Type"
          placeholder="Select a type"
          options={TYPE_OPTIONS}
          error={errors.type?.message}
          {...register('type')}
        />
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="Duration"
          placeholder="e.g. 12 months"
          error={errors.duration?.message}
          {...register('duration')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Credits"
            type="number"
            inputMode="numeric"
            min={1}
            error={errors.credits?.message}
            {...register('credits', { setValueAs: numberOrZero })}
          />
          <TextField
            label="Capacity"
            type="number"
            inputMode="numeric"
            min={1}
            error={errors.capacity?.message}
            {...register('capacity', { setValueAs: numberOrZero })}
          />
        </div>
        <TextAreaField
          label="Prerequisites (optional)"
          error={errors.prerequisites?.message}
          {...register('prerequisites')}
        />
        <TextAreaField
          label="Certifications (optional)"
          placeholder="Comma-separated, e.g. NREMT, ACLS"
          error={errors.certifications?.message}
          {...register('certifications')}
        />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            Create Program
          </button>
        </div>
      </form>
    </Modal>
  );
}
