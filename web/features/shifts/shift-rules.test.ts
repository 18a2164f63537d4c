import { describe, expect, it } from 'vitest';

import type { DomainRows } from '#sync/client/db.ts';
import { bookingRow, shiftRow } from '#web/lib/testing/test-rows.ts';

import { myShifts, nextOpenShifts, openShiftsFor, placesToGive } from './shift-rules.ts';

const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };
/** A two-slot clinical shift at no site, from the shared device row. */
const shift = (id: string, date: string, over: Partial<DomainRows['shifts']> = {}) =>
  shiftRow(id, { clinicalSiteId: null, unit: null, date, slots: 2, ...over });
const booking = (id: string, shiftId: string, studentId = 's1') => bookingRow(id, shiftId, studentId);
const immunization = (expiresOn: string): DomainRows['studentCredentials'] => ({
  ...stamp,
  id: `c-${expiresOn}`,
  studentId: 's1',
  kind: 'immunization',
  expiresOn,
  notes: null,
  recordedBy: 'u1',
});

const TODAY = '2026-12-01';

describe("a student's open shifts", () => {
  it('lists the program’s upcoming shifts they are not on, soonest first, with places left', () => {
    const shifts = [
      shift('later', '2026-12-09'),
      shift('soon', '2026-12-03', { bookedCount: 1 }),
      shift('past', '2026-11-30'),
      shift('cancelled', '2026-12-04', { cancelledAt: '2026-11-29T00:00:00.000Z' }),
      shift('elsewhere', '2026-12-04', { programId: 'p2' }),
      shift('mine', '2026-12-05'),
    ];
    const open = openShiftsFor('s1', 'p1', shifts, [booking('b1', 'mine')], [], TODAY);
    expect(open.map((o) => [o.shift.id, o.placesLeft, o.refusal])).toEqual([
      ['soon', 1, null],
      ['later', 2, null],
    ]);
  });

  it('says why one cannot be booked: an expired immunization, none on file, a full shift, sign-up not open', () => {
    const shifts = [
      shift('needs', '2026-12-10', { requiredCredentials: ['immunization'] }),
      shift('full', '2026-12-11', { bookedCount: 2 }),
      shift('early', '2027-02-01', { signupOpensDaysBefore: 14 }),
    ];
    const expired = openShiftsFor('s1', 'p1', shifts, [], [immunization('2026-12-05')], TODAY);
    expect(expired.map((o) => o.refusal)).toEqual([
      'Immunization expired on 2026-12-05',
      'Full',
      'Sign-up for this shift has not opened yet',
    ]);
    expect(openShiftsFor('s1', 'p1', shifts, [], [], TODAY)[0].refusal).toBe('No immunization on file');
    expect(openShiftsFor('s1', 'p1', shifts, [], [immunization('2027-12-31')], TODAY)[0].refusal).toBeNull();
  });

  it('offers the next bookable shifts instead of a refused one', () => {
    const shifts = ['a', 'b', 'c', 'd', 'e'].map((id, i) => shift(id, `2026-12-0${i + 2}`));
    shifts[1] = shift('b', '2026-12-03', { bookedCount: 2 });
    const open = openShiftsFor('s1', 'p1', shifts, [], [], TODAY);
    expect(nextOpenShifts(open, 'a').map((o) => o.shift.id)).toEqual(['c', 'd', 'e']);
  });
});

describe("a student's own shifts", () => {
  it('shows each booking with its stage, and drops those that ended over a week ago', () => {
    const shifts = [shift('old', '2026-11-01'), shift('now', '2026-12-01'), shift('next', '2026-12-08')];
    const clocked = { ...booking('b2', 'now'), clockInAt: '2026-12-01T07:00' };
    const mine = myShifts('s1', shifts, [booking('b1', 'old'), clocked, booking('b3', 'next')], '2026-11-24');
    expect(mine.map((m) => [m.shift.id, m.stage])).toEqual([
      ['now', 'on shift'],
      ['next', 'booked'],
    ]);
  });

  it('offers in a swap only booked places whose sign-up is open', () => {
    const shifts = [
      shift('open', '2026-12-10'),
      shift('closed', '2026-12-03', { signupClosesDaysBefore: 5 }),
      shift('cancelled', '2026-12-10', { cancelledAt: '2026-11-30T09:00:00.000Z' }),
      shift('on', '2026-12-01'),
    ];
    const bookings = [
      booking('b1', 'open'),
      booking('b2', 'closed'),
      booking('b3', 'cancelled'),
      { ...booking('b4', 'on'), clockInAt: '2026-12-01T07:00' },
    ];
    const mine = myShifts('s1', shifts, bookings, '2026-11-24');
    expect(placesToGive(mine, TODAY).map((m) => m.shift.id)).toEqual(['open']);
  });
});
