import { describe, expect, it } from 'vitest';

import type { DomainRows } from '#sync/client/db.ts';
import { bookingRow, hoursRow, shiftRow as deviceShiftRow, studentRow } from '#web/lib/testing/test-rows.ts';

import { monthWeeks, scheduledShifts, shiftMonth, shiftsByDay } from './calendar.ts';
import { rotationRows, siteRows, timeRequestRows } from './clinical-exports.ts';
import { clinicalTiles, currentStudentsAt, myTimeRequests, rotations } from './clinical-rules.ts';
import { makeLookups } from './lookups.ts';

type Request = DomainRows['requests'];

/** A local wall-clock time as the ISO instant the server stores, so the tests pass in any time zone. */
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

/** A clinical shift at site A on 10 March, from the shared device row. */
const shiftRow = (id: string, over: Partial<DomainRows['shifts']> = {}) =>
  deviceShiftRow(id, { clinicalSiteId: 'site-a', unit: null, date: '2026-03-10', ...over });

function request(id: string, over: Partial<Request> = {}): Request {
  return {
    id,
    kind: 'clinical-time',
    userId: 'u1',
    status: 'approved',
    justification: null,
    reviewNotes: null,
    reviewedBy: null,
    reviewedAt: null,
    approvalLevel: null,
    programId: null,
    currentRole: null,
    requestedRole: null,
    studentId: 's1',
    clinicalSiteId: 'site-a',
    requestedPreceptorId: null,
    emsCertificationLevel: 'emt',
    requestedDates: null,
    requestedDatesText: null,
    skillsToFocus: null,
    skillsToFocusText: null,
    startAt: at(2026, 3, 10, 7),
    endAt: at(2026, 3, 10, 19),
    requestedHours: 12,
    specialRequirements: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    version: 1,
    ...over,
  };
}

const site = (id: string, isActive: boolean, maxStudents: number) => ({ id, isActive, maxStudents });
const hours = (hourType: string, hoursCompleted: number, verifiedBy: string | null = 'staff') => ({
  hourType,
  hoursCompleted,
  verifiedBy,
  date: '2026-03-01',
  clinicalSiteId: 'site-a',
});

describe("rotation rule: a booked clinical or field shift, by the rule of a student's upcoming shifts", () => {
  const today = '2026-03-10';
  const on = (shiftId: string, over: Partial<DomainRows['shiftBookings']> = {}) =>
    bookingRow(`b-${shiftId}`, shiftId, 's1', over);

  it('counts a booked shift running today as active and a later one as upcoming, whoever booked it', () => {
    const shifts = [
      shiftRow('later', { date: '2026-03-20' }),
      shiftRow('now'),
      // a night shift from yesterday still runs this morning
      shiftRow('night', { date: '2026-03-09', startTime: '19:00' }),
      shiftRow('soon', { date: '2026-03-11' }),
      shiftRow('field', { date: '2026-03-12', type: 'field' }),
    ];
    const list = rotations(
      shifts,
      [on('later'), on('now'), on('night'), on('soon'), on('field', { studentId: 's2' })],
      today,
    );
    expect(list.map((r) => [r.shift.id, r.booking.studentId, r.phase])).toEqual([
      ['night', 's1', 'active'],
      ['now', 's1', 'active'],
      ['soon', 's1', 'upcoming'],
      ['field', 's2', 'upcoming'],
      ['later', 's1', 'upcoming'],
    ]);
    expect(list[0].period).toEqual({ start: '2026-03-09', end: '2026-03-10' });
  });

  it('leaves out shifts with no booking, past, cancelled, clocked out of, and lab shifts', () => {
    const shifts = [
      shiftRow('empty'),
      shiftRow('past', { date: '2026-03-09' }),
      shiftRow('cancelled', { cancelledAt: '2026-03-09T10:00:00.000Z' }),
      shiftRow('done'),
      shiftRow('lab', { type: 'lab' }),
    ];
    const bookings = [on('past'), on('cancelled'), on('done', { clockOutAt: '2026-03-10T19:00' }), on('lab')];
    expect(rotations(shifts, bookings, today)).toEqual([]);
  });
});

