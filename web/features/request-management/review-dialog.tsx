import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { denySchema, reviewSchema } from '#schema/request.ts';
import { TextAreaField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import type { RequestView } from '../requests/index.ts';
import type { Decision } from './outcomes.ts';

type FormInput = z.input<typeof reviewSchema>;
type ReviewValues = z.output<typeof reviewSchema>;

const TEXT: Record<Decision, { title: string; description: string; submit: string; busy: string }> = {
  approve: {
    title: 'Approve Request',
    description: 'Provide any additional notes for this approval.',
    submit: 'Approve',
    busy: 'Approving...',
  },
  deny: {
    title: 'Deny Request',
    description: 'Please provide a reason for denying this request.',
    submit: 'Deny',
    busy: 'Denying...',
  },
};

/** What is being decided, so the reviewer reads the justification before answering. */
function RequestSummary({ request: r }: { request: RequestView }) {
  const who = r.kind === 'preceptor' ? `${r.studentName} (${r.studentCode})` : r.userName;
  const what =
    r.kind === 'program-join'
      ? `Join ${r.programName} as ${r.requestedRole}`
      : r.kind === 'role-change'
        ? `${r.currentRole} → ${r.requestedRole} in ${r.programName}`
        : `${r.emsLevel} preceptor at ${r.siteName}${r.requestedDates ? `, ${r.requestedDates}` : ''}`;
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
      <p className="font-medium">{who}</p>
      <p>{what}</p>
      {r.justification && <p className="mt-1 whitespace-pre-line text-slate-700">{r.justification}</p>}
    </div>
  );
}

/** Approve Request with optional Review Notes / Deny Request with a reason. `onSubmit` answers whether the server took it. */
export function ReviewDialog({
  request,
  decision,
  onSubmit,
  onClose,
}: {
  request: RequestView;
  decision: Decision;
  onSubmit: (reviewNotes: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  const text = TEXT[decision];
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, ReviewValues>({
    // a denial needs a reason (the requester reads it); approval notes are optional
    resolver: zodResolver(decision === 'deny' ? denySchema : reviewSchema),
    defaultValues: { reviewNotes: '' },
  });
  const submit = handleSubmit(async ({ reviewNotes }) => {
    if (await onSubmit(reviewNotes)) onClose();
  });
  return (
    <Modal title={text.title} open onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">{text.description}</p>
        <RequestSummary request={request} />
        <TextAreaField
          label={decision === 'deny' ? 'Reason for denial' : 'Review Notes'}
          error={errors.reviewNotes?.message}
          {...register('reviewNotes')}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={buttonClass(decision === 'approve' ? 'primary' : 'danger')}
            disabled={isSubmitting}
          >
            {isSubmitting ? text.busy : text.submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
