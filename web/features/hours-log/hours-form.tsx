/**
 * 'Log Hours': clinical or field hours of one student, by staff or by the student on their own record (offline too):
 * the date, start and end (or the hours), where (site and unit) and with whom (preceptor).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { clinicalHoursSchema, overDayLimit } from '#schema/clinical-hours.ts';
import { HOUR_TYPE_LABELS, HOUR_TYPES } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import { useActiveSiteOptions } from '#web/lib/data.ts';
import { useSync } from '#web/lib/sync.tsx';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useLogHours } from '#web/lib/writes/records.ts';

type FormInput = z.input<typeof clinicalHoursSchema>;
type FormOutput = z.output<typeof clinicalHoursSchema>;

export function HoursForm({
  student,
  today,
  onClose,
}: {
  student: { id: string; firstName: string; lastName: string };
  today: string;
  onClose: () => void;
}) {
  const { db } = useSync();
  const logHours = useLogHours();
  const sites = useActiveSiteOptions();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(clinicalHoursSchema),
    defaultValues: {
      studentId: student.id,
      date: today,
      startTime: '',
      endTime: '',
      hourType: 'clinical',
      clinicalSiteId: '',
      unit: '',
      preceptorName: '',
      notes: '',
    },
  });
  const save = handleSubmit(async (values) => {
    // the server refuses the same; the device knows the hours it holds, so most never leave the phone
    const sameDay = await db.rows('clinicalHours').where('studentId').equals(values.studentId).toArray();
    const logged = sameDay.filter((h) => h.date === values.date).reduce((sum, h) => sum + Number(h.hoursCompleted), 0);
    if (overDayLimit(logged, values.hoursCompleted)) {
      setError('hoursCompleted', { message: MSG.hoursDayOver24 });
      return;
    }
    if (await logHours(values)) onClose();
  });
  return (
    <Modal title="Log Hours" open onClose={onClose}>
      <p className="text-sm text-slate-700">
        {student.firstName} {student.lastName}
      </p>
      <form onSubmit={save} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <TextField label="Start" type="time" error={errors.startTime?.message} {...register('startTime')} />
        <TextField label="End" type="time" error={errors.endTime?.message} {...register('endTime')} />
        <TextField
          label="Hours (or start and end)"
          type="number"
          inputMode="decimal"
          step="0.25"
          min={0}
          max={24}
          error={errors.hoursCompleted?.message}
          {...register('hoursCompleted', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
        />
        <SelectField
          label="Type"
          options={HOUR_TYPES.map((h) => [h, HOUR_TYPE_LABELS[h]] as const)}
          {...register('hourType')}
        />
        <SelectField label="Site" placeholder="No site" options={sites} {...register('clinicalSiteId')} />
        <TextField label="Unit" placeholder="e.g. Medic 12" error={errors.unit?.message} {...register('unit')} />
        <TextField
          label="Preceptor"
          placeholder="Name and credential"
          error={errors.preceptorName?.message}
          {...register('preceptorName')}
        />
        <TextAreaField label="Notes" className="sm:col-span-2" error={errors.notes?.message} {...register('notes')} />
        <button type="submit" disabled={isSubmitting} className={buttonClass('primary', 'sm:col-span-2')}>
          Log Hours
        </button>
      </form>
    </Modal>
  );
}
