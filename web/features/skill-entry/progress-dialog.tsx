/** 'Update Skill Progress': records one student's progress on one skill through the sync engine (works offline). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { EMS_FORM_STATUSES, SKILL_STATUS_LABELS, type SkillStatus } from '../../../schema/enums.ts';
import { successRate } from '../../../schema/progress.ts';
import { skillProgressSchema } from '../../../schema/skill-progress.ts';
import type { DomainRows } from '../../../sync/client/db.ts';
import { useRecordSkillProgress } from '../../lib/writes/skill-progress.ts';
import { Modal } from '../../lib/ui/modal.tsx';
import { SelectField, TextAreaField, TextField } from '../../lib/ui/fields.tsx';
import { buttonClass } from '../../lib/ui/styles.ts';

type FormInput = z.input<typeof skillProgressSchema>;
type Student = Pick<DomainRows['students'], 'id' | 'firstName' | 'lastName'>;
type Skill = Pick<DomainRows['skills'], 'id' | 'name' | 'minimumAttempts'>;
type Progress = Partial<
  Pick<
    DomainRows['studentSkills'],
    | 'status'
    | 'progressPercentage'
    | 'attempts'
    | 'successfulAttempts'
    | 'lastAttemptDate'
    | 'nextAssessmentDate'
    | 'notes'
  >
>;

/** The EMS form offers these four; any may be chosen freely (spec section 4). */
/** Non-numeric input becomes 0; values are sent as integers. */
export const toInt = (v: unknown) => (Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : 0);

export function ProgressDialog({
  student,
  skill,
  current,
  onClose,
  formStatuses = EMS_FORM_STATUSES,
}: {
  student: Student;
  skill: Skill;
  current?: Progress;
  onClose: () => void;
  formStatuses?: readonly SkillStatus[];
}) {
  const record = useRecordSkillProgress();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput>({
    resolver: zodResolver(skillProgressSchema),
    defaultValues: {
      studentId: student.id,
      skillId: skill.id,
      status: (current?.status as FormInput['status'] | undefined) ?? 'in_progress',
      progressPercentage: current?.progressPercentage ?? 0,
      attempts: current?.attempts ?? 0,
      successfulAttempts: current?.successfulAttempts ?? 0,
      lastAttemptDate: current?.lastAttemptDate ?? '',
      nextAssessmentDate: current?.nextAssessmentDate ?? '',
      notes: current?.notes ?? '',
    },
  });
  const rate = successRate(toInt(watch('successfulAttempts')), toInt(watch('attempts')));
  const save = handleSubmit(async (values) => {
    if (await record(values)) onClose();
  });
  const number = { setValueAs: toInt };
  // a record set elsewhere to a status the form does not offer (failed, remediation) keeps it unless changed
  const statuses =
    current?.status && !(formStatuses as readonly string[]).includes(current.status)
      ? [...formStatuses, current.status as SkillStatus]
      : formStatuses;
  return (
    <Modal title="Update Skill Progress" open onClose={onClose}>
      <p className="text-sm text-slate-700">
        {skill.name} · {student.firstName} {student.lastName}
      </p>
      <p className="text-sm text-slate-600">Minimum attempts required: {skill.minimumAttempts}</p>
      <form onSubmit={save} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Status"
          options={statuses.map((st) => [st, SKILL_STATUS_LABELS[st]] as const)}
          {...register('status')}
          value={watch('status')}
        />
        <TextField
          label="Progress %"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          error={errors.progressPercentage?.message}
          {...register('progressPercentage', number)}
        />
        <TextField
          label="Total Attempts"
          type="number"
          inputMode="numeric"
          min={0}
          error={errors.attempts?.message}
          {...register('attempts', number)}
        />
        <TextField
          label="Successful Attempts"
          type="number"
          inputMode="numeric"
          min={0}
          error={errors.successfulAttempts?.message}
          {...register('successfulAttempts', number)}
        />
        <TextField
          label="Last Attempt Date"
          type="date"
          error={errors.lastAttemptDate?.message}
          {...register('lastAttemptDate')}
        />
        <TextField
          label="Next Assessment Date"
          type="date"
          error={errors.nextAssessmentDate?.message}
          {...register('nextAssessmentDate')}
        />
        <TextAreaField label="Notes" className="sm:col-span-2" error={errors.notes?.message} {...register('notes')} />
        <p className="text-sm text-slate-700 sm:col-span-2">
          Success rate: <span className="font-semibold">{rate}%</span>
        </p>
        <button type="submit" disabled={isSubmitting} className={buttonClass('primary', 'sm:col-span-2')}>
          Save Progress
        </button>
      </form>
    </Modal>
  );
}
