/**
 * An evaluator signs one JPR attempt: on their own phone, or on the candidate's with the co-sign code of their own
 * phone (the EMS sign-off's signature pad and code). The form checks the shared schema's fields; the write is checked
 * again, whole, by the mutation's schema and refused by the book's rules before it is queued.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { happenedOn, optionalText } from '#schema/common.ts';
import { localDay } from '#schema/dates.ts';
import { JPR_METHOD_LABELS, JPR_METHODS } from '#schema/fire-task-book.ts';
import { evaluatorSchema } from '#schema/fire-task-book-schema.ts';
import { MSG, TASK_BOOK_ERR } from '#schema/messages.ts';
import { sameName } from '#schema/sign-off.ts';
import { cosignCodeSchema, type SignOffArgs } from '#schema/sign-off-schema.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useTaskBookWrites } from '#web/lib/writes/task-book.ts';

import { SignatureField } from '../sign-offs/index.ts';

type Signature = SignOffArgs['signature'];

const formSchema = z.object({
  evaluator: evaluatorSchema,
  performedOn: happenedOn(),
  method: z.enum(JPR_METHODS, { error: 'Choose how the JPR was evaluated' }),
  result: z.enum(['pass', 'fail'], { error: 'Choose pass or fail' }),
  inTraining: z.boolean(),
  comments: optionalText(2000),
  cosignCode: z.union([z.literal(''), cosignCodeSchema]),
  typedName: z.string(),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

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
}: {
  open: boolean;
  onClose: () => void;
  taskBookId: string;
  jpr: { id: string; name: string; reference: string | null };
  /** The candidate's own phone: the evaluator gives their sign-in e-mail and the code their phone shows. */
  onCandidatePhone: boolean;
}) {
  const writes = useTaskBookWrites();
  const [drawn, setDrawn] = useState<Signature | null>(null);
  const [signatureError, setSignatureError] = useState<string>();
  const onSignature = useCallback((s: Signature | null) => setDrawn(s), []);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      evaluator: { name: '', number: '', email: '' },
      performedOn: localDay(new Date()),
      method: 'observed',
      result: 'pass',
      inTraining: false,
      comments: '',
      cosignCode: '',
      typedName: '',
    },
  });
  const { errors } = form.formState;

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
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">Result (every step of the skill sheet passed?)</legend>
          <div className="flex gap-4">
            {(['pass', 'fail'] as const).map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={r} className="size-5" {...form.register('result')} />
                {r === 'pass' ? 'Pass' : 'Fail'}
              </label>
            ))}
          </div>
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
