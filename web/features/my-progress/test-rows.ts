/** A student's own rows as their device holds them, for the My progress tests. */
import type { DomainRows } from '#sync/client/db.ts';
import {
  bookingRow,
  hoursRow,
  programRow,
  progressRow,
  shiftRow,
  signOffRow,
  skillRow,
  studentRow,
} from '#web/lib/testing/test-rows.ts';
import { type SeedRows, userRow } from '#web/lib/testing/test-sync.tsx';

const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };

function contactRow(id: string, ageYears: number, primaryImpression: string, teamLead = false, verifiedBy?: string) {
  return {
    ...stamp,
    id,
    studentId: 'st1',
    date: '2026-11-20',
    setting: 'field',
    clinicalSiteId: null,
    ageYears,
    ageMonths: 0,
    gender: 'female',
    chiefComplaints: [],
    primaryImpression,
    secondaryImpression: null,
    teamLead,
    careLevel: 'als',
    disposition: 'transported',
    notes: null,
    recordedBy: 'user-1',
    verifiedBy: verifiedBy ?? null,
    verifiedAt: verifiedBy ? stamp.createdAt : null,
    smcItem: null,
  } as DomainRows['patientContacts'];
}

/** Hours staff recorded are verified by them; the student's own (user-1) await verification. */
const hours = (id: string, hoursCompleted: number, hourType: string, recordedBy: string) =>
  hoursRow(id, 'st1', {
    date: '2026-11-18',
    hoursCompleted,
    hourType,
    recordedBy,
    verifiedBy: recordedBy === 'user-1' ? null : recordedBy,
  });

/**
 * Student st1 (account user-1) in an EMT program of 100 hours whose skill k1 needs 2 successful clinical attempts:
 * k1 has 3 clinical successes (2 of 2 met) and 2 attempts awaiting verification; k2 (default minimum 1, met) has one
 * lab success; k3 nothing. 12 clinical hours staff recorded and 6.5 field hours of the student's own. Three contacts the
 * student logged (two adults, one geriatric; one cardiac team lead), the first verified by a confirmed sign-off. One sign-off
 * awaiting confirmation, one whose link expired. Next assessment of k3 on 2026-12-01; one booked
 * shift ahead at Mercy General; two unread messages and one read.
 */
export const MY_ROWS: SeedRows = {
  programs: [
    programRow('p1', {
      name: 'EMT Fall 2026',
      requiredHours: 100,
      skillMinimums: { k1: { total: 2, bySetting: { clinical: 2 } } },
    }),
  ],
  students: [studentRow('st1', { userId: 'user-1', programId: 'p1', expectedGraduation: '2026-12-20' })],
  skills: [skillRow('k1', { name: 'IV access' }), skillRow('k2', { name: 'OPA' }), skillRow('k3', { name: 'CPAP' })],
  studentSkills: [
    progressRow('st1', 'k1', {
      status: 'completed',
      progressPercentage: 100,
      attempts: 3,
      successfulAttempts: 3,
      pendingAttempts: 2,
      attemptsBySetting: {
        lab: { attempts: 0, successful: 0 },
        simulation: { attempts: 0, successful: 0 },
        clinical: { attempts: 3, successful: 3 },
        field: { attempts: 0, successful: 0 },
      },
    }),
    progressRow('st1', 'k2', {
      status: 'completed',
      progressPercentage: 100,
      attempts: 1,
      successfulAttempts: 1,
      attemptsBySetting: {
        lab: { attempts: 1, successful: 1 },
        simulation: { attempts: 0, successful: 0 },
        clinical: { attempts: 0, successful: 0 },
        field: { attempts: 0, successful: 0 },
      },
    }),
    progressRow('st1', 'k3', {
      status: 'not_started',
      progressPercentage: 0,
      attempts: 0,
      successfulAttempts: 0,
      nextAssessmentDate: '2026-12-01',
    }),
  ],
  users: [userRow('user-1', { role: 'student' }), userRow('staff-1', { role: 'instructor' })],
  clinicalHours: [hours('h1', 12, 'clinical', 'staff-1'), hours('h2', 6.5, 'field', 'user-1')],
  patientContacts: [
    contactRow('c1', 40, 'ACS', true, 'sign-off:s-confirmed'),
    contactRow('c2', 30, 'Asthma'),
    contactRow('c3', 70, 'Stroke'),
  ],
  signOffs: [
    signOffRow('s-awaiting', { linkExpiresAt: '2099-01-01T00:00:00.000Z' }),
    signOffRow('s-expired', { records: [{ kind: 'attempt', id: 'a-old' }], linkExpiresAt: '2026-01-08T00:00:00.000Z' }),
    signOffRow('s-confirmed', { status: 'confirmed', records: [{ kind: 'contact', id: 'c1' }] }),
  ],
  // booked on the board, or made of an approved time request: either way a shift with the student's booking
  shifts: [shiftRow('sh1', { date: '2099-03-02', startTime: '07:00', unit: null })],
  shiftBookings: [bookingRow('b1', 'sh1', 'st1')],
  clinicalSites: [{ ...stamp, id: 'site-1', name: 'Mercy General' } as DomainRows['clinicalSites']],
  messages: [
    { ...stamp, id: 'm1', senderId: 'staff-1', recipientId: 'user-1', isRead: false } as DomainRows['messages'],
    { ...stamp, id: 'm2', senderId: 'staff-1', recipientId: 'user-1', isRead: false } as DomainRows['messages'],
    { ...stamp, id: 'm3', senderId: 'staff-1', recipientId: 'user-1', isRead: true } as DomainRows['messages'],
  ],
};
