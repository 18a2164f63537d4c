/**
 * Shift writes (issue 30). A student's booking, drop, swap offer and clock-ins are queued on the phone and decided by
 * the server at the next sync (sync/client/mutators/shifts.ts); posting, editing and cancelling shifts and approving
 * clocked hours need the server (useWriter().online).
 */
import type { MutationArgs } from '#sync/client/mutators.ts';

import { useWriter } from '../write.ts';

export function useBookShift() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'bookShift'>) =>
    mutate('bookShift', args, {
      success: 'Shift booked',
      successDescription: 'Pending until the server confirms your place',
      saved: 'Your booking',
      failure: 'Could not book the shift',
    });
}

export function useDropShift() {
  const { mutate } = useWriter();
  return (id: string) =>
    mutate('dropShiftBooking', { id }, { success: 'Shift dropped', saved: 'Your drop', failure: 'Could not drop' });
}

export function useOfferSwap() {
  const { mutate } = useWriter();
  return (id: string, offered: boolean) =>
    mutate(
      'offerShiftSwap',
      { id, offered },
      {
        success: offered ? 'Place offered for a swap' : 'Swap offer withdrawn',
        saved: 'Your swap offer',
        failure: 'Could not change the swap offer',
      },
    );
}

export function useAcceptSwap() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'acceptShiftSwap'>) =>
    mutate('acceptShiftSwap', args, {
      success: 'Swap asked for',
      successDescription: 'Pending until the server confirms the offered place is yours',
      saved: 'Your swap',
      failure: 'Could not take the offered place',
    });
}

export function useClockIn() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'clockIntoShift'>) =>
    mutate('clockIntoShift', args, { success: 'Clocked in', saved: 'Your clock-in', failure: 'Could not clock in' });
}

export function useClockOut() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'clockOutOfShift'>) =>
    mutate('clockOutOfShift', args, {
      success: 'Clocked out',
      successDescription: 'Your hours wait for the preceptor’s sign-off or staff approval',
      saved: 'Your clock-out',
      failure: 'Could not clock out',
    });
}
