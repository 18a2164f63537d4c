/**
 * SQLite tables (drizzle). Server-only: imported by api/ and sync/server, never by web/.
 * Every table a client syncs carries `version` (the global server version of its last write) and `deletedAt`
 * (a tombstone), as the sync protocol in docs/ARCHITECTURE.md requires. Column names are snake_case in SQL.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

import type { FieldStamps } from './assessment-fields.ts';
import type { AttestedEvidence } from './attestation.ts';
import type {
  DorCategory,
  DorPhase,
  DorPhaseRule,
  DorPhaseSignature,
  DorRating,
  DorStamps,
  DorSuperseded,
} from './dor.ts';
import type { TaskBookRules } from './fire-task-book.ts';
import type { ContactRules } from './patient-contact.ts';
import type { Signature } from './sign-off.ts';
import type { SettingCounts, SkillMinimum } from './skill-figures.ts';

const synced = {
  id: text().primaryKey(),
  createdAt: text().notNull(),
  updatedAt: text().notNull(),
  version: integer().notNull().default(0),
  deletedAt: text(),
};
const json = <T>() => text({ mode: 'json' }).$type<T>();
const bool = () => integer({ mode: 'boolean' });
const live = sql`deleted_at is null`;

export const users = sqliteTable(
  'users',
  {
    ...synced,
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text().notNull(),
    phone: text(),
    department: text(),
    certifications: json<string[]>().notNull().default([]),
    specialties: json<string[]>().notNull().default([]),
    profileImageUrl: text(),
    isActive: bool().notNull().default(true),
  },
  (t) => [uniqueIndex('users_email_live').on(t.email).where(live), index('users_version').on(t.version)],
);

/** Instructor profile of a user (instructors and preceptors); `id` is the user's id. */
export const instructors = sqliteTable(
  'instructors',
  {
    ...synced,
    employeeId: text().notNull(),
    title: text().notNull(),
    department: text().notNull(),
    programTypes: json<string[]>().notNull().default([]),
    experience: text(),
    education: text(),
    hireDate: text().notNull(),
    isPreceptor: bool().notNull().default(false),
    notes: text(),
  },
  (t) => [index('instructors_version').on(t.version)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself only lives in the cookie. */
    id: text().primaryKey(),
    userId: text().notNull(),
    createdAt: text().notNull(),
    expiresAt: text().notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** A user's private calendar feed (/api/calendar/<token>.ics): one per user, revoked by deleting the row. */
export const calendarTokens = sqliteTable('calendar_tokens', {
  userId: text().primaryKey(),
  /** SHA-256 of the token; the token itself is shown to its user once and lives only in their calendar app. */
  tokenHash: text().notNull().unique(),
  createdAt: text().notNull(),
});

export const programs = sqliteTable(
  'programs',
  {
    ...synced,
    name: text().notNull(),
    type: text().notNull(),
    /** The skills level the program trains to (e.g. paramedic, firefighter_1); EMS students carry their own. */
    certificationLevel: text(),
    description: text(),
    durationWeeks: integer(),
    durationText: text(),
    requiredHours: integer(),
    directorId: text(),
    credits: integer(),
    capacity: integer(),
    prerequisites: text(),
    certifications: json<string[]>().notNull().default([]),
    /** Successful attempts required per skill (in all and by setting); a skill not listed uses the catalogue's. */
    skillMinimums: json<Record<string, SkillMinimum>>(),
    /** Age bands, impression map and SMC minimums for patient contacts; null means the level's defaults (schema/smc.ts). */
    contactRules: json<ContactRules>(),
    /** The sign-off states whose records count toward the minimums; null means DEFAULT_COUNTED_STATES. */
    countedSignOffStates: json<string[]>(),
    /** Police: the categories a Daily Observation Report rates (seeded from dor.json) and the advancement rules. */
    dorCategories: json<DorCategory[]>(),
    dorPhaseRules: json<DorPhaseRule[]>(),
    /** Attempts per day, days, and whether training JPRs are signed again; null means DEFAULT_TASK_BOOK_RULES. */
    taskBookRules: json<TaskBookRules>(),
    /** The clock-in window of the program's shifts (issue 30): minutes before and after a shift's start. */
    clockEarlyMinutes: integer().notNull().default(10),
    clockLateMinutes: integer().notNull().default(5),
  },
  (t) => [index('programs_version').on(t.version)],
);

export const programMembers = sqliteTable(
  'program_members',
  {
    ...synced,
    programId: text().notNull(),
    userId: text().notNull(),
    assignedRole: text().notNull(),
  },
  (t) => [
    uniqueIndex('program_members_live').on(t.programId, t.userId).where(live),
    index('program_members_user').on(t.userId),
    index('program_members_version').on(t.version),
  ],
);

export const students = sqliteTable(
  'students',
  {
    ...synced,
    userId: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    studentCode: text().notNull(),
    emsCertificationLevel: text().notNull().default('emt'),
    programId: text().notNull(),
    enrollmentDate: text().notNull(),
    expectedGraduation: text().notNull(),
    graduationDate: text(),
    address: text(),
    emergencyContact: text(),
    emergencyPhone: text(),
    gpa: real(),
    isActive: bool().notNull().default(true),
  },
  (t) => [
    uniqueIndex('students_code_live').on(t.studentCode).where(live),
    index('students_program').on(t.programId),
    index('students_user').on(t.userId),
    index('students_version').on(t.version),
  ],
);

export const skills = sqliteTable(
  'skills',
  {
    ...synced,
    code: text().notNull(),
    name: text().notNull(),
    description: text(),
    category: text().notNull(),
    programType: text().notNull(),
    certificationLevel: text().notNull(),
    competencyDomain: text(),
    smcMatrixNumber: text(),
    smcMotorSkillName: text(),
    smcPathologyCategory: text(),
    clinicalHoursRequired: real(),
    fieldHoursRequired: real(),
    minimumAttempts: integer().notNull().default(1),
    simulationAllowed: bool(),
    standardReference: text(),
    confidence: text().notNull().default('uncertain'),
    source: text(),
  },
  (t) => [
    uniqueIndex('skills_code').on(t.code),
    index('skills_level').on(t.programType, t.certificationLevel),
    index('skills_version').on(t.version),
  ],
);

/** One row per student and skill; editable fields merge per field, last write to reach the server wins. */
export const studentSkills = sqliteTable(
  'student_skills',
  {
    ...synced,
    studentId: text().notNull(),
    skillId: text().notNull(),
    instructorId: text(),
    status: text().notNull().default('not_started'),
    progressPercentage: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    successfulAttempts: integer().notNull().default(0),
    lastAttemptDate: text(),
    nextAssessmentDate: text(),
    notes: text(),
    /** Counted attempts by setting, kept with the totals as the log is appended (schema/skill-figures.ts). */
    attemptsBySetting: json<SettingCounts>(),
    observedAttempts: integer().notNull().default(0),
    pendingAttempts: integer().notNull().default(0),
    /** A staff judgement that stands over the derived status or progress; null shows the derived figure. */
    statusOverride: text(),
    progressOverride: integer(),
    /** Who last set each judgement field and the clock stamp of that save (schema/hlc.ts). */
    fieldStamps: json<FieldStamps>(),
  },
  (t) => [uniqueIndex('student_skills_pair').on(t.studentId, t.skillId), index('student_skills_version').on(t.version)],
);

/**
 * The skill evidence log, append-only: a row is never updated or deleted (voids are skill_attempt_voids rows). An
 * attempt counts one try; a correction (the spec's absolute POST, opening balances) adjusts the counts by its deltas.
 */
export const skillAttempts = sqliteTable(
  'skill_attempts',
  {
    ...synced,
    studentId: text().notNull(),
    skillId: text().notNull(),
    kind: text().notNull().default('attempt'),
    attemptedAt: text().notNull(),
    setting: text(),
    outcome: text(),
    participation: text(),
    attemptsDelta: integer().notNull(),
    successfulDelta: integer().notNull(),
    patientContactId: text(),
    clinicalSiteId: text(),
    notes: text(),
    recordedBy: text().notNull(),
    /** Null while a student's own entry awaits a preceptor's or instructor's word. */
    verifiedBy: text(),
    verifiedAt: text(),
  },
  (t) => [
    index('skill_attempts_pair').on(t.studentId, t.skillId, t.attemptedAt),
    index('skill_attempts_version').on(t.version),
  ],
);

/**
 * A preceptor's sign-off of a student's records, captured on the student's device (schema/sign-off.ts). The content
 * and the sign-off are hashed there and checked here; `status` moves through confirmation, review or a later change.
 */
export const signOffs = sqliteTable(
  'sign_offs',
  {
    ...synced,
    studentId: text().notNull(),
    records: json<{ kind: string; id: string }[]>().notNull(),
    contentHash: text().notNull(),
    previousHash: text(),
    hash: text().notNull(),
    deviceId: text().notNull(),
    capturedAt: text().notNull(),
    preceptor: json<{ name: string; credential: string; number: string; agency: string; contact: string }>().notNull(),
    evaluation: json<Record<string, number | null>>().notNull(),
    teamLeadScores: json<Record<string, number | null>>().notNull(),
    signature: json<Signature>().notNull(),
    recordedBy: text().notNull(),
    status: text().notNull(),
    statusNote: text(),
    statusBy: text(),
    statusAt: text(),
    /** The device's previous sign-off is not the one this names: one was deleted or never arrived. */
    chainBroken: bool().notNull().default(false),
    /** When the preceptor's latest confirm link stops working: awaiting past it shows as expired. */
    linkExpiresAt: text(),
    /** The co-sign code given (part of what the hash covers), the account it verified and its time step. */
    cosignCode: text(),
    cosignedBy: text(),
    cosignStep: integer(),
    /** Failed tries at mailing the preceptor's link, when the next may be made, and why mailing was given up. */
    mailTries: integer().notNull().default(0),
    mailRetryAt: text(),
    mailFailure: text(),
  },
  (t) => [
    index('sign_offs_student').on(t.studentId),
    index('sign_offs_version').on(t.version),
    uniqueIndex('sign_offs_cosign_step').on(t.cosignedBy, t.cosignStep),
  ],
);

/** Each staff account's co-sign secret (RFC 6238, base32): sent only to the account's own device at sign-in. */
export const cosignSecrets = sqliteTable('cosign_secrets', {
  userId: text().primaryKey(),
  secret: text().notNull(),
  createdAt: text().notNull(),
});

/** Single-use confirm-or-dispute links for a sign-off's preceptor; only the token's SHA-256 is kept. Not synced. */
export const signOffLinks = sqliteTable(
  'sign_off_links',
  {
    id: text().primaryKey(),
    signOffId: text().notNull(),
    createdAt: text().notNull(),
    expiresAt: text().notNull(),
    usedAt: text(),
    sentTo: text(),
    /** The staff member shown the link to pass on by hand (null: only mailed to the preceptor). */
    createdBy: text(),
  },
  (t) => [index('sign_off_links_sign_off').on(t.signOffId)],
);

/** A void takes one attempt out of the figures; the attempt itself stays. One void per attempt. */
export const skillAttemptVoids = sqliteTable(
  'skill_attempt_voids',
  {
    ...synced,
    attemptId: text().notNull(),
    studentId: text().notNull(),
    skillId: text().notNull(),
    reason: text().notNull(),
    voidedBy: text().notNull(),
  },
  (t) => [
    uniqueIndex('skill_attempt_voids_attempt').on(t.attemptId),
    index('skill_attempt_voids_version').on(t.version),
    // a desk device opening a student fetches their voids by key (sync/server/pull.ts openedStudentsRows)
    index('skill_attempt_voids_student').on(t.studentId, t.skillId),
  ],
);

/** A patient a student assessed, without identifiers (age, not date of birth). */
export const patientContacts = sqliteTable(
  'patient_contacts',
  {
    ...synced,
    studentId: text().notNull(),
    date: text().notNull(),
    setting: text().notNull(),
    clinicalSiteId: text(),
    ageYears: integer().notNull(),
    ageMonths: integer().notNull().default(0),
    gender: text().notNull(),
    chiefComplaints: json<string[]>().notNull().default([]),
    primaryImpression: text().notNull(),
    secondaryImpression: text(),
    teamLead: bool().notNull().default(false),
    careLevel: text().notNull(),
    disposition: text().notNull(),
    notes: text(),
    recordedBy: text().notNull(),
    /** Who stands behind the contact: the staff member who logged it, or `sign-off:<id>` (as hours). */
    verifiedBy: text(),
    verifiedAt: text(),
    /**
     * Set only on contacts migration 0012 made from an old T1/T2/team-lead catalogue item's attempts: the one SMC item
     * it counts in ('age:<band>', 'pathology:<category>', 'teamLeads'), since the attempt never said age or impression.
     */
    smcItem: text(),
  },
  (t) => [index('patient_contacts_student').on(t.studentId, t.date), index('patient_contacts_version').on(t.version)],
);

export const clinicalSites = sqliteTable(
  'clinical_sites',
  {
    ...synced,
    name: text().notNull(),
    type: text().notNull(),
    address: text().notNull(),
    city: text(),
    state: text(),
    zipCode: text(),
    phone: text(),
    email: text(),
    contactPerson: text(),
    contactTitle: text(),
    maxStudents: integer().notNull().default(1),
    programTypes: json<string[]>().notNull().default([]),
    specialties: json<string[]>().notNull().default([]),
    notes: text(),
    requirements: text(),
    requiresBackground: bool().notNull().default(true),
    requiresInsurance: bool().notNull().default(true),
    requiresOrientation: bool().notNull().default(true),
    isActive: bool().notNull().default(true),
    /** Where the site is, set by staff, so a phone can tell on its own whether it is there (issue 30); null: unset. */
    latitude: real(),
    longitude: real(),
    radiusMeters: integer(),
  },
  (t) => [index('clinical_sites_version').on(t.version)],
);

export const siteEmails = sqliteTable(
  'site_emails',
  {
    ...synced,
    clinicalSiteId: text().notNull(),
    emailAddress: text().notNull(),
    contactName: text(),
    emailType: text().notNull().default('secondary'),
    isActive: bool().notNull().default(true),
  },
  (t) => [index('site_emails_site').on(t.clinicalSiteId), index('site_emails_version').on(t.version)],
);

/** Hours a student spent at a clinical site (clinical) or on a unit in the field (field). */
export const clinicalHours = sqliteTable(
  'clinical_hours',
  {
    ...synced,
    studentId: text().notNull(),
    clinicalSiteId: text(),
    date: text().notNull(),
    hoursCompleted: real().notNull(),
    startTime: text(),
    endTime: text(),
    hourType: text().notNull().default('clinical'),
    unit: text(),
    preceptorName: text(),
    notes: text(),
    recordedBy: text().notNull(),
    /** Who stands behind the hours: the staff member who logged them, or `sign-off:<id>` (schema/verification.ts). */
    verifiedBy: text(),
    verifiedAt: text(),
    /**
     * While nobody verified them and every sign-off holding them is rejected, `sign-off:<id>` of one of those: the hours
     * are "not verified: refused" (schema/sign-off.ts hoursRefuser), derived from scratch as `verifiedBy` is.
     */
    refusedBy: text(),
    /** The booking these hours were clocked on (issue 30); null: entered by hand, "not clocked". */
    shiftBookingId: text(),
  },
  (t) => [index('clinical_hours_student').on(t.studentId), index('clinical_hours_version').on(t.version)],
);

/**
 * A scheduled shift with slots students book (issue 30). `bookedCount` is the live bookings, kept by the commands in
 * the transaction that books or drops, so every device sees how many slots are left without seeing who took them.
 */
export const shifts = sqliteTable(
  'shifts',
  {
    ...synced,
    programId: text().notNull(),
    /** The weekly series this shift was created in (its first shift's id), or null. */
    seriesId: text(),
    type: text().notNull(),
    clinicalSiteId: text(),
    unit: text(),
    date: text().notNull(),
    startTime: text().notNull(),
    durationMinutes: integer().notNull(),
    slots: integer().notNull(),
    bookedCount: integer().notNull().default(0),
    /** Live bookings offered for a swap, kept with `bookedCount`, so a phone sees a full shift it may still swap into. */
    swapOffers: integer().notNull().default(0),
    signupOpensDaysBefore: integer(),
    signupClosesDaysBefore: integer().notNull().default(0),
    allowDrop: bool().notNull().default(true),
    dropCutoffHours: integer().notNull().default(24),
    allowSwap: bool().notNull().default(true),
    preceptorIds: json<string[]>().notNull().default([]),
    requiredCredentials: json<string[]>().notNull().default([]),
    notes: text(),
    createdBy: text().notNull(),
    cancelledAt: text(),
    cancelReason: text(),
  },
  (t) => [
    index('shifts_program_date').on(t.programId, t.date),
    index('shifts_series').on(t.seriesId),
    index('shifts_version').on(t.version),
  ],
);

/** A student's place on a shift; a drop is a tombstone. At most one live booking per student and shift. */
export const shiftBookings = sqliteTable(
  'shift_bookings',
  {
    ...synced,
    shiftId: text().notNull(),
    studentId: text().notNull(),
    bookedBy: text().notNull(),
    /** The student offers this place; another student takes it (acceptShiftSwap), giving theirs in exchange or not. */
    swapOffered: bool().notNull().default(false),
    clockInAt: text(),
    /**
     * Whether the phone was within the site's radius, worked out on the phone with the student's consent; null without
     * consent or a site location. The server never receives coordinates.
     */
    clockInAtSite: bool(),
    clockInReason: text(),
    clockOutAt: text(),
    clockOutReason: text(),
    hoursEntryId: text(),
  },
  (t) => [
    uniqueIndex('shift_bookings_live').on(t.shiftId, t.studentId).where(live),
    index('shift_bookings_student').on(t.studentId),
    index('shift_bookings_version').on(t.version),
  ],
);

/** A student's compliance record (an immunization, a background check) and when it expires; shifts may require kinds. */
export const studentCredentials = sqliteTable(
  'student_credentials',
  {
    ...synced,
    studentId: text().notNull(),
    kind: text().notNull(),
    expiresOn: text(),
    notes: text(),
    recordedBy: text().notNull(),
  },
  (t) => [index('student_credentials_student').on(t.studentId), index('student_credentials_version').on(t.version)],
);

export const documents = sqliteTable(
  'documents',
  {
    ...synced,
    name: text().notNull(),
    description: text(),
    type: text().notNull(),
    programType: text().notNull(),
    programId: text(),
    isPublic: bool().notNull().default(false),
    fileName: text().notNull(),
    storedName: text().notNull(),
    mimeType: text().notNull(),
    fileSize: integer().notNull(),
    uploadedBy: text().notNull(),
  },
  (t) => [index('documents_version').on(t.version)],
);

export const messages = sqliteTable(
  'messages',
  {
    ...synced,
    senderId: text().notNull(),
    recipientId: text().notNull(),
    subject: text().notNull(),
    content: text().notNull(),
    priority: text().notNull().default('normal'),
    category: text().notNull().default('general'),
    isRead: bool().notNull().default(false),
    readAt: text(),
    recipientStarred: bool().notNull().default(false),
    recipientArchived: bool().notNull().default(false),
    recipientDeleted: bool().notNull().default(false),
    senderStarred: bool().notNull().default(false),
    senderArchived: bool().notNull().default(false),
    senderDeleted: bool().notNull().default(false),
  },
  (t) => [
    index('messages_recipient').on(t.recipientId),
    index('messages_sender').on(t.senderId),
    index('messages_version').on(t.version),
  ],
);

/**
 * Every request kind in one table: program-join, role-change, preceptor (both spec shapes) and clinical-time.
 * Columns a kind does not use stay null.
 */
export const requests = sqliteTable(
  'requests',
  {
    ...synced,
    kind: text().notNull(),
    userId: text().notNull(),
    status: text().notNull().default('pending'),
    justification: text(),
    reviewNotes: text(),
    reviewedBy: text(),
    reviewedAt: text(),
    approvalLevel: text(),
    programId: text(),
    currentRole: text(),
    requestedRole: text(),
    studentId: text(),
    clinicalSiteId: text(),
    requestedPreceptorId: text(),
    emsCertificationLevel: text(),
    requestedDates: json<string[]>(),
    requestedDatesText: text(),
    skillsToFocus: json<string[]>(),
    skillsToFocusText: text(),
    startAt: text(),
    endAt: text(),
    requestedHours: integer(),
    specialRequirements: text(),
  },
  (t) => [
    index('requests_kind_status').on(t.kind, t.status),
    index('requests_user').on(t.userId),
    index('requests_version').on(t.version),
  ],
);

export const accreditationRequirements = sqliteTable(
  'accreditation_requirements',
  {
    ...synced,
    programId: text(),
    title: text().notNull(),
    description: text(),
    frequency: text(),
    roleRequired: text(),
    standardReference: text(),
    requirementType: text().notNull(),
    documents: json<string[]>().notNull().default([]),
    completionStatus: text().notNull().default('pending'),
    dueDate: text(),
    completedAt: text(),
    confidence: text().notNull().default('uncertain'),
    source: text(),
  },
  (t) => [index('accreditation_requirements_version').on(t.version)],
);

export const ramAssessments = sqliteTable(
  'ram_assessments',
  {
    ...synced,
    programId: text(),
    year: integer().notNull(),
    componentArea: text().notNull(),
    componentDescription: text(),
    status: text().notNull().default('pending'),
    compliancePercentage: integer(),
    improvementPlan: text(),
    assessmentDate: text(),
    confidence: text().notNull().default('uncertain'),
    source: text(),
  },
  (t) => [index('ram_assessments_year').on(t.year), index('ram_assessments_version').on(t.version)],
);

/** A student's annual-report outcome (schema/annual-report.ts): a graduate's placement, or a leaver's exit. */
export const studentOutcomes = sqliteTable(
  'student_outcomes',
  {
    ...synced,
    studentId: text().notNull(),
    programId: text().notNull(),
    placement: text(),
    exitDate: text(),
    exitReason: text(),
    recordedBy: text().notNull(),
  },
  (t) => [
    uniqueIndex('student_outcomes_student_live').on(t.studentId).where(live),
    index('student_outcomes_program').on(t.programId),
  ],
);

/** A graduate's written (cognitive) credentialing exam attempt, entered by program staff. */
export const examAttempts = sqliteTable(
  'exam_attempts',
  {
    ...synced,
    studentId: text().notNull(),
    programId: text().notNull(),
    attemptNumber: integer().notNull(),
    takenOn: text().notNull(),
    passed: bool().notNull(),
    recordedBy: text().notNull(),
  },
  (t) => [
    uniqueIndex('exam_attempts_student_number_live').on(t.studentId, t.attemptNumber).where(live),
    index('exam_attempts_program').on(t.programId),
  ],
);

/** Append-only: every write a command makes (actor, command, record, fields before and after). */
export const auditLog = sqliteTable(
  'audit_log',
  {
    // A plain rowid key: ids only grow because rows are never deleted, and AUTOINCREMENT's bookkeeping cost 40% per insert.
    id: integer().primaryKey(),
    at: text().notNull(),
    actorId: text(),
    command: text().notNull(),
    tableName: text().notNull(),
    recordId: text().notNull(),
    action: text().notNull(),
    changes: json<Record<string, { before: unknown; after: unknown }>>().notNull(),
    version: integer().notNull(),
  },
  (t) => [index('audit_log_record').on(t.tableName, t.recordId), index('audit_log_actor').on(t.actorId, t.at)],
);

/** The single global server version; bumped once per write transaction. */
export const syncMeta = sqliteTable('sync_meta', {
  id: integer().primaryKey(),
  version: integer().notNull(),
});

/**
 * Per scope of what users see, the last data version at which a synced row in it changed: `all` (tables everyone
 * reads), `program:<id>` (its students' records), `user:<id>` (their messages, requests, own student records),
 * `requests` and `sign-offs` (what reviewers and preceptors read across programs). Kept by triggers in each write's
 * transaction (0012_change_scopes.sql); the pull's "anything new for me?" reads it (sync/server/change-scopes.ts).
 */
export const changeScopes = sqliteTable('change_scopes', {
  scope: text().primaryKey(),
  version: integer().notNull(),
});

export const syncClients = sqliteTable('sync_clients', {
  clientId: text().primaryKey(),
  clientGroupId: text().notNull(),
  userId: text().notNull(),
  lastMutationId: integer().notNull().default(0),
  updatedAt: text().notNull(),
});

export const mutationResults = sqliteTable(
  'mutation_results',
  {
    clientId: text().notNull(),
    mutationId: integer().notNull(),
    status: text().notNull(),
    code: text(),
    message: text(),
    fields: json<Record<string, string>>(),
    version: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] })],
);

