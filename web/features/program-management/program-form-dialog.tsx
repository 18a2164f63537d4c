import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { PROGRAM_TYPES } from '#schema/enums.ts';
import { programManagementFormSchema } from '#schema/program.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { toNumber } from '#web/lib/form-values.ts';
import { fullName } from '#web/lib/format.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors, type WriteResult } from '#web/lib/write.ts';

import { programTypeLabel } from './program-rules.ts';

type FormInput = z.input<typeof programManagementFormSchema>;
export type ProgramFormValues = z.output<typeof programManagementFormSchema>;
type Program = DomainRows['programs'];
type User = DomainRows['users'];

/** The Director select's value for "none"; the shared schema turns it into no director. */
const NO_DIRECTOR = 'none';
const TYPE_OPTIONS = PROGRAM_TYPES.map((t) => [t, programTypeLabel(t)] as const);

function initialValues(program?: Program): DefaultValues<FormInput> {
  return {
    name: program?.name ?? '',
    type: (program?.type ?? '') as FormInput['type'],
    description: program?.description ?? '',
    duration: program?.durationWeeks ?? undefined,
    requiredHours: program?.requiredHours ?? undefined,
    directorId: program?.directorId ?? NO_DIRECTOR,
  };
}

/** The server validates the stored shape, where the form's duration is called durationWeeks. */
const formField = (field: string): keyof FormInput =>
  (field === 'durationWeeks' ? 'duration' : field) as keyof FormInput;

/** Create New Program, or Edit Program when `program` is given. `onSave` makes the call; server field messages land on the fields. */
export function ProgramFormDialog({
  program,
  directors,
  open,
  onClose,
  onSave,
}: {
  program?: Program;
  /** Users whose role is director or administration. */
  directors: readonly User[];
  open: boolean;
  onClose: () => void;
  onSave: (values: ProgramFormValues) => Promise<WriteResult<unknown>>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, ProgramFormValues>({
    resolver: zodResolver(programManagementFormSchema),
    defaultValues: initialValues(program),
  });
  const close = () => {
    reset(initialValues(program));
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    const result = await onSave(values);
    if (result.ok) {
      reset(initialValues(program));
      onClose();
      return;
    }
    showFieldErrors(setError, result.fields, formField);
  });
  // a director who has since changed role stays selectable on the program that names them
  const current =
    program?.directorId && !directors.some((d) => d.id === program.directorId)
      ? [[program.directorId, 'Current director'] as const]
      : [];
  const directorOptions = [
    [NO_DIRECTOR, 'No Director'] as const,
    ...directors.map((d) => [d.id, fullName(d)] as const),
    ...current,
  ];

  return (
    <Modal title={program ? 'Edit Program' : 'Create New Program'} open={open} onClose={close}>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <TextField label="Program Name" className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
        {/* react-hook-form does not always hand a select in the dialog its starting value, so the selects carry it themselves */}
        <SelectField
          label="Program Type"
          placeholder="Select a type"
          options={TYPE_OPTIONS}
          className="sm:col-span-2"
          defaultValue={program?.type ?? ''}
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
          label="Duration (weeks)"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.duration?.message}
          {...register('duration', { setValueAs: toNumber })}
        />
        <TextField
          label="Required Hours"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.requiredHours?.message}
          {...register('requiredHours', { setValueAs: toNumber })}
        />
        <SelectField
          label="Director"
          options={directorOptions}
          className="sm:col-span-2"
          defaultValue={program?.directorId ?? NO_DIRECTOR}
          error={errors.directorId?.message}
          {...register('directorId')}
        />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            {program ? 'Save Changes' : 'Create Program'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
