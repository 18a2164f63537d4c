/**
 * Students' compliance records (issue 30): staff record an immunization, background check or other record with its
 * expiry, which the shift compliance gate checks when a student books (POST /api/student-credentials, online). The
 * chosen student's records on file are listed, so staff see what is missing or expired before recording.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { ShiftRoutes } from '#api/routes/shifts/index.ts';
import { localDay } from '#schema/dates.ts';
import { CREDENTIAL_KINDS, CREDENTIAL_LABELS, type CredentialKind } from '#schema/shift.ts';
import { credentialSchema } from '#schema/shift-schema.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { fullName } from '#web/lib/format.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors, useWriter } from '#web/lib/write.ts';

const credentialsApi = apiClient<ShiftRoutes>()['student-credentials'];

const KIND_OPTIONS = CREDENTIAL_KINDS.map((k) => [k, CREDENTIAL_LABELS[k]] as const);
type Input = z.input<typeof credentialSchema>;
type Output = z.output<typeof credentialSchema>;

export function CredentialsDialog({ onClose }: { onClose: () => void }) {
  const { online } = useWriter();
  const students = useRows('students') ?? [];
  const credentials = useRows('studentCredentials') ?? [];
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(credentialSchema),
    defaultValues: { studentId: '', expiresOn: '', notes: '' },
  });
  const studentId = watch('studentId');
  const onFile = credentials
    .filter((c) => c.studentId === studentId)
    .sort((a, b) => a.kind.localeCompare(b.kind) || (b.expiresOn ?? '').localeCompare(a.expiresOn ?? ''));
  const today = localDay(new Date());

  async function submit(values: Output) {
    const res = await online(() => credentialsApi.$post({ json: { ...values, id: crypto.randomUUID() } }), {
      success: 'Record saved',
      failure: 'Could not save the record',
    });
    if (res.ok) reset({ studentId: values.studentId, expiresOn: '', notes: '' });
    else showFieldErrors(setError, res.fields);
  }
  return (
    <Modal title="Compliance records" open onClose={onClose}>
      <form id="credential-form" className="grid gap-3 sm:grid-cols-2" onSubmit={handleSubmit(submit)} noValidate>
        <SelectField
          label="Student"
          placeholder="Choose a student"
          options={students.map((s) => [s.id, fullName(s)] as const)}
          error={errors.studentId?.message}
          {...register('studentId')}
        />
        <SelectField
          label="Record"
          placeholder="Choose what this is"
          options={KIND_OPTIONS}
          error={errors.kind?.message}
          {...register('kind')}
        />
        <TextField
          label="Expires on (blank: never)"
          type="date"
          error={errors.expiresOn?.message}
          {...register('expiresOn', { setValueAs: (v: string) => v || null })}
        />
        <TextAreaField label="Notes" error={errors.notes?.message} {...register('notes')} />
      </form>
      {studentId && (
        <section aria-label="Records on file" className="mt-3 text-sm">
          <h3 className="font-semibold text-slate-800">On file</h3>
          {onFile.length === 0 && <p className="text-slate-600">No records on file.</p>}
          <ul className="mt-1 space-y-1">
            {onFile.map((c) => (
              <li key={c.id} className="flex justify-between gap-2">
                <span>{CREDENTIAL_LABELS[c.kind as CredentialKind] ?? c.kind}</span>
                <span className={c.expiresOn !== null && c.expiresOn < today ? 'text-red-800' : 'text-slate-700'}>
                  {c.expiresOn === null
                    ? 'Does not expire'
                    : `${c.expiresOn < today ? 'Expired' : 'Expires'} ${c.expiresOn}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ModalActions>
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Close
        </button>
        <button type="submit" form="credential-form" className={buttonClass('primary')} disabled={isSubmitting}>
          Save record
        </button>
      </ModalActions>
    </Modal>
  );
}