/**
 * What each student's figures add up from their records, kept by triggers on student_skills, clinical_hours and skills
 * in every transaction that writes them (api/db/migrations/0007_student_tallies.sql), so a list of students reads a few
 * rows a student instead of every record (api/domain/student-figures.ts). Server only: a device keeps its own.
 */
export const studentTallies = sqliteTable('student_tallies', {
  studentId: text().primaryKey(),
  /** Over all the student's records, in or out of their track: every attempt is evidence. */
  attempts: integer().notNull().default(0),
  pendingAttempts: integer().notNull().default(0),
  /** The latest day a record was updated. */
  lastProgress: text(),
  /** Hours in thousandths, so that adding and taking away entries leaves no rounding behind. */
  clinicalMillihours: integer().notNull().default(0),
  fieldMillihours: integer().notNull().default(0),
  /** The student's own hours no one has verified yet (0009_verified_hours.sql): shown apart, counted nowhere. */
  awaitingMillihours: integer().notNull().default(0),
  /** Hours held only by rejected sign-offs (refused_hours migration): awaiting nobody, counted nowhere. */
  refusedMillihours: integer().notNull().default(0),
  /** The latest date hours were logged. */
  lastHours: text(),
});

/**
 * A student's records summed by their skill's track ('<program type>:<level>'; '' for a removed or unknown skill),
 * which the figures pick their track's group from (schema/student-summary.ts says which that is).
 */
