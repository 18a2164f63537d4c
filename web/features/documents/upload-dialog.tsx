import { zodResolver } from '@hookform/resolvers/zod';
import { Controller } from 'react-hook-form';

import { DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES, DOCUMENT_PROGRAM_TYPES, DOCUMENT_TYPES } from '#schema/enums.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { formatFileSize } from '#web/lib/format.ts';
import { CheckboxField, SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';
import type { WriteResult } from '#web/lib/write.ts';

import { DOCUMENT_PROGRAM_LABELS } from './document-rules.ts';
import { type UploadFormInput, uploadFormSchema, type UploadFormValues } from './upload-schema.ts';

const TYPE_OPTIONS = DOCUMENT_TYPES.map((t) => [t, t] as const);
const PROGRAM_OPTIONS = DOCUMENT_PROGRAM_TYPES.map((p) => [p, DOCUMENT_PROGRAM_LABELS[p]] as const);
const ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
const EMPTY: UploadFormInput = {
  name: '',
  description: '',
  type: '' as UploadFormInput['type'],
  programType: '' as UploadFormInput['programType'],
  isPublic: false,
  file: undefined as unknown as File,
};

/** Upload Document. `onUpload` sends the multipart form; the server's field messages land on the fields. */
export function UploadDialog({
  open,
  onClose,
  onUpload,
}: {
  open: boolean;
  onClose: () => void;
  onUpload: (values: UploadFormValues) => Promise<WriteResult<unknown>>;
}) {
  const {
    form: {
      register,
      control,
      getValues,
      setValue,
      formState: { errors, isSubmitting },
    },
    close,
    submit,
  } = useDialogForm<UploadFormInput, UploadFormValues>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: EMPTY,
    onClose,
    save: onUpload,
  });
  return (
    <Modal title="Upload Document" open={open} onClose={close}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Controller
          control={control}
          name="file"
          render={({ field }) => (
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              File
              <input
                type="file"
                accept={ACCEPT}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                aria-invalid={!!errors.file}
                className={`${inputClass} py-2 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  field.onChange(file);
                  // a blank name takes the file's, which is usually what people type anyway
                  if (file && !getValues('name')?.trim()) setValue('name', file.name.replace(/\.[^.]+$/, ''));
                }}
              />
              <span className="font-normal text-slate-600">
                {DOCUMENT_EXTENSIONS.join(', ')} · up to {formatFileSize(DOCUMENT_MAX_BYTES)}
              </span>
              {errors.file && (
                <span role="alert" className="font-normal text-red-700">
                  {errors.file.message}
                </span>
              )}
            </label>
          )}
        />
        <TextField label="Document Name" error={errors.name?.message} {...register('name')} />
        <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Document Type"
            placeholder="Select a type"
            options={TYPE_OPTIONS}
            error={errors.type?.message}
            {...register('type')}
          />
          <SelectField
            label="Program Type"
            placeholder="Select a program"
            options={PROGRAM_OPTIONS}
            error={errors.programType?.message}
            {...register('programType')}
          />
        </div>
        <CheckboxField label="Public (visible to everyone)" {...register('isPublic')} />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            {isSubmitting ? 'Uploading...' : 'Upload'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
