/**
 * What the API's record routes answer, as strict zod schemas: the OpenAPI document (api/openapi/) is generated from
 * them and its test checks every route's real answer against them, so a field added, dropped or retyped in a handler
 * fails it. A table's fields come from the table itself (schema/api-rows.ts); what a route adds is stated here. An
 * answer particular to one feature's figures lives with that feature's schemas (schema/reports.ts, schema/smc.ts,
 * schema/portfolio.ts, schema/annual-report.ts, schema/audit.ts, schema/shift-board.ts, schema/roster-import.ts,
 * schema/calendar.ts). Server-only, like schema/tables.ts.
 */
import { z } from 'zod';

import { annualReportFiguresSchema, EXIT_REASONS, PLACEMENTS } from './annual-report.ts';
import { liveRowSchema, tableRowSchema } from './api-rows.ts';
import { ASSESSMENT_FIELDS, type AssessmentChange } from './assessment-fields.ts';
import { ROLES } from './enums.ts';
import { taskBookRulesSchema } from './fire-task-book-schema.ts';
import * as t from './tables.ts';

/** A refusal: the spec's message, and each bad field's message for a 400. */
export const errorAnswerSchema = z.strictObject({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** What a removal answers: the id of the record removed (its tombstone stays for devices to pull). */
export const removedAnswerSchema = z.strictObject({ id: z.string() });

/** GET /api/health: the server is up, and whether it runs the demo. */
export const healthAnswerSchema = z.strictObject({ ok: z.boolean(), demo: z.boolean() });
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

const user = tableRowSchema(t.users);
/** The signed-in user as the app reads them (sign-in, the session, a profile change). */
export const publicUserSchema = user
  .pick({
    id: true,
    email: true,
    firstName: true,
    lastName: true,
    role: true,
    profileImageUrl: true,
    // the table keeps text; only the commands' role enum writes it
  })
  .extend({ role: z.enum(ROLES) });
export type PublicUser = z.infer<typeof publicUserSchema>;
/** POST /api/login: the user, and the secret their device makes co-sign codes with (null for a student). */
export const signInAnswerSchema = publicUserSchema.extend({ cosignSecret: z.string().nullable() });

/** GET /api/auth/session: the signed-in user, or null for a signed-out visitor. */
export const sessionAnswerSchema = z.strictObject({ user: publicUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** An account as staff and its owner read it; never its password hash. */
export const userAnswerSchema = user.omit({ passwordHash: true, version: true, deletedAt: true });
export type UserAnswer = z.infer<typeof userAnswerSchema>;
/** An account as a student reads someone else's: who they are and whether the account is in use. */
export const userNameAnswerSchema = user.pick({
  id: true,
  firstName: true,
  lastName: true,
  role: true,
  isActive: true,
});
export type UserNameAnswer = z.infer<typeof userNameAnswerSchema>;

const instructorProfile = tableRowSchema(t.instructors);
/** An instructor: their account's and profile's fields, their programs and head counts. */
export const instructorAnswerSchema = z.strictObject({
  ...user.pick({ id: true, firstName: true, lastName: true, email: true, phone: true }).shape,
  ...instructorProfile.pick({
    employeeId: true,
    title: true,
    department: true,
    programTypes: true,
    experience: true,
    education: true,
    hireDate: true,
    isPreceptor: true,
    notes: true,
    createdAt: true,
    updatedAt: true,
  }).shape,
  ...user.pick({ certifications: true, specialties: true, isActive: true }).shape,
  studentsSupervised: z.number().int(),
  totalStudents: z.number().int(),
  /** No rating data exists, so it is always null rather than an invented figure. */
  averageRating: z.null(),
  programs: z.array(z.strictObject({ id: z.string(), name: z.string() })),
});
export type InstructorAnswer = z.infer<typeof instructorAnswerSchema>;

const program = tableRowSchema(t.programs);
/** A program with its director's name and head counts (`duration` is the spec's name for its weeks). */
export const programAnswerSchema = liveRowSchema(t.programs).extend({
  duration: z.number().int().nullable(),
  directorName: z.string().nullable(),
  studentCount: z.number().int(),
  memberCount: z.number().int(),
});
export type ProgramAnswer = z.infer<typeof programAnswerSchema>;
/** PUT /api/programs/:id/requirements: the program's requirements as they now stand. */
export const programRequirementsAnswerSchema = program.pick({
  skillMinimums: true,
  contactRules: true,
  countedSignOffStates: true,
});
/** PUT /api/programs/:id/dor-settings: the program's DOR categories and advancement rules as they now stand. */
export const dorSettingsAnswerSchema = program.pick({ dorCategories: true, dorPhaseRules: true });
/** PUT /api/programs/:id/task-book-rules: the rules as they now stand. */
export const taskBookRulesAnswerSchema = taskBookRulesSchema;

/** A program's assignment, with the person assigned. */
export const programMemberAnswerSchema = z.strictObject({
  ...tableRowSchema(t.programMembers).pick({ id: true, userId: true, assignedRole: true, createdAt: true }).shape,
  user: user.pick({ id: true, firstName: true, lastName: true, email: true, role: true }),
});
export type ProgramMemberAnswer = z.infer<typeof programMemberAnswerSchema>;

const student = tableRowSchema(t.students);
/** A student: the spec's fields (`studentId` is the display code) with their program and figures. */
export const studentAnswerSchema = student.omit({ deletedAt: true, studentCode: true }).extend({
  studentId: z.string(),
  programName: z.string().nullable(),
  program: z.strictObject({ id: z.string(), name: z.string(), type: z.string() }).nullable(),
  certificationLevel: z.string().nullable(),
  progressPercentage: z.number(),
  skillsCompleted: z.number().int(),
  totalSkills: z.number().int(),
  clinicalHours: z.number(),
  fieldHours: z.number(),
  totalHours: z.number(),
  awaitingHours: z.number(),
  refusedHours: z.number(),
  requiredHours: z.number(),
  lastActivity: z.string().nullable(),
});
export type StudentAnswer = z.infer<typeof studentAnswerSchema>;

export const skillAnswerSchema = liveRowSchema(t.skills);
export const progressAnswerSchema = liveRowSchema(t.studentSkills);
export type ProgressAnswer = z.infer<typeof progressAnswerSchema>;
export const attemptVoidAnswerSchema = liveRowSchema(t.skillAttemptVoids);
export type AttemptVoidAnswer = z.infer<typeof attemptVoidAnswerSchema>;
/** An attempt with its void, if one took it out of the figures. */
export const attemptAnswerSchema = liveRowSchema(t.skillAttempts).extend({
  voided: attemptVoidAnswerSchema.nullable(),
});
export type AttemptAnswer = z.infer<typeof attemptAnswerSchema>;
export const patientContactAnswerSchema = liveRowSchema(t.patientContacts);
export type PatientContactAnswer = z.infer<typeof patientContactAnswerSchema>;

/** GET /api/student-skills/history: each judgement field's change, superseded saves marked. */
export const assessmentChangeAnswerSchema: z.ZodType<AssessmentChange> = z.strictObject({
  at: z.string(),
  byName: z.string(),
  field: z.enum(ASSESSMENT_FIELDS),
  // a field's value: a status, a percentage, a note, a date, or null
  before: z.unknown(),
  after: z.unknown(),
  superseded: z.boolean().optional(),
});

const signOffRowSchema = tableRowSchema(t.signOffs);
export const signOffAnswerSchema = liveRowSchema(t.signOffs);

/** POST /api/sign-offs/:id/review: the sign-off as moved, and a confirm link when it is to be handed over by hand. */
export const signOffReviewAnswerSchema = z.strictObject({ signOff: signOffRowSchema, url: z.string().nullable() });
export type SignOffReviewAnswer = z.infer<typeof signOffReviewAnswerSchema>;

/** POST /api/sign-offs/:id/link: a new confirm link for the sign-off's preceptor. */
export const signOffLinkAnswerSchema = z.strictObject({ signOffId: z.string(), url: z.string() });
export type SignOffLinkAnswer = z.infer<typeof signOffLinkAnswerSchema>;

/** GET /api/sign-off-links/:token: the sign-off as its preceptor sees it, its records in words, no identifiers. */
export const signOffSummaryAnswerSchema = z.strictObject({
  id: z.string(),
  student: z.string(),
  capturedAt: z.string(),
  preceptor: signOffRowSchema.shape.preceptor,
  status: z.string(),
  attempts: z.array(
    z.strictObject({
      ...tableRowSchema(t.skillAttempts).pick({
        id: true,
        attemptedAt: true,
        setting: true,
        outcome: true,
        participation: true,
      }).shape,
      skill: z.string().nullable(),
    }),
  ),
  contacts: z.array(
    tableRowSchema(t.patientContacts).pick({
      id: true,
      date: true,
      ageYears: true,
      ageMonths: true,
      gender: true,
      primaryImpression: true,
      teamLead: true,
      careLevel: true,
    }),
  ),
  hours: z.array(
    tableRowSchema(t.clinicalHours).pick({
      id: true,
      date: true,
      startTime: true,
      endTime: true,
      hoursCompleted: true,
      hourType: true,
    }),
  ),
});
export type SignOffSummaryAnswer = z.infer<typeof signOffSummaryAnswerSchema>;
/** POST /api/sign-off-links/:token: where the sign-off now stands. */
export const linkDecisionAnswerSchema = signOffRowSchema.pick({ status: true });

const site = tableRowSchema(t.clinicalSites);
/** A clinical site: part 1's fields, part 2's names for the same values, and who is placed there now. */
export const siteAnswerSchema = site.omit({ deletedAt: true, version: true }).extend({
  contactEmail: site.shape.email,
  contactPhone: site.shape.phone,
  capacity: site.shape.maxStudents,
  currentStudents: z.number().int(),
  /** Staff only: up to five of the students placed there now. */
  currentStudentNames: z.array(z.string()).optional(),
});
export type SiteAnswer = z.infer<typeof siteAnswerSchema>;
export const siteEmailAnswerSchema = tableRowSchema(t.siteEmails).omit({ deletedAt: true, version: true });
export type SiteEmailAnswer = z.infer<typeof siteEmailAnswerSchema>;

/** An hours entry, with its site's name (retired sites included). */
export const hoursAnswerSchema = tableRowSchema(t.clinicalHours)
  .omit({ deletedAt: true, version: true })
  .extend({ clinicalSiteName: z.string().nullable() });
export type HoursAnswer = z.infer<typeof hoursAnswerSchema>;

/** A document's record; the stored file's own name never leaves the server. */
export const documentAnswerSchema = tableRowSchema(t.documents).omit({
  deletedAt: true,
  version: true,
  storedName: true,
});
export type DocumentAnswer = z.infer<typeof documentAnswerSchema>;

const message = tableRowSchema(t.messages);
/** A message as its reader sees it: the star and archive flags are the reader's own side. */
export const messageAnswerSchema = message
  .pick({
    id: true,
    senderId: true,
    recipientId: true,
    subject: true,
    content: true,
    priority: true,
    category: true,
    isRead: true,
    readAt: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    senderName: z.string().nullable(),
    senderRole: z.string().nullable(),
    recipientName: z.string().nullable(),
    direction: z.enum(['received', 'sent']),
    isStarred: z.boolean(),
    isArchived: z.boolean(),
  });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

const request = tableRowSchema(t.requests);
const requestCommon = {
  ...request.pick({
    id: true,
    userId: true,
    status: true,
    justification: true,
    reviewNotes: true,
    reviewedBy: true,
    reviewedAt: true,
    approvalLevel: true,
    createdAt: true,
  }).shape,
  /** The filer; their e-mail only for staff and themselves. */
  user: z
    .strictObject({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string().nullable() })
    .nullable(),
  reviewerName: z.string().nullable(),
};
const inProgram = { programId: request.shape.programId, programName: z.string().nullable() };
const atSite = {
  studentId: request.shape.studentId,
  studentName: z.string().nullable(),
  clinicalSiteId: request.shape.clinicalSiteId,
  clinicalSiteName: z.string().nullable(),
};
/** A request of any kind: the fields all share, and its kind's own. */
export const requestAnswerSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...requestCommon,
    kind: z.literal('program-join'),
    ...inProgram,
    requestedRole: request.shape.requestedRole,
  }),
  z.strictObject({
    ...requestCommon,
    kind: z.literal('role-change'),
    ...inProgram,
    currentRole: request.shape.currentRole,
    requestedRole: request.shape.requestedRole,
  }),
  z.strictObject({
    ...requestCommon,
    kind: z.literal('preceptor'),
    ...atSite,
    student: z
      .strictObject({
        id: z.string(),
        studentId: z.string(),
        user: z.strictObject({ firstName: z.string(), lastName: z.string() }),
      })
      .nullable(),
    requestedPreceptorId: request.shape.requestedPreceptorId,
    requestedPreceptorName: z.string().nullable(),
    emsCertificationLevel: request.shape.emsCertificationLevel,
    /** As text: a list reads comma-separated. */
    requestedDates: z.string(),
    skillsToFocus: z.string().nullable(),
  }),
  z.strictObject({
    ...requestCommon,
    kind: z.literal('clinical-time'),
    ...atSite,
    startAt: request.shape.startAt,
    endAt: request.shape.endAt,
    requestedHours: request.shape.requestedHours,
    certificationLevel: request.shape.emsCertificationLevel,
    skillsFocus: request.shape.skillsToFocusText,
    specialRequirements: request.shape.specialRequirements,
  }),
]);
export type RequestAnswer = z.infer<typeof requestAnswerSchema>;
/** A preceptor request as the Clinical Sites screen shows it: dates and skills as lists. */
export const sitePreceptorRequestAnswerSchema = z.strictObject({
  ...request.pick({
    id: true,
    justification: true,
    status: true,
    createdAt: true,
    reviewNotes: true,
    approvalLevel: true,
  }).shape,
  ...atSite,
  requestedDates: z.array(z.string()),
  skillsToFocus: z.array(z.string()),
});
export type SitePreceptorRequestAnswer = z.infer<typeof sitePreceptorRequestAnswerSchema>;