describe('tiles', () => {
  it('counts active sites and their capacity, verified clinical hours and active rotations', () => {
    const tiles = clinicalTiles(
      [site('a', true, 8), site('b', true, 4), site('c', false, 6)],
      // a student's own 6 clinical hours no one has verified count toward nothing
      [hours('clinical', 8), hours('clinical', 4.5), hours('field', 12), hours('clinical', 6, null)],
      {
        // two students on today's shift, one booked for April, and a shift today no one booked
        shifts: [shiftRow('a', { slots: 2 }), shiftRow('c', { date: '2026-04-01' }), shiftRow('empty')],
        bookings: [bookingRow('b1', 'a', 's1'), bookingRow('b2', 'a', 's2'), bookingRow('b3', 'c', 's1')],
      },
      '2026-03-10',
    );
    expect(tiles).toEqual({ activeSites: 2, totalCapacity: 12, clinicalHours: 12.5, activeRotations: 2 });
  });
});

describe('my requests', () => {
  it("lists the user's own clinical-time requests, newest first", () => {
    const list = myTimeRequests(
      [
        request('old', { createdAt: '2026-01-01' }),
        request('other-user', { userId: 'u2' }),
        request('join', { kind: 'program-join' }),
        request('new', { createdAt: '2026-02-01' }),
      ],
      'u1',
    );
    expect(list.map((r) => r.id)).toEqual(['new', 'old']);
  });
});

describe('calendar month', () => {
  it('covers the month in whole Sunday-to-Saturday weeks', () => {
    // March 2026 starts on a Sunday and has 31 days: five weeks, the last ending on 4 April
    const weeks = monthWeeks('2026-03');
    expect(weeks).toHaveLength(5);
    expect(weeks[0][0]).toEqual({ day: '2026-03-01', inMonth: true });
    expect(weeks[4][6]).toEqual({ day: '2026-04-04', inMonth: false });
    // February 2026 starts on a Sunday and has 28 days: exactly four weeks
    expect(monthWeeks('2026-02')).toHaveLength(4);
    // May 2026 starts on a Friday: the grid opens on Sunday 26 April
    expect(
      monthWeeks('2026-05')[0]
        .slice(0, 6)
        .map((d) => d.inMonth),
    ).toEqual([false, false, false, false, false, true]);
    expect(monthWeeks('2026-05')[0][0].day).toBe('2026-04-26');
  });
  it('moves between months across year ends', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-03', 0)).toBe('2026-03');
  });
  it('places each scheduled shift (migrated time requests among them) with who is booked, never a cancelled one', () => {
    const rows = [
      shiftRow('night', { date: '2026-03-10', startTime: '19:00', durationMinutes: 720, slots: 2 }),
      shiftRow('from-request', { date: '2026-03-10', startTime: '07:00', durationMinutes: 480, slots: 1 }),
      shiftRow('cancelled', { date: '2026-03-10', cancelledAt: '2026-03-01T00:00:00.000Z' }),
    ];
    const bookings = [
      { shiftId: 'from-request', studentId: 's1' },
      { shiftId: 'night', studentId: 's2' },
      { shiftId: 'cancelled', studentId: 's3' },
    ];
    const byDay = shiftsByDay(scheduledShifts(rows, bookings), '2026-03-01', '2026-03-31');
    expect(byDay.get('2026-03-10')?.map((s) => [s.shift.id, s.time, s.studentIds, s.status])).toEqual([
      ['from-request', '07:00–15:00', ['s1'], 'full'],
      ['night', '19:00–24:00', ['s2'], 'open'],
    ]);
    expect(byDay.get('2026-03-11')?.map((s) => [s.shift.id, s.time])).toEqual([['night', '00:00–07:00']]);
  });
  it('ends a shift that ends at midnight on the day before', () => {
    const shifts = scheduledShifts([shiftRow('evening', { startTime: '16:00', durationMinutes: 480 })], []);
    expect(shifts.map((s) => [s.day, s.time])).toEqual([['2026-03-10', '16:00–24:00']]);
  });
});

