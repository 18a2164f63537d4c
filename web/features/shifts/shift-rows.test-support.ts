/** Shift rows for the shifts screens' tests. */
import { addDays, localDay } from '#schema/dates.ts';
import type { DomainRows } from '#sync/client/db.ts';

export const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };
/** A shift row as a device holds it: a clinical ED shift of one slot a week from today, at site-1. */
export const shiftRow = (id: string, over: Partial<DomainRows['shifts']> = {}): DomainRows['shifts'] => ({
  ...stamp,
  id,
  programId: 'p1',
  seriesId: null,
  type: 'clinical',
  clinicalSiteId: 'site-1',
  unit: 'ED',
  date: addDays(localDay(new Date()), 7),
  startTime: '07:00',
  durationMinutes: 720,
  slots: 1,
  bookedCount: 0,
  swapOffers: 0,
  signupOpensDaysBefore: null,
  signupClosesDaysBefore: 0,
  allowDrop: true,
  dropCutoffHours: 24,
  allowSwap: true,
  preceptorIds: [],
  requiredCredentials: [],
  notes: null,
  createdBy: 'staff',
  cancelledAt: null,
  cancelReason: null,
  ...over,
});