export const studentTrackTallies = sqliteTable(
  'student_track_tallies',
  {
    studentId: text().notNull(),
    skillGroup: text().notNull(),
    progressSum: integer().notNull().default(0),
    completed: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.skillGroup] })],
);

/**
 * A file brought in from another system (schema/roster-import.ts): who brought it into which program, its content's
 * SHA-256 (a history file is taken once) and the column mapping used, which the next import of the kind starts from.
 * A history file's records count once a coordinator attests it (attestedBy). Server only: never pulled by devices.
 */
export const importBatches = sqliteTable(
  'import_batches',
  {
    ...synced,
    programId: text().notNull(),
    kind: text().notNull(),
    fileName: text().notNull(),
    fileHash: text().notNull(),
    rowCount: integer().notNull(),
    mapping: json<Record<string, string>>().notNull(),
    importedBy: text().notNull(),
    attestedBy: text(),
    attestedAt: text(),
  },
  (t) => [index('import_batches_program').on(t.programId, t.kind, t.fileHash)],
);

/** Which record a history file's row became: the record is marked imported with its source file and row. */
export const importRecords = sqliteTable(
  'import_records',
  {
    ...synced,
    batchId: text().notNull(),
    rowNumber: integer().notNull(),
    recordTable: text().notNull(),
    recordId: text().notNull(),
  },
  (t) => [index('import_records_batch').on(t.batchId), uniqueIndex('import_records_record').on(t.recordId)],
);

