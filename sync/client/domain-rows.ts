/**
 * The device's domain tables: their indexes and each row's type as a pull delivers it. A leaf of sync/client/, so the
 * figures kept beside the rows (student-figures.ts, type-totals.ts) read these types without importing the database
 * class that builds those figures on upgrade (db.ts re-exports them for everyone else).
 */
import type { StudentTallies } from '#schema/device-set.ts';
import type * as t from '#schema/tables.ts';

export type Row = { id: string } & Record<string, unknown>;

/** Each domain table's primary key and indexes (the current version); screens query rows by these (web/lib/data.ts). */
export const DOMAIN_TABLES = {
  users: 'id, role',
  instructors: 'id',
  programs: 'id, type',
  programMembers: 'id, programId, userId',
  students: 'id, programId, userId',
  skills: 'id, programType, [programType+certificationLevel]',
  studentSkills: 'id, studentId, skillId, [studentId+skillId], nextAssessmentDate',
  clinicalSites: 'id',
  siteEmails: 'id, clinicalSiteId',
  clinicalHours: 'id, studentId',
  documents: 'id',
  messages: 'id, senderId, recipientId',
  requests: 'id, kind, userId, status',
  accreditationRequirements: 'id',
  ramAssessments: 'id, year',
  skillAttempts: 'id, [studentId+skillId], studentId',
  skillAttemptVoids: 'id, attemptId, [studentId+skillId]',
  patientContacts: 'id, studentId',
  signOffs: 'id, studentId, status',
  shifts: 'id, date, programId, seriesId',
  shiftBookings: 'id, shiftId, studentId',
  studentCredentials: 'id, studentId',
  dors: 'id, studentId',
  taskBooks: 'id, studentId',
  jprSignOffs: 'id, taskBookId, studentId',
} as const;
export type DomainTable = keyof typeof DOMAIN_TABLES;

/** A table's row as a pull delivers it: the server sends live rows only, without `deletedAt` (sync/server/tables.ts). */
type Pulled<T extends { $inferSelect: unknown }> = Omit<T['$inferSelect'], 'deletedAt'>;
type UserRow = Pulled<typeof t.users>;

/** The row type of each table as a pull delivers it (sync/server/tables.ts decides what each user receives). */
export interface DomainRows {
  /** Other users' contact fields reach staff only. */
  users: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'role' | 'isActive' | 'version'> &
    Partial<
      Pick<
        UserRow,
        | 'email'
        | 'phone'
        | 'department'
        | 'certifications'
        | 'specialties'
        | 'profileImageUrl'
        | 'createdAt'
        | 'updatedAt'
      >
    >;
  instructors: Pulled<typeof t.instructors>;
  programs: Pulled<typeof t.programs>;
  programMembers: Pulled<typeof t.programMembers>;
  /**
   * The display code arrives as `studentId`, the spec's field name. A desk device gets the tallies the student's
   * figures come from (schema/device-set.ts), since it holds few of their records.
   */
  students: Omit<Pulled<typeof t.students>, 'studentCode'> & { studentId: string; tallies?: StudentTallies };
  skills: Pulled<typeof t.skills>;
  studentSkills: Pulled<typeof t.studentSkills>;
  clinicalSites: Pulled<typeof t.clinicalSites>;
  siteEmails: Pulled<typeof t.siteEmails>;
  clinicalHours: Pulled<typeof t.clinicalHours>;
  documents: Omit<Pulled<typeof t.documents>, 'storedName'>;
  /** Stars and archive marks arrive as the signed-in user's own (sender's or recipient's); deleted ones do not arrive. */
  messages: Pick<
    Pulled<typeof t.messages>,
    | 'id'
    | 'senderId'
    | 'recipientId'
    | 'subject'
    | 'content'
    | 'priority'
    | 'category'
    | 'isRead'
    | 'readAt'
    | 'createdAt'
    | 'updatedAt'
    | 'version'
  > & { isStarred: boolean; isArchived: boolean };
  requests: Pulled<typeof t.requests>;
  accreditationRequirements: Pulled<typeof t.accreditationRequirements>;
  ramAssessments: Pulled<typeof t.ramAssessments>;
  skillAttempts: Pulled<typeof t.skillAttempts>;
  skillAttemptVoids: Pulled<typeof t.skillAttemptVoids>;
  patientContacts: Pulled<typeof t.patientContacts>;
  signOffs: Pulled<typeof t.signOffs>;
  shifts: Pulled<typeof t.shifts>;
  shiftBookings: Pulled<typeof t.shiftBookings>;
  studentCredentials: Pulled<typeof t.studentCredentials>;
  dors: Pulled<typeof t.dors>;
  taskBooks: Pulled<typeof t.taskBooks>;
  jprSignOffs: Pulled<typeof t.jprSignOffs>;
}
