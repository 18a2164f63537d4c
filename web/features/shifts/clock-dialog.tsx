/**
 * Clock in or out of a booked shift on the phone (offline too), at this device's time. Where the student is stays
 * theirs: only if they choose to, they say whether they are at the site (a yes or no, never a location). A time
 * outside the shift's window, or away from the site, asks for a reason before it is saved, as the server requires.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { SHIFT_MSG } from '#schema/messages.ts';
import { clockInNeedsReason, clockInSchema, clockOutNeedsReason } from '#schema/shift.ts';
import { SelectField, TextAreaField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useClockIn, useClockOut } from '#web/lib/writes/shifts.ts';

import { localWallTime, type MyShift } from './shift-rules.ts';

type FormInput = z.input<typeof clockInSchema>;
type FormOutput = z.output<typeof clockInSchema>;

const AT_SITE_OPTIONS = [
  ['', 'I prefer not to say'],
  ['yes', 'I am at the site'],
  ['no', 'I am not at the site'],
] as const;
const atSiteOf = (v: unknown) => (v === 'yes' ? true : v === 'no' ? false : null);

export function ClockDialog({ item, onClose }: { item: MyShift; onClose: () => void }) {
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  const out = item.stage === 'on shift';
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(clockInSchema),
    defaultValues: { id: item.booking.id, at: localWallTime(new Date()), atSite: null, reason: '' },
  });
  const at = watch('at');
  const chosen = watch('atSite');
  const atSite = typeof chosen === 'boolean' ? chosen : null;
  const needsReason = out ? clockOutNeedsReason(item.shift, at) : clockInNeedsReason(item.shift, at, atSite);

  async function submit(values: FormOutput) {
    if (needsReason && !values.reason) {
      setError('reason', { message: out ? SHIFT_MSG.clockOutReasonRequired : SHIFT_MSG.clockReasonRequired });
      return;
    }
    const saved = out
      ? await clockOut({ id: values.id, hoursEntryId: crypto.randomUUID(), at: values.at, reason: values.reason })
      : await clockIn({ id: values.id, at: values.at, atSite: values.atSite, reason: values.reason });
    if (saved) onClose();
  }

  return (
    <Modal title={out ? 'Clock out' : 'Clock in'} open onClose={onClose}>
      <form id="clock-form" className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
        <p className="text-sm text-slate-700">
          {out ? 'Clocking out' : 'Clocking in'} at {at.replace('T', ' ')} (this phone’s time).
        </p>
        {!out && (
          <SelectField
            label="Where are you? (optional, never your location)"
            options={AT_SITE_OPTIONS}
            {...register('atSite', { setValueAs: atSiteOf })}
          />
        )}
        {needsReason && (
          <TextAreaField
            label={out ? 'Why the time differs from the shift' : 'Why the time or place differs from the shift'}
            error={errors.reason?.message}
            {...register('reason')}
          />
        )}
      </form>
      <ModalActions>
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" form="clock-form" className={buttonClass('primary')} disabled={isSubmitting}>
          {out ? 'Clock out' : 'Clock in'}
        </button>
      </ModalActions>
    </Modal>
  );
}