describe('current students of a site', () => {
  it('names each placed student once, by name, leaving out other sites and unknown students', () => {
    const students = [
      { id: 's1', firstName: 'Zoe', lastName: 'Young' },
      { id: 's2', firstName: 'Al', lastName: 'Adams' },
      { id: 's3', firstName: 'Bo', lastName: 'Cole' },
    ];
    const now = new Date(2026, 2, 10, 12);
    const list = currentStudentsAt(
      'site-a',
      [
        request('1', { studentId: 's1', endAt: at(2026, 3, 12, 19) }),
        request('2', { studentId: 's1', endAt: at(2026, 3, 14, 19) }),
        request('3', { studentId: 's2', kind: 'preceptor', endAt: null, requestedDates: ['2026-03-20'] }),
        request('4', { studentId: 's3', clinicalSiteId: 'site-b', endAt: at(2026, 3, 12, 19) }),
        request('5', { studentId: 'gone', endAt: at(2026, 3, 12, 19) }),
        request('6', { studentId: 's3', status: 'pending', endAt: at(2026, 3, 12, 19) }),
      ],
      students,
      now,
    );
    expect(list.map((s) => s.id)).toEqual(['s2', 's1']);
  });
});

describe('report rows', () => {
  const sites = [
    {
      id: 'site-a',
      name: 'St. Mary',
      type: 'Hospital',
      isActive: true,
      maxStudents: 8,
      contactPerson: 'Dr. Lee',
      phone: null,
      email: null,
    },
  ] as DomainRows['clinicalSites'][];
  const lookups = makeLookups(sites, [studentRow('s1', { firstName: 'Ana', lastName: 'Diaz' })]);

  it('names sites and students and uses the status words', () => {
    const now = new Date(2026, 2, 10, 12);
    expect(
      siteRows(
        sites,
        [request('a', { endAt: at(2026, 3, 12) })],
        [
          hoursRow('h', 's1', { clinicalSiteId: 'site-a', date: '2026-03-01', hoursCompleted: 7.5 }),
          hoursRow('u', 's1', { clinicalSiteId: 'site-a', date: '2026-03-02', hoursCompleted: 3, verifiedBy: null }),
        ],
        lookups,
        now,
      ),
    ).toEqual([
      {
        Site: 'St. Mary',
        Type: 'Hospital',
        Status: 'Active',
        Capacity: 8,
        'Current Students': 1,
        'Verified Hours': 7.5,
        Contact: 'Dr. Lee',
        Phone: '',
        Email: '',
      },
    ]);
    expect(
      timeRequestRows(
        [request('a', { status: 'denied', emsCertificationLevel: 'aemt' }), request('j', { kind: 'program-join' })],
        lookups,
      ),
    ).toEqual([
      expect.objectContaining({
        Site: 'St. Mary',
        Student: 'Ana Diaz',
        'Requested Hours': 12,
        Level: 'AEMT',
        Status: 'Denied',
      }),
    ]);
    const night = shiftRow('n', { startTime: '19:00', durationMinutes: 690 });
    expect(rotationRows(rotations([night], [bookingRow('b1', 'n', 's1')], '2026-03-10'), lookups)).toEqual([
      {
        Site: 'St. Mary',
        Student: 'Ana Diaz',
        Kind: 'Clinical',
        Status: 'Active',
        Start: '2026-03-10 19:00',
        End: '2026-03-11 06:30',
        Hours: 11.5,
      },
    ]);
  });
});
