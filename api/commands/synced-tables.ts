import * as t from '#schema/tables.ts';

import type { SyncedTable } from './command.ts';

/** Every table whose rows carry id, version and deletedAt: what commands write, devices pull and audits name. */
export const SYNCED_TABLES: readonly SyncedTable[] = [
  t.users,
  t.instructors,
  t.programs,
  t.programMembers,
  t.students,
  t.skills,
  t.studentSkills,
  t.skillAttempts,
  t.skillAttemptVoids,
  t.patientContacts,
  t.signOffs,
  t.clinicalSites,
  t.siteEmails,
  t.clinicalHours,
  t.documents,
  t.messages,
  t.requests,
  t.accreditationRequirements,
  t.ramAssessments,
  t.importBatches,
  t.importRecords,
  t.shifts,
  t.shiftBookings,
  t.studentCredentials,
  t.dors,
  t.taskBooks,
  t.jprSignOffs,
  t.studentOutcomes,
  t.examAttempts,
];
