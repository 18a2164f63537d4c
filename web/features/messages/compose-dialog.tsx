import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { MESSAGE_CATEGORIES, MESSAGE_CATEGORY_LABELS, MESSAGE_PRIORITY_LABELS } from '#schema/enums.ts';
import { messageSchema } from '#schema/message.ts';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { type Person, personName, personRole, PRIORITY_ORDER } from './message-rules.ts';

type FormInput = z.input<typeof messageSchema>;
export type ComposeValues = z.output<typeof messageSchema>;

/** What a reply starts with: the person to answer and the subject. */
export interface ComposeDraft {
  recipientId: string;
  subject: string;
}

const PRIORITY_OPTIONS = PRIORITY_ORDER.map((p) => [p, MESSAGE_PRIORITY_LABELS[p]] as const);
const CATEGORY_OPTIONS = MESSAGE_CATEGORIES.map((c) => [c, MESSAGE_CATEGORY_LABELS[c]] as const);

/**
 * Compose New Message. `recipients` are the people on this device the user may write to; `onSend` queues the message
 * (it works offline) and answers whether it was accepted, which closes the dialog.
 */
export function ComposeDialog({
  recipients,
  draft,
  onSend,
  onClose,
}: {
  recipients: readonly Person[];
  draft?: ComposeDraft;
  onSend: (values: ComposeValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, ComposeValues>({
    resolver: zodResolver(messageSchema),
    defaultValues: {
      recipientId: draft?.recipientId ?? '',
      subject: draft?.subject ?? '',
      content: '',
      priority: 'normal',
      category: 'general',
    },
  });
  const submit = handleSubmit(async (values) => {
    if (await onSend(values)) onClose();
  });
  const options = recipients.map((p) => [p.id, `${personName(p)} (${personRole(p)})`] as const);
  return (
    <Modal title="Compose New Message" open onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <SelectField
          label="Recipient"
          placeholder="Select a recipient"
          options={options}
          defaultValue={draft?.recipientId ?? ''}
          error={errors.recipientId?.message}
          {...register('recipientId')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Priority" options={PRIORITY_OPTIONS} {...register('priority')} />
          <SelectField label="Category" options={CATEGORY_OPTIONS} {...register('category')} />
        </div>
        <TextField label="Subject" maxLength={200} error={errors.subject?.message} {...register('subject')} />
        <TextAreaField label="Message" rows={6} error={errors.content?.message} {...register('content')} />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass()} disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Message'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
