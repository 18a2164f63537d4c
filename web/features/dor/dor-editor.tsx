import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';

import { COMMENT_REQUIRED, type DorCategory, type DorPhase, needsComment } from '#schema/dor.ts';
import { dorRatingSchema } from '#schema/dor-schema.ts';
import type { Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { Badge, Card } from '#web/lib/ui/display.tsx';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useSaveDor } from '#web/lib/writes/dors.ts';

import {
  changesOf,
  DOR_FIELD_LABELS,
  DOR_SIGNED_LABELS,
  DOR_STATUS_LABELS,
  type DorFormValues,
  type DorRow,
  editableFields,
  fieldLabel,
  formValuesOf,
  nextStep,
  RATING_OPTIONS,
  ratingValue,
  supersededText,
} from './dor-rules.ts';
import { SignStep } from './sign-step.tsx';

interface Props {
  dor: DorRow;
  categories: readonly DorCategory[];
  traineeName: string;
  traineeUserId: string | null;
  user: { id: string; role: Role; firstName: string; lastName: string };
  nameOf: (userId: string) => string;
  pending: boolean;
}

/** The comment rule per category, by the shared schema: the message the server would answer, before anything is queued. */
function ratingErrors(values: DorFormValues, editable: (field: string) => boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [code, r] of Object.entries(values.ratings)) {
    if (!r.rating || !editable(`rating:${code}`)) continue;
    const parsed = dorRatingSchema.safeParse({ rating: ratingValue(r.rating), comment: r.comment });
    if (!parsed.success) errors[code] = parsed.error.issues[0].message;
  }
  return errors;
}

/** One report: the FTO's ratings and texts, the trainee's activity log, what a later save stood over, and the next step to sign. */
export function DorEditor({ dor, categories, traineeName, traineeUserId, user, nameOf, pending }: Props) {
  const isTrainee = user.id === traineeUserId;
  const mayEdit = isTrainee || can(user.role, 'dor.write');
  const editable = useMemo(() => {
    const rule = editableFields(dor, isTrainee);
    return (field: string) => mayEdit && rule(field);
  }, [dor, isTrainee, mayEdit]);
  const stored = useMemo(() => formValuesOf(dor, categories), [dor, categories]);
  const { register, handleSubmit, reset, watch, setError, formState } = useForm<DorFormValues>({
    defaultValues: stored,
  });
  // a pull or another save changed the report: show it as it now stands, but never wipe what the user is typing
  useEffect(() => reset(stored, { keepDirtyValues: true }), [stored, reset]);
  const save = useSaveDor();
  const values = watch();
  const unsaved = Object.keys(changesOf(stored, values, editable)).length > 0;

  const onSubmit = handleSubmit(async (after) => {
    const errors = ratingErrors(after, editable);
    // the first comment owed gets the focus: on a phone the refused rating is screens above the Save button
    Object.entries(errors).forEach(([code, message], i) =>
      setError(`ratings.${code}.comment`, { message }, { shouldFocus: i === 0 }),
    );
    if (Object.keys(errors).length > 0) return;
    const changes = changesOf(stored, after, editable);
    if (Object.keys(changes).length === 0) return;
    await save({ id: dor.id, studentId: dor.studentId, date: dor.date, changes });
  });

  const step = nextStep(dor, user.id, traineeUserId, categories);
  const maySign =
    step &&
    (step.phase === 'acknowledge' ||
      (step.phase === 'complete' && can(user.role, 'dor.write')) ||
      (step.phase === 'review' && can(user.role, 'dor.review')));
  const text = (field: keyof DorFormValues['text'], area = false) => {
    const props = { label: DOR_FIELD_LABELS[field], disabled: !editable(field), ...register(`text.${field}`) };
    return area ? <TextAreaField key={field} rows={4} {...props} /> : <TextField key={field} {...props} />;
  };

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold text-slate-900">
            {traineeName} · {formatDate(dor.date)}
          </h3>
          <Badge tone={dor.status === 'reviewed' ? 'green' : 'yellow'}>{DOR_STATUS_LABELS[dor.status]}</Badge>
          {pending && <Badge tone="blue">Pending sync</Badge>}
        </div>
        <p className="text-sm text-slate-600">FTO: {nameOf(dor.ftoId)}</p>
        {Object.entries(dor.signatures).map(([phase, s]) => (
          <p key={phase} className="text-sm text-slate-600">
            {DOR_SIGNED_LABELS[phase as DorPhase]} by {nameOf(s.by)}, {formatDateTime(s.at)}
            {s.signature.kind === 'typed' ? ` (typed signature: "${s.signature.name}")` : ' (drawn signature)'}
          </p>
        ))}
      </Card>
      {dor.superseded.length > 0 && (
        <Card className="flex flex-col gap-2 border-amber-300 bg-amber-50">
          <h3 className="font-semibold text-amber-950">Edits a later save stood over</h3>
          {dor.superseded.map((s) => (
            <div key={`${s.field}-${s.stamp}`} className="text-sm text-amber-950">
              <p>
                {nameOf(s.by)}&apos;s {fieldLabel(s.field, categories)} was replaced by {nameOf(s.overBy)}&apos;s later
                edit. What they had:
              </p>
              <blockquote className="mt-1 whitespace-pre-wrap rounded bg-white p-2">
                {supersededText(s.value)}
              </blockquote>
              <button
                type="button"
                className={buttonClass('secondary', 'mt-1')}
                onClick={() => void navigator.clipboard?.writeText(supersededText(s.value))}
              >
                Copy
              </button>
            </div>
          ))}
        </Card>
      )}
      <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Card className="grid gap-3 sm:grid-cols-2">
          {text('shiftStart')}
          {text('shiftEnd')}
          {text('assignment')}
          {text('noEvaluationReason')}
        </Card>
        <Card className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold text-slate-900">Ratings</h3>
          <p className="text-sm text-slate-600">
            1 unacceptable, 4 minimum acceptable, 7 superior; N.O. not observed, NRT not responding to training, REM
            remedial training. Ratings of {COMMENT_REQUIRED.join(', ')} need a comment.
          </p>
          {categories.map((c) => {
            const r = values.ratings[c.code];
            const showComment = r?.rating && needsComment(ratingValue(r.rating));
            return (
              <div key={c.code} className="grid gap-2 border-t border-slate-100 pt-2 sm:grid-cols-[1fr_8rem]">
                <SelectField
                  label={c.name}
                  placeholder="Not rated"
                  options={RATING_OPTIONS}
                  disabled={!editable(`rating:${c.code}`)}
                  {...register(`ratings.${c.code}.rating`)}
                />
                {(showComment || r?.comment) && (
                  <TextField
                    className="sm:col-span-2"
                    label={`Comment on ${c.name}`}
                    disabled={!editable(`rating:${c.code}`)}
                    error={formState.errors.ratings?.[c.code]?.comment?.message}
                    {...register(`ratings.${c.code}.comment`)}
                  />
                )}
              </div>
            );
          })}
        </Card>
        <Card className="flex flex-col gap-3">
          {text('narrative', true)}
          {text('trainingPlan', true)}
          {text('activityLog', true)}
        </Card>
        {(editable('narrative') || editable('activityLog')) && (
          <button type="submit" className={buttonClass('primary', 'self-start')} disabled={!unsaved}>
            Save report
          </button>
        )}
      </form>
      {maySign && step && (
        <SignStep dorId={dor.id} phase={step.phase} refusal={step.refusal} unsaved={unsaved} signer={user} />
      )}
    </div>
  );
}
