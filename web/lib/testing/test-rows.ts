/** Rows as the device holds them, for the EMS screens' tests: defaults plus what a test cares about. */
import { addDays, localDay } from '#schema/dates.ts';
import type { DomainRows } from '#sync/client/db.ts';

const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };

export function skillRow(id: string, over: Partial<DomainRows['skills']> = {}): DomainRows['skills'] {
  return {
    ...stamp,
    id,
    code: id,
    name: `Skill ${id}`,
    description: null,
    category: 'Airway Management',
    programType: 'ems',
    certificationLevel: 'emt',
    competencyDomain: null,
    smcMatrixNumber: null,
    smcMotorSkillName: null,
    smcPathologyCategory: null,
    clinicalHoursRequired: null,
    fieldHoursRequired: null,
    minimumAttempts: 1,
    simulationAllowed: null,
    standardReference: null,
    confidence: 'uncertain',
    source: null,
    ...over,
  };
}

export function studentRow(id: string, over: Partial<DomainRows['students']> = {}): DomainRows['students'] {
  return {
    ...stamp,
    id,
    userId: null,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    email: `${id}@example.test`,
    phone: '555-0100',
    studentId: `STU-${id}`,
    emsCertificationLevel: 'emt',
    programId: 'program-ems',
    enrollmentDate: '2026-01-10',
    expectedGraduation: '2026-12-20',
    graduationDate: null,
    address: null,
    emergencyContact: null,
    emergencyPhone: null,
    gpa: null,
    isActive: true,
    ...over,
  };
}

export function progressRow(
  studentId: string,
  skillId: string,
  over: Partial<DomainRows['studentSkills']> = {},
): DomainRows['studentSkills'] {
  return {
    ...stamp,
    id: `${studentId}/${skillId}`,
    studentId,
    skillId,
    instructorId: null,
    status: 'in_progress',
    progressPercentage: 50,
    attempts: 2,
    successfulAttempts: 1,
    lastAttemptDate: null,
    nextAssessmentDate: null,
    notes: null,
    attemptsBySetting: null,
    observedAttempts: 0,
    pendingAttempts: 0,
    statusOverride: null,
    progressOverride: null,
    fieldStamps: null,
    ...over,
  };
}

export function programRow(id: string, over: Partial<DomainRows['programs']> = {}): DomainRows['programs'] {
  return {
    ...stamp,
    id,
    name: `Program ${id}`,
    type: 'ems',
    certificationLevel: 'emt',
    description: null,
    durationWeeks: 16,
    durationText: null,
    requiredHours: 48,
    directorId: null,
    credits: null,
    capacity: null,
    prerequisites: null,
    certifications: [],
    skillMinimums: null,
    contactRules: null,
    countedSignOffStates: null,
    dorCategories: null,
    dorPhaseRules: null,
    taskBookRules: null,
    clockEarlyMinutes: 10,
    clockLateMinutes: 5,
    ...over,
  };
}

export function signOffRow(id: string, over: Partial<DomainRows['signOffs']> = {}): DomainRows['signOffs'] {
  return {
    ...stamp,
    id,
    studentId: 'st1',
    records: [{ kind: 'attempt', id: 'a-held' }],
    contentHash: '0'.repeat(64),
    previousHash: null,
    hash: '1'.repeat(64),
    deviceId: 'device-0001',
    capturedAt: '2026-11-19T18:00:00.000Z',
    preceptor: { name: 'Lee Park', credential: 'EMT', number: 'E-1', agency: 'Metro Fire', contact: 'lee@x.org' },
    evaluation: {},
    teamLeadScores: {},
    signature: { width: 320, height: 140, strokes: [[1, 1, 2, 2]] },
    recordedBy: 'user-1',
    status: 'awaiting',
    statusNote: null,
    statusBy: null,
    statusAt: null,
    chainBroken: false,
    cosignCode: null,
    cosignedBy: null,
    cosignStep: null,
    linkExpiresAt: null,
    mailTries: 0,
    mailRetryAt: null,
    mailFailure: null,
    ...over,
  };
}

export function hoursRow(
  id: string,
  studentId: string,
  over: Partial<DomainRows['clinicalHours']> = {},
): DomainRows['clinicalHours'] {
  return {
    ...stamp,
    id,
    studentId,
    clinicalSiteId: null,
    date: '2026-02-10',
    hoursCompleted: 4,
    startTime: null,
    endTime: null,
    hourType: 'clinical',
    unit: null,
    preceptorName: null,
    notes: null,
    recordedBy: 'user-1',
    verifiedBy: 'user-1',
    verifiedAt: stamp.createdAt,
    refusedBy: null,
    shiftBookingId: null,
    ...over,
  };
}

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

/** A student's booking on a shift as a device holds it: booked by their own account, not clocked in. */
export const bookingRow = (
  id: string,
  shiftId: string,
  studentId: string,
  over: Partial<DomainRows['shiftBookings']> = {},
): DomainRows['shiftBookings'] => ({
  ...stamp,
  id,
  shiftId,
  studentId,
  bookedBy: 'user-1',
  swapOffered: false,
  clockInAt: null,
  clockInAtSite: null,
  clockInReason: null,
  clockOutAt: null,
  clockOutReason: null,
  hoursEntryId: null,
  ...over,
});
