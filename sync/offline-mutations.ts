/**
 * The writes a device may queue offline, by name: the client defines a mutator for each (client/mutators.ts) and the
 * sync push runs these commands and no others. Every other command is reached only through its own REST route, which
 * supplies what a client must not (an upload's stored file, for one). Without zod, so importing it costs nothing.
 */
export const OFFLINE_MUTATIONS = [
  'recordSkillProgress',
  'logSkillAttempt',
  'voidSkillAttempt',
  'editSkillAssessment',
  'logPatientContact',
  'deletePatientContact',
  'signOff',
  'createStudent',
  'updateStudent',
  'deleteStudent',
  'sendMessage',
  'markMessageRead',
  'updateMessageFlags',
  'logClinicalHours',
  'deleteClinicalHours',
  'fileProgramJoinRequest',
  'fileRoleChangeRequest',
  'filePreceptorRequest',
  'fileClinicalTimeRequest',
  'fileSitePreceptorRequest',
  'startTaskBook',
  'signJpr',
  'verifyTaskBook',
  'certifyTaskBook',
] as const;
export type OfflineMutationName = (typeof OFFLINE_MUTATIONS)[number];
