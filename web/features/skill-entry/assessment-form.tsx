/**
 * The judgement fields of a student's skill. Status and progress follow the attempts unless a status or percentage is
 * chosen here (an override; "Use derived status" or an empty % clears it). Only the fields the user changed are sent,
 * stamped when saved, so another user's later change to another field is never overwritten.
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { fieldErrors } from '#schema/common.ts';
import { SKILL_STATUS_LABELS, type SkillStatus } from '#schema/enums.ts';
import { skillAssessmentSchema } from '#schema/skill-attempt.ts';
import { DraftNote, LeaveGuard, useFormDraft } from '#web/lib/drafts.tsx';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors } from '#web/lib/write.ts';
import { useEditAssessment } from '#web/lib/writes/skill-attempts.ts';

import type { Progress } from './progress-row.ts';

interface FormValues {
  statusOverride: string;
  progressOverride: string;
  notes: string;
  nextAssessmentDate: string;
}

const formValuesOf = (current: Progress | undefined): FormValues => ({
  statusOverride: current?.statusOverride ?? '',
  progressOverride: current?.progressOverride == null ? '' : String(current.progressOverride),
  notes: current?.notes ?? '',
  nextAssessmentDate: current?.nextAssessmentDate ?? '',
});

/** The fields whose value differs from what the form opened with, in the mutation's shape. */
function changedFields(before: FormValues, after: FormValues): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof FormValues)[]) {
    if (after[key] === before[key]) continue;
    const value = after[key].trim();
    if (key === 'progressOverride') changes[key] = value === '' ? null : Number(value);
    else changes[key] = value === '' ? null : value;
  }
  return changes;
}

export function AssessmentForm({
  pair,
  current,
  formStatuses,
  onDone,
  onCancel,
}: {
  pair: { studentId: string; skillId: string };
  current?: Progress;
  formStatuses: readonly SkillStatus[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const edit = useEditAssessment();
  const initial = formValuesOf(current);
  const form = useForm<FormValues>({ defaultValues: initial });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const draft = useFormDraft(form, `assessment:${pair.studentId}:${pair.skillId}`);
  const save = handleSubmit(async (values) => {
    const changes = changedFields(initial, values);
    if (Object.keys(changes).length === 0) {
      await draft.clear();
      return onDone();
    }
    const parsed = skillAssessmentSchema.shape.changes.safeParse(changes);
    if (!parsed.success) return showFieldErrors(setError, fieldErrors(parsed.error));
    if (!(await edit({ ...pair, changes: parsed.data }))) return;
    await draft.clear();
    onDone();
  });
  // Cancel means "not this": the draft goes; × and Back keep it for when the form opens again
  const cancel = async () => {
    await draft.clear();
    onCancel();
  };
  // a record set elsewhere to a status the form does not offer (failed, remediation) keeps it unless changed
  const statuses =
    current?.statusOverride && !(formStatuses as readonly string[]).includes(current.statusOverride)
      ? [...formStatuses, current.statusOverride as SkillStatus]
      : formStatuses;
  const shownStatus = current?.status ? SKILL_STATUS_LABELS[current.status as SkillStatus] : undefined;
  return (
    <form id={formId} onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-2">
      <LeaveGuard dirty={draft.dirty} />
      <div className="sm:col-span-2">
        <DraftNote restored={draft.restored} onDiscard={() => void draft.discard()} />
      </div>
      <SelectField
        label="Status"
        placeholder={`Use derived status${!current?.statusOverride && shownStatus ? ` (${shownStatus})` : ''}`}
        error={errors.statusOverride?.message}
        options={statuses.map((st) => [st, SKILL_STATUS_LABELS[st]] as const)}
        {...register('statusOverride')}
        // controlled, so it opens on the saved override (uncontrolled, it opened on 'Use derived status' in the dialog,
        // and saving any other field would have cleared the override)
        value={watch('statusOverride')}
      />
      <TextField
        label="Progress %"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        placeholder={`Derived${current?.progressOverride == null && current?.progressPercentage != null ? ` (${current.progressPercentage}%)` : ''}`}
        error={errors.progressOverride?.message}
        {...register('progressOverride')}
      />
      <TextField
        label="Next Assessment Date"
        type="date"
        error={errors.nextAssessmentDate?.message}
        {...register('nextAssessmentDate')}
      />
      <TextAreaField label="Notes" className="sm:col-span-2" error={errors.notes?.message} {...register('notes')} />
      <ModalActions>
        <button type="button" className={buttonClass('secondary')} onClick={() => void cancel()}>
          Cancel
        </button>
        <button type="submit" form={formId} disabled={isSubmitting} className={buttonClass('primary')}>
          Save Progress
        </button>
      </ModalActions>
    </form>
  );
}
