import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { SKILL_STATUS_LABELS } from '../../../schema/enums.ts';
import { skillProgressSchema, successRate } from '../../../schema/skill-progress.ts';
import type { Row } from '../../../sync/client/db.ts';
import { useSync } from '../../lib/sync.tsx';

type FormInput = z.input<typeof skillProgressSchema>;
const FORM_STATUSES = ['not_started', 'in_progress', 'completed', 'needs_improvement'] as const;
/** Non-numeric input becomes 0; values are sent as integers. */
const toInt = (v: unknown) => (Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : 0);

export function ProgressDialog({ student, skill, current, onClose }: { student: Row; skill: Row; current?: Row; onClose: () => void }) {
  const { engine } = useSync();
  const { register, handleSubmit, watch, formState: { errors, isSubmitting } } = useForm<FormInput>({
    resolver: zodResolver(skillProgressSchema),
    defaultValues: {
      studentId: student.id, skillId: skill.id,
      status: (current?.status as FormInput['status']) ?? 'in_progress',
      progressPercentage: (current?.progressPercentage as number) ?? 0,
      attempts: (current?.attempts as number) ?? 0,
      successfulAttempts: (current?.successfulAttempts as number) ?? 0,
      lastAttemptDate: (current?.lastAttemptDate as string) ?? '',
      nextAssessmentDate: (current?.nextAssessmentDate as string) ?? '',
      notes: (current?.notes as string) ?? '',
    },
  });
  const rate = successRate(toInt(watch('successfulAttempts')), toInt(watch('attempts')));
  const save = handleSubmit(async (values) => {
    try {
      await engine.mutate('recordSkillProgress', values);
      toast.success('Success', { description: 'Skill progress updated successfully' });
      onClose();
    } catch {
      toast.error('Error', { description: 'Failed to update skill progress' });
    }
  });
  const number = { setValueAs: toInt };
  const field = 'min-h-11 rounded-lg border border-slate-300 px-3';
  return (
    <Dialog open onClose={onClose} className="relative z-20">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center">
        <DialogPanel className="max-h-[95vh] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-xl">
          <div className="flex items-start justify-between gap-2">
            <DialogTitle className="text-lg font-semibold">Update Skill Progress</DialogTitle>
            <button type="button" onClick={onClose} aria-label="Close" className="min-h-11 min-w-11 rounded-lg text-xl">×</button>
          </div>
          <p className="text-sm text-slate-600">{String(skill.name)} · {String(student.firstName)} {String(student.lastName)}</p>
          <p className="text-sm text-slate-600">Minimum attempts required: {String(skill.minimumAttempts ?? 1)}</p>
          <form onSubmit={save} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
            <label className="flex flex-col gap-1 text-sm font-medium">Status
              <select className={field} {...register('status')}>
                {FORM_STATUSES.map((s) => <option key={s} value={s}>{SKILL_STATUS_LABELS[s]}</option>)}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">Progress %
              <input type="number" inputMode="numeric" min={0} max={100} className={field} {...register('progressPercentage', number)} />
              {errors.progressPercentage && <span role="alert" className="text-red-700">{errors.progressPercentage.message}</span>}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">Total Attempts
              <input type="number" inputMode="numeric" min={0} className={field} {...register('attempts', number)} />
              {errors.attempts && <span role="alert" className="text-red-700">{errors.attempts.message}</span>}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">Successful Attempts
              <input type="number" inputMode="numeric" min={0} className={field} {...register('successfulAttempts', number)} />
              {errors.successfulAttempts && <span role="alert" className="text-red-700">{errors.successfulAttempts.message}</span>}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">Last Attempt Date
              <input type="date" className={field} {...register('lastAttemptDate')} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">Next Assessment Date
              <input type="date" className={field} {...register('nextAssessmentDate')} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-2">Notes
              <textarea rows={3} className="rounded-lg border border-slate-300 px-3 py-2" {...register('notes')} />
            </label>
            <p className="text-sm text-slate-700 sm:col-span-2">Success rate: {rate}%</p>
            <button type="submit" disabled={isSubmitting} className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white sm:col-span-2">
              Save Progress
            </button>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
