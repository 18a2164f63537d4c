/**
 * The final evaluator's verification and the certifying official's signature on the whole book: their full name,
 * typed as their signature under the statement they sign (the typed signature of the EMS sign-off).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { signTaskBookSchema } from '#schema/fire-task-book-schema.ts';
import { TextField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useTaskBookWrites } from '#web/lib/writes/task-book.ts';

const formSchema = signTaskBookSchema.pick({ name: true });
type FormValues = { name: string };

const STATEMENTS = {
  verify: 'As final evaluator, I verify that every required JPR in this book is documented and signed as passed.',
  certify: "As the agency's certifying official, I certify this candidate's task book.",
} as const;

export function BookSignDialog({
  taskBookId,
  step,
  onClose,
}: {
  taskBookId: string;
  step: 'verify' | 'certify';
  onClose: () => void;
}) {
  const writes = useTaskBookWrites();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { name: '' } });
  const submit = form.handleSubmit(async ({ name }) => {
    const args = {
      taskBookId,
      name,
      signature: { kind: 'typed' as const, name },
      capturedAt: new Date().toISOString(),
    };
    const saved = step === 'verify' ? await writes.verify(args) : await writes.certify(args);
    if (saved) onClose();
  });
  return (
    <Modal title={step === 'verify' ? 'Verify the task book' : 'Certify the task book'} open onClose={onClose}>
      <form id="book-sign" onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <p className="text-sm text-slate-800">{STATEMENTS[step]}</p>
        <TextField
          label="Type your full name to sign"
          autoComplete="name"
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
      </form>
      <ModalActions>
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" form="book-sign" className={buttonClass()}>
          {step === 'verify' ? 'Verify' : 'Certify'}
        </button>
      </ModalActions>
    </Modal>
  );
}
