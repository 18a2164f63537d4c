import { describe, expect, it } from 'vitest';

import { hoursRow, signOffRow } from '#web/lib/testing/test-rows.ts';

import { myProgress, type MyRows, paceOf } from './my-progress-figures.ts';
import { MY_ROWS } from './test-rows.ts';

const rows = (over: Partial<MyRows> = {}): MyRows => ({
  student: MY_ROWS.students![0],
  program: MY_ROWS.programs![0],
  skills: MY_ROWS.skills!,
  progress: MY_ROWS.studentSkills!,
  hours: MY_ROWS.clinicalHours!,
  contacts: MY_ROWS.patientContacts!,
  signOffs: MY_ROWS.signOffs!,
  shifts: MY_ROWS.shifts!,
  bookings: MY_ROWS.shiftBookings!,
  pendingBookings: new Set(),
  messages: MY_ROWS.messages!,
  books: [],
  jprRecords: [],
  unsignedRecords: 4,
  ...over,
});
const at = {
  userId: 'user-1',
  today: '2026-11-25',
  now: '2026-11-25T12:00:00.000Z',
  siteName: (id: string | null) => (id === 'site-1' ? 'Mercy General' : undefined),
};

describe('the student home figures', () => {
  const figures = myProgress(rows(), at);

  it('counts skills, hours and the days left as every other screen does', () => {
    expect(figures.summary).toMatchObject({
      skillsCompleted: 2,
      totalSkills: 3,
      progressPercentage: 67,
      clinicalHours: 12,
      // the student's own 6.5 field hours wait for verification
      fieldHours: 0,
      totalHours: 12,
      awaitingHours: 6.5,
      requiredHours: 100,
      verifiedAttempts: 4,
      unverifiedAttempts: 2,
    });
    expect(figures.hoursLeft).toBe(88);
    expect(figures.daysToGraduation).toBe(25);
  });

  it("counts successes by setting against the program's minimums, each skill up to its own", () => {
    const clinical = figures.settings.find((s) => s.setting === 'clinical');
    const lab = figures.settings.find((s) => s.setting === 'lab');
    expect(clinical).toMatchObject({ successful: 3, required: 2, met: 2 });
    expect(lab).toMatchObject({ successful: 1, required: 0, met: 0 });
  });

  it('counts verified patient contacts against the SMC tables of the student level, for EMS only', () => {
    expect(figures.contacts?.total).toBe(1);
    // an EMT student: no team leads and no paramedic minimums (no public EMT contact minimum: none until the program sets one)
    expect(figures.contacts?.teamLeads).toBeNull();
    // the student's own adult contact c2 waits for verification: only the verified c1 counts
    expect(figures.contacts?.byAgeBand.find((b) => b.label === 'Adult')).toMatchObject({ count: 1, minimum: 0 });
    expect(figures.contacts?.byAgeBand.find((b) => b.label === 'Geriatric')).toMatchObject({ count: 0 });
    const medic = myProgress(rows({ student: { ...MY_ROWS.students![0], emsCertificationLevel: 'paramedic' } }), at);
    expect(medic.contacts?.teamLeads).toMatchObject({ count: 1, minimum: 20 });
    expect(medic.contacts?.byAgeBand.find((b) => b.label === 'Adult')).toMatchObject({ count: 1, minimum: 60 });
    const fire = { ...MY_ROWS.programs![0], type: 'fire' };
    expect(myProgress(rows({ program: fire }), at).contacts).toBeNull();
  });

  it('tells apart what waits for a preceptor: unverified records, awaiting, expired links, unsigned records', () => {
    expect(figures.waiting).toEqual({
      unverifiedAttempts: 2,
      unverifiedContacts: 2,
      unverifiedHours: 6.5,
      refusedHours: 0,
      awaitingConfirmation: 1,
      awaitingCoordinator: 0,
      expiredLinks: 1,
      unsigned: 4,
    });
  });

  it('counts a sign-off confirmed by link from an unknown address as still waiting, for a coordinator', () => {
    const byLink = signOffRow('s-link', { status: 'link_confirmed', records: [{ kind: 'contact', id: 'c2' }] });
    const waiting = myProgress(rows({ signOffs: [...MY_ROWS.signOffs!, byLink] }), at).waiting;
    expect(waiting).toMatchObject({ awaitingConfirmation: 1, awaitingCoordinator: 1 });
  });

  it("counts the student's own hours and contacts only once verified, those awaiting verification apart", () => {
    expect(figures.summary).toMatchObject({ totalHours: 12, clinicalHours: 12, fieldHours: 0, awaitingHours: 6.5 });
    expect(figures.contacts).toMatchObject({ total: 1, awaiting: 2 });
    expect(figures.waiting).toMatchObject({ unverifiedContacts: 2, unverifiedHours: 6.5 });
  });

  it('names hours only a refused sign-off holds apart: not verified, and awaiting nobody', () => {
    const refused = hoursRow('h3', 'st1', {
      hoursCompleted: 5,
      recordedBy: 'user-1',
      verifiedBy: null,
      refusedBy: 'sign-off:s9',
    });
    const mine = myProgress(rows({ hours: [...MY_ROWS.clinicalHours!, refused] }), at);
    expect(mine.summary).toMatchObject({ totalHours: 12, awaitingHours: 6.5, refusedHours: 5 });
    expect(mine.waiting).toMatchObject({ unverifiedHours: 6.5, refusedHours: 5 });
  });

  it('lists upcoming assessments and booked shifts ahead, and unread messages', () => {
    expect(figures.assessments).toEqual([{ id: 'st1/k3', title: 'CPAP', when: '2026-12-01' }]);
    expect(figures.shifts).toEqual({
      confirmed: 1,
      pending: 0,
      next: [{ id: 'b1', title: 'Mercy General', when: '2099-03-02T07:00', pending: false }],
    });
    expect(figures.unreadMessages).toBe(2);
    const past = myProgress(rows(), { ...at, today: '2099-03-03', now: '2099-03-03T00:00:00.000Z' });
    expect(past.assessments).toEqual([]);
    expect(past.shifts).toEqual({ confirmed: 0, pending: 0, next: [] });
  });
});

describe('progress read against the program calendar', () => {
  const passed = (today: string) =>
    myProgress(
      rows({ student: { ...MY_ROWS.students![0], enrollmentDate: '2026-01-01', expectedGraduation: '2027-01-01' } }),
      { ...at, today },
    ).timePassed;

  it('says how much of the time from enrollment to expected graduation has passed, from 0 to 100', () => {
    expect([passed('2025-12-01'), passed('2026-01-01'), passed('2026-07-02'), passed('2027-01-01')]).toEqual([
      0, 0, 50, 100,
    ]);
    expect(passed('2028-03-01')).toBe(100);
  });

  it('calls 20% done a fifth of the way in on pace, and only a real gap behind', () => {
    expect(paceOf(20, 20)).toBe('on pace');
    expect(paceOf(22, 15)).toBe('on pace');
    expect(paceOf(40, 20)).toBe('ahead');
    expect(paceOf(100, 100)).toBe('ahead');
    expect(paceOf(10, 20)).toBe('a little behind');
    expect(paceOf(30, 60)).toBe('behind');
  });
});
