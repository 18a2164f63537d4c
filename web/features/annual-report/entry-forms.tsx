/**
 * What a program enters for its annual report, each a form validated by the shared schema (schema/annual-report.ts)
 * before it is sent, then by the server: a graduate's placement or a leaver's exit, and a written-exam attempt.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import type { AnnualReportRoutes } from '#api/routes/annual-report/index.ts';
import {
  examAttemptSchema,
  EXIT_REASON_LABELS,
  EXIT_REASONS,
  MAX_EXAM_ATTEMPT,
  outcomeSchema,
  PLACEMENT_LABELS,
  PLACEMENTS,
} from '#schema/annual-report.ts';
import { apiClient } from '#web/lib/api.ts';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors, useWriter } from '#web/lib/write.ts';

import type { WorksheetStudent } from './worksheet-types.ts';

const annualReportApi = apiClient<AnnualReportRoutes>()['annual-report'];

const PLACEMENT_OPTIONS = PLACEMENTS.map((p) => [p, PLACEMENT_LABELS[p]] as const);
const EXIT_OPTIONS = EXIT_REASONS.map((r) => [r, EXIT_REASON_LABELS[r]] as const);
const RESULT_OPTIONS = [
  ['passed', 'Passed'],
  ['failed', 'Failed'],
] as const;

type OutcomeInput = z.input<typeof outcomeSchema>;
type OutcomeOutput = z.output<typeof outcomeSchema>;

/** A graduate's placement; for a student without a graduation date, the date they left and why. */
export function OutcomeForm({ student, onSaved }: { student: WorksheetStudent; onSaved: () => void }) {
  const { online } = useWriter();
  const graduate = !!student.graduationDate;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OutcomeInput, unknown, OutcomeOutput>({
    resolver: zodResolver(outcomeSchema),
    defaultValues: {
      studentId: student.studentId,
      placement: student.outcome?.placement ?? undefined,
      exitDate: student.outcome?.exitDate ?? undefined,
      exitReason: student.outcome?.exitReason ?? undefined,
    },
  });
  const blankIsNone = { setValueAs: (v: string) => (v === '' ? undefined : v) };
  const save = handleSubmit(async (values) => {
    const result = await online(() => annualReportApi.outcomes.$put({ json: values }), {
      success: 'Outcome saved',
      failure: 'Could not save the outcome',
    });
    if (result.ok) onSaved();
    else showFieldErrors(setError, result.fields);
  });
  return (
    <form onSubmit={save} noValidate aria-label={`Outcome of ${student.name}`} className="grid gap-3 sm:grid-cols-3">
      {graduate ? (
        <SelectField
          label="Placement"
          options={PLACEMENT_OPTIONS}
          placeholder="Choose..."
          error={errors.placement?.message}
          {...register('placement', blankIsNone)}
        />
      ) : (
        <>
          <TextField
            label="Left on"
            type="date"
            error={errors.exitDate?.message}
            {...register('exitDate', blankIsNone)}
          />
          <SelectField
            label="Why they left"
            options={EXIT_OPTIONS}
            placeholder="Choose..."
            error={errors.exitReason?.message ?? errors.placement?.message}
            {...register('exitReason', blankIsNone)}
          />
        </>
      )}
      <button type="submit" className={buttonClass('primary', 'self-end')} disabled={isSubmitting}>
        Save outcome
      </button>
    </form>
  );
}

interface ExamFormValues {
  attemptNumber: string;
  takenOn: string;
  passed: string;
}

/** One written-exam attempt; the next attempt number is offered. */
export function ExamAttemptForm({ student, onSaved }: { student: WorksheetStudent; onSaved: () => void }) {
  const { online } = useWriter();
  const next = Math.max(0, ...student.examAttempts.map((a) => a.attemptNumber)) + 1;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ExamFormValues>({
    defaultValues: { attemptNumber: String(next), takenOn: '', passed: '' },
  });
  const save = handleSubmit(async (form) => {
    const parsed = examAttemptSchema.safeParse({
      studentId: student.studentId,
      attemptNumber: Number(form.attemptNumber),
      takenOn: form.takenOn,
      passed: form.passed === '' ? undefined : form.passed === 'passed',
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        setError(String(issue.path[0]) as keyof ExamFormValues, { message: issue.message });
      return;
    }
    const result = await online(() => annualReportApi['exam-attempts'].$post({ json: parsed.data }), {
      success: 'Exam attempt recorded',
      failure: 'Could not record the exam attempt',
    });
    if (result.ok) onSaved();
    else showFieldErrors(setError, result.fields, (f) => (f === 'studentId' ? 'passed' : (f as keyof ExamFormValues)));
  });
  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={`Exam attempt of ${student.name}`}
      className="grid gap-3 sm:grid-cols-4"
    >
      <TextField
        label="Attempt"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_EXAM_ATTEMPT}
        error={errors.attemptNumber?.message}
        {...register('attemptNumber')}
      />
      <TextField label="Taken on" type="date" error={errors.takenOn?.message} {...register('takenOn')} />
      <SelectField
        label="Result"
        options={RESULT_OPTIONS}
        placeholder="Choose..."
        error={errors.passed?.message}
        {...register('passed')}
      />
      <button type="submit" className={buttonClass('secondary', 'self-end')} disabled={isSubmitting}>
        Record attempt
      </button>
    </form>
  );
}