/**
 * A police Daily Observation Report: one trainee's shift, rated by their FTO (schema/dor.ts). Text fields and each
 * category's rating carry a clock stamp (`fieldStamps`), so edits on two devices merge, the losing value kept in
 * `superseded`; each signed step is in
 * `signatures`, in order: complete (FTO), acknowledge (trainee), review (supervisor).
 */
export const dors = sqliteTable(
  'dors',
  {
    ...synced,
    studentId: text().notNull(),
    ftoId: text().notNull(),
    date: text().notNull(),
    shiftStart: text(),
    shiftEnd: text(),
    assignment: text(),
    noEvaluationReason: text(),
    ratings: json<Record<string, DorRating>>().notNull().default({}),
    narrative: text(),
    trainingPlan: text(),
    activityLog: text(),
    fieldStamps: json<DorStamps>().notNull().default({}),
    /** Text (or a rating) a later save on another device stood over: kept and shown with the report. */
    superseded: json<DorSuperseded[]>().notNull().default([]),
    status: text().notNull().default('draft'),
    signatures: json<Partial<Record<DorPhase, DorPhaseSignature>>>().notNull().default({}),
  },
  (t) => [index('dors_student').on(t.studentId, t.date), index('dors_version').on(t.version)],
);

/** A fire candidate's NFPA 1001 task book (schema/fire-task-book.ts): started, verified by the final evaluator, certified. */
export const taskBooks = sqliteTable(
  'task_books',
  {
    ...synced,
    studentId: text().notNull(),
    programId: text().notNull(),
    level: text().notNull(),
    state: text().notNull(),
    startedBy: text().notNull(),
    /** The day the book was started on the device that started it (perhaps offline, days before it reached us). */
    startedOn: text().notNull(),
    verifiedBy: text(),
    verifiedName: text(),
    verifiedSignature: json<Signature>(),
    verifiedAt: text(),
    certifiedBy: text(),
    certifiedName: text(),
    certifiedSignature: json<Signature>(),
    certifiedAt: text(),
  },
  (t) => [
    uniqueIndex('task_books_student_level').on(t.studentId, t.level).where(live),
    index('task_books_version').on(t.version),
  ],
);

