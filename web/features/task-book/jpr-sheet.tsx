/**
 * An evaluator signs one JPR attempt: on their own phone, or on the candidate's with the co-sign code of their own
 * phone (the EMS sign-off's signature pad and code). The form checks the shared schema's fields; the write is checked
 * again, whole, by the mutation's schema and refused by the book's rules before it is queued.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

import { localDay } from '#schema/dates.ts';
import { JPR_METHOD_LABELS, JPR_METHODS } from '#schema/fire-task-book.ts';
import { MSG, TASK_BOOK_ERR } from '#schema/messages.ts';
import { sameName } from '#schema/sign-off.ts';
import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useTaskBookWrites } from '#web/lib/writes/task-book.ts';

import { SignatureField } from '../sign-offs/index.ts';
import { type JprFormInput, jprFormSchema, type JprFormValues, sheetFailedBy, stepsOf } from './jpr-form.ts';
import { SheetSteps } from './sheet-steps.tsx';

type Signature = SignOffArgs['signature'];

/** The drawn signature, else the typed name when it is the evaluator's; null when neither signs. */
function signatureOf(drawn: Signature | null, typedName: string, evaluatorName: string): Signature | null {
  if (drawn) return drawn;
  return typedName.trim() && sameName(typedName, evaluatorName) ? { kind: 'typed', name: typedName.trim() } : null;
}

export function JprSheet({
  open,
  onClose,
  taskBookId,
  jpr,
  onCandidatePhone,
  sheet = [],
}: {
  open: boolean;
  onClose: () => void;
  taskBookId: string;
  jpr: { id: string; name: string; reference: string | null };
  /** The candidate's own phone: the evaluator gives their sign-in e-mail and the code their phone shows. */
  onCandidatePhone: boolean;
  /** The steps of the JPR's last attempt: a new attempt is marked on the same sheet. */
  sheet?: readonly string[];
}) {
  const writes = useTaskBookWrites();
  const [drawn, setDrawn] = useState<Signature | null>(null);
  const [signatureError, setSignatureError] = useState<string>();
  const onSignature = useCallback((s: Signature | null) => setDrawn(s), []);
  const form = useForm<JprFormInput, unknown, JprFormValues>({
    resolver: zodResolver(jprFormSchema),
    defaultValues: {
      evaluator: { name: '', number: '', email: '' },
      performedOn: localDay(new Date()),
      method: 'observed',
      result: 'pass',
      steps: sheet.map((step) => ({ step, result: '' })),
      inTraining: false,
      comments: '',
      cosignCode: '',
      typedName: '',
    },
  });
  const { errors } = form.formState;
  const stepFailed = sheetFailedBy(form.watch('steps'));
  // a failed step fails the sheet: the overall result follows it rather than waiting for the evaluator to notice
  useEffect(() => {
    if (stepFailed) form.setValue('result', 'fail');
  }, [stepFailed, form]);

  const submit = form.handleSubmit(async (v) => {
    if (onCandidatePhone && (!v.cosignCode || !v.evaluator.email)) {
      form.setError('cosignCode', { message: TASK_BOOK_ERR.codeRequired });
      return;
    }
    const signature = signatureOf(drawn, v.typedName, v.evaluator.name);
    if (!signature) {
      setSignatureError(v.typedName.trim() ? MSG.typedSignatureMismatch : MSG.signatureRequired);
      return;
    }
    const saved = await writes.signJpr({
      id: crypto.randomUUID(),
      taskBookId,
      skillId: jpr.id,
      performedOn: v.performedOn,
      method: v.method,
      passed: v.result === 'pass',
      steps: stepsOf(v.steps),
      inTraining: v.inTraining,
      comments: v.comments,
      evaluator: v.evaluator,
      signature,
      capturedAt: new Date().toISOString(),
      cosignCode: v.cosignCode || undefined,
    });
    if (saved) onClose();
  });

  return (
    <Modal title={`Sign JPR: ${jpr.name}`} open={open} onClose={onClose}>
      <form id="jpr-sheet" onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {jpr.reference && <p className="text-sm text-slate-600">{jpr.reference}</p>}
        <TextField
          label="Evaluator name"
          autoComplete="name"
          {...form.register('evaluator.name')}
          error={errors.evaluator?.name?.message}
        />
        <TextField
          label="Evaluator ID"
          {...form.register('evaluator.number')}
          error={errors.evaluator?.number?.message}
        />
        {onCandidatePhone && (
          <>
            <TextField
              label="Evaluator sign-in e-mail"
              type="email"
              autoComplete="off"
              {...form.register('evaluator.email')}
              error={errors.evaluator?.email?.message}
            />
            <TextField
              label="Co-sign code from the evaluator's phone"
              inputMode="numeric"
              autoComplete="one-time-code"
              {...form.register('cosignCode')}
              error={errors.cosignCode?.message}
            />
          </>
        )}
        <TextField
          label="Date performed"
          type="date"
          {...form.register('performedOn')}
          error={errors.performedOn?.message}
        />
        <SelectField
          label="Method"
          options={JPR_METHODS.map((m) => [m, JPR_METHOD_LABELS[m]] as const)}
          {...form.register('method')}
          error={errors.method?.message}
        />
        <SheetSteps control={form.control} register={form.register} errors={errors.steps} />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">Overall result</legend>
          <div className="flex gap-4">
            {(['pass', 'fail'] as const).map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  value={r}
                  className="size-5"
                  disabled={r === 'pass' && stepFailed}
                  {...form.register('result')}
                />
                {r === 'pass' ? 'Pass' : 'Fail'}
              </label>
            ))}
          </div>
          {stepFailed && <p className="text-sm text-amber-800">{TASK_BOOK_ERR.sheetFailed}: this attempt fails.</p>}
          {errors.result?.message && (
            <span role="alert" className="text-sm text-red-700">
              {errors.result.message}
            </span>
          )}
        </fieldset>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input type="checkbox" className="size-5" {...form.register('inTraining')} />
          Performed during academy training
        </label>
        <TextAreaField label="Comments" {...form.register('comments')} error={errors.comments?.message} />
        <SignatureField label="Evaluator's signature" onChange={onSignature} error={signatureError} />
        <TextField
          label="Or type the evaluator's full name to sign"
          autoComplete="off"
          {...form.register('typedName')}
        />
      </form>
      <ModalActions>
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" form="jpr-sheet" className={buttonClass()}>
          Sign JPR
        </button>
      </ModalActions>
    </Modal>
  );
}
