/**
 * Clock in or out of a booked shift on the phone (offline too), at this device's time. Where the student is stays
 * theirs: only if they tick the consent box does the phone compare its position with the site's location, and only
 * the yes or no is saved (site-check.ts). A time outside the program's clock-in window, or away from the site, asks
 * for a reason before it is saved, as the server requires.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { SHIFT_MSG } from '#schema/messages.ts';
import { plural } from '#schema/plural.ts';
import { clockFarFromShift, clockInNeedsReason, clockOutNeedsReason, type ClockWindow } from '#schema/shift.ts';
import { clockInSchema } from '#schema/shift-schema.ts';
import { CheckboxField, TextAreaField } from '#web/lib/ui/fields.tsx';
import { Modal, ModalActions } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useClockIn, useClockOut } from '#web/lib/writes/shifts.ts';

import { localWallTime, type MyShift } from './shift-rules.ts';
import { checkSite, type SiteCheck, siteLocationOf, type SiteRow } from './site-check.ts';

type FormInput = z.input<typeof clockInSchema>;
type FormOutput = z.output<typeof clockInSchema>;

interface ClockDialogProps {
  item: MyShift;
  /** The program's clock-in window. */
  window: ClockWindow;
  /** The shift's site as the phone holds it, if the shift names one. */
  site: SiteRow | undefined;
  onClose: () => void;
  /** The phone's geolocation (tests pass their own). */
  geolocation?: Geolocation;
}

export function ClockDialog({ item, window, site, onClose, geolocation }: ClockDialogProps) {
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  const out = item.stage === 'on shift';
  const [check, setCheck] = useState<SiteCheck | null>(null);
  const [checking, setChecking] = useState(false);
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
  const atSite = check?.atSite ?? null;
  // the server refuses a clock-in days away from its shift (it would date the shift's hours on another day)
  const tooFar = !out && clockFarFromShift(item.shift, at);
  const needsReason = out
    ? clockOutNeedsReason(item.shift, window, at)
    : clockInNeedsReason(item.shift, window, at, atSite);

  async function consent(given: boolean) {
    setChecking(given);
    const result = await checkSite(site, given, geolocation);
    setCheck(given ? result : null);
    setChecking(false);
  }

  async function submit(values: FormOutput) {
    if (needsReason && !values.reason) {
      setError('reason', { message: out ? SHIFT_MSG.clockOutReasonRequired : SHIFT_MSG.clockReasonRequired });
      return;
    }
    const saved = out
      ? await clockOut({ id: values.id, hoursEntryId: crypto.randomUUID(), at: values.at, reason: values.reason })
      : await clockIn({ id: values.id, at: values.at, atSite, reason: values.reason });
    if (saved) onClose();
  }

  const hasLocation = siteLocationOf(site) !== null;
  return (
    <Modal title={out ? 'Clock out' : 'Clock in'} open onClose={onClose}>
      <form id="clock-form" className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
        <p className="text-sm text-slate-700">
          {out ? 'Clocking out' : 'Clocking in'} at {at.replace('T', ' ')} (this phone’s time). Clock in from{' '}
          {plural(window.clockEarlyMinutes, 'minute')} early to {window.clockLateMinutes} late without a reason.
        </p>
        {!out && hasLocation && (
          <CheckboxField
            label="Check whether I am at the site (this phone’s position is read once; only yes or no is sent)"
            checked={check !== null || checking}
            onChange={(e) => void consent(e.target.checked)}
          />
        )}
        {!out && (
          <p className="text-sm text-slate-700" role="status" data-testid="site-check">
            {checking
              ? 'Checking…'
              : (check?.note ?? (hasLocation ? SHIFT_MSG.siteCheckDeclined : SHIFT_MSG.siteNoLocation))}
          </p>
        )}
        {tooFar && (
          <p className="text-sm text-red-700" role="alert">
            {SHIFT_MSG.clockFarFromShift}
          </p>
        )}
        {needsReason && !tooFar && (
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
        <button
          type="submit"
          form="clock-form"
          className={buttonClass('primary')}
          disabled={isSubmitting || checking || tooFar}
        >
          {out ? 'Clock out' : 'Clock in'}
        </button>
      </ModalActions>
    </Modal>
  );
}