/** One JPR attempt signed in a task book: appended, never edited (a trigger refuses changes to what was signed). */
export const jprSignOffs = sqliteTable(
  'jpr_sign_offs',
  {
    ...synced,
    taskBookId: text().notNull(),
    studentId: text().notNull(),
    skillId: text().notNull(),
    performedOn: text().notNull(),
    method: text().notNull(),
    passed: bool().notNull(),
    steps: json<{ step: string; passed: boolean }[]>().notNull(),
    inTraining: bool().notNull(),
    attemptNumber: integer().notNull(),
    dayNumber: integer().notNull(),
    comments: text(),
    evaluatorName: text().notNull(),
    evaluatorNumber: text().notNull(),
    /** The account that vouches: the evaluator signing on their own phone, or the one whose co-sign code was given. */
    evaluatorId: text().notNull(),
    signature: json<Signature>().notNull(),
    capturedAt: text().notNull(),
    recordedBy: text().notNull(),
    cosignStep: integer(),
  },
  (t) => [
    index('jpr_sign_offs_book').on(t.taskBookId, t.skillId),
    index('jpr_sign_offs_student').on(t.studentId),
    index('jpr_sign_offs_version').on(t.version),
    uniqueIndex('jpr_sign_offs_cosign_step').on(t.evaluatorId, t.cosignStep),
  ],
);

/**
 * Terminal Competency attestation signatures (schema/attestation.ts). Server-only and never changed or deleted: a
 * new signature on changed evidence is a new row. `snapshot` is the portfolio's figures as signed, so a later change
 * can say what changed; `contentHash` is their SHA-256.
 */
export const attestations = sqliteTable(
  'attestations',
  {
    id: text().primaryKey(),
    studentId: text().notNull(),
    role: text().notNull(),
    signerId: text().notNull(),
    signerName: text().notNull(),
    signedAt: text().notNull(),
    contentHash: text().notNull(),
    /** What the signer saw: each figure under its label of the day, as printed. */
    snapshot: json<Record<string, string>>().notNull(),
    /** The evidence the verdict compares: each figure under a key no wording change alters (schema/attestation.ts). */
    evidence: json<AttestedEvidence>().notNull().default({}),
    exception: text(),
  },
  (t) => [index('attestations_student').on(t.studentId, t.signedAt)],
);