/** An accreditation requirement, with its program's name ('All EMS programs' when it has none). */
export const requirementAnswerSchema = tableRowSchema(t.accreditationRequirements)
  .omit({ deletedAt: true, version: true })
  .extend({ programName: z.string().nullable() });
export const ramAnswerSchema = tableRowSchema(t.ramAssessments).omit({ deletedAt: true, version: true });
export type RamAnswer = z.infer<typeof ramAnswerSchema>;
export type RequirementAnswer = z.infer<typeof requirementAnswerSchema>;

/** POST /api/students/:id/attestations: the attestation as signed. */
export const attestationAnswerSchema = tableRowSchema(t.attestations).pick({
  id: true,
  role: true,
  signedAt: true,
  contentHash: true,
});

export const taskBookAnswerSchema = liveRowSchema(t.taskBooks);
export type TaskBookAnswer = z.infer<typeof taskBookAnswerSchema>;
export const jprSignOffAnswerSchema = liveRowSchema(t.jprSignOffs);
export type JprSignOffAnswer = z.infer<typeof jprSignOffAnswerSchema>;
export const dorAnswerSchema = liveRowSchema(t.dors);
export type DorAnswer = z.infer<typeof dorAnswerSchema>;

/** GET /api/annual-report: a program's year, its outcome figures and the students they count, with their records. */
export const annualReportAnswerSchema = z.strictObject({
  program: z.strictObject({ id: z.string(), name: z.string() }),
  figures: annualReportFiguresSchema,
  students: z.array(
    z.strictObject({
      studentId: z.string(),
      name: z.string(),
      studentCode: z.string(),
      graduationDate: z.string().nullable(),
      // the table keeps them as text; outcomeSchema lets only these in
      outcome: tableRowSchema(t.studentOutcomes)
        .extend({ placement: z.enum(PLACEMENTS).nullable(), exitReason: z.enum(EXIT_REASONS).nullable() })
        .nullable(),
      examAttempts: z.array(
        tableRowSchema(t.examAttempts).pick({ id: true, attemptNumber: true, takenOn: true, passed: true }),
      ),
    }),
  ),
});
export type AnnualReportAnswer = z.infer<typeof annualReportAnswerSchema>;

/** DELETE /api/shift-bookings/:id: the booking was dropped. */
export const droppedAnswerSchema = z.strictObject({ ok: z.literal(true) });
