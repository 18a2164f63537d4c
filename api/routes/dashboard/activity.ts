/**
 * Recent activity (GET /api/dashboard/activity): the 10 latest audit-log entries the caller may see, each with a
 * short sentence a person can read.
 *
 * Rules:
 * - Directors and administration see every entry; others see the entries they made, and entries about skill
 *   progress and clinical hours of students visible to them. Latest write first.
 * - Skill progress: '<student>: <skill> marked <status label>' when the status was set, '... progress set to <n>%'
 *   when only the percentage changed, '... progress removed' on delete.
 * - Clinical hours: '<student>: <n> <clinical|field> hours logged for <date>' on create, 'hours of <date>
 *   updated/removed' otherwise.
 * - Skill attempts: '<student>: <skill> attempt logged (<outcome>, <setting>)', with ', observed' or ', awaiting
 *   verification' where that applies; a void: '<student>: <skill> attempt voided: <reason>'. The summary row's update
 *   an attempt or a void makes, and the correction the progress form appends, are not shown again.
 *   A sign-off that starts or stops counting changes the attempt's verification: '<student>: <skill> attempt verified
 *   by <preceptor>'s sign-off' or '... no longer verified (its sign-off stopped counting)', never "logged" again.
 * - Patient contacts: '<student>: patient contact logged (<age>, <primary impression>)'.
 * - Sign-offs: '<student>: <n records> signed off by <preceptor>, <state>' when made, '<student>: <preceptor>'s
 *   sign-off <what happened>' when its state changes, '... confirm link made ...' when a link is made.
 * - Anything else: 'Added|Updated|Removed <kind of record> <its name>' (messages are never named: their subject is
 *   private to sender and recipient).
 * - Who did it: the account's name; a preceptor's answer by confirm link names the preceptor who signed.
 */
import { LINK_ACTOR } from '#api/domain/evidence/link-actor.ts';
import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_SETTING_LABELS,
  type AttemptOutcome,
  type AttemptSetting,
  SKILL_STATUS_LABELS,
  type SkillStatus,
} from '#schema/enums.ts';
import { plural } from '#schema/plural.ts';
import type { ActivityEntry } from '#schema/reports.ts';
import type { SignOffStatus } from '#schema/sign-off.ts';
import type * as t from '#schema/tables.ts';

/** An entry of the audit trail (api/domain/audit-trail.ts), named by its place in it. */
export type AuditRow = Omit<typeof t.auditLog.$inferSelect, 'id'> & { id: string };

/** What the entry's sentence names, looked up from the current rows (which may since have been deleted). */
export interface ActivityNames {
  actorName: string;
  record?: Record<string, unknown>;
  studentName?: string;
  skillName?: string;
  /** The sign-off the entry is about: the row itself, or the one whose state verified an attempt. */
  signOff?: Record<string, unknown>;
}

const TABLE_LABELS: Record<string, string> = {
  users: 'user',
  instructors: 'instructor profile',
  programs: 'program',
  program_members: 'program assignment',
  students: 'student',
  skills: 'skill',
  clinical_sites: 'clinical site',
  site_emails: 'site e-mail',
  documents: 'document',
  messages: 'message',
  requests: 'request',
  accreditation_requirements: 'accreditation requirement',
  ram_assessments: 'RAM assessment',
  sign_offs: 'sign-off',
  sign_off_links: 'confirm link',
  skill_attempt_voids: 'attempt void',
};
const VERBS: Record<string, string> = { create: 'Added', update: 'Updated', delete: 'Removed' };

function recordName(tableName: string, record: Record<string, unknown> | undefined): string | null {
  if (!record || tableName === 'messages') return null;
  const name = record.name ?? record.title ?? record.componentArea;
  if (typeof name === 'string') return name;
  return typeof record.firstName === 'string' ? `${record.firstName} ${record.lastName}` : null;
}

/**
 * A summary row's entry keeps only what its saver judged (api/domain/evidence/skill-summary.ts SUMMARY_JUDGED_FIELDS):
 * the status shown is the row's, the one their save left unless a later save changed it.
 */
function progressSentence(
  entry: AuditRow,
  record: Record<string, unknown> | undefined,
  student: string,
  skill: string,
): string {
  const status = (entry.changes.status?.after ?? record?.status) as SkillStatus | undefined;
  const percent = entry.changes.progressPercentage?.after ?? record?.progressPercentage;
  if (entry.action === 'delete') return `${student}: ${skill} progress removed`;
  if (status) return `${student}: ${skill} marked ${SKILL_STATUS_LABELS[status] ?? status}`;
  if (percent !== undefined) return `${student}: ${skill} progress set to ${percent}%`;
  return `${student}: ${skill} progress updated`;
}

function hoursSentence(entry: AuditRow, student: string, record: Record<string, unknown> | undefined): string {
  const value = (field: string) => entry.changes[field]?.after ?? record?.[field];
  if (entry.action === 'create')
    return `${student}: ${plural(Number(value('hoursCompleted')), `${String(value('hourType'))} hour`)} logged for ${value('date')}`;
  return `${student}: hours of ${value('date')} ${entry.action === 'delete' ? 'removed' : 'updated'}`;
}

const preceptorOf = (signOff: Record<string, unknown> | undefined) =>
  (signOff?.preceptor as { name?: string } | undefined)?.name ?? 'the preceptor';

/** A sign-off's state moving verifies or unverifies the student's own attempt: the attempt was logged long before. */
function verificationSentence(entry: AuditRow, names: ActivityNames, student: string, skill: string): string {
  if (!('verifiedBy' in entry.changes)) return `${student}: ${skill} attempt updated`;
  return entry.changes.verifiedBy.after
    ? `${student}: ${skill} attempt verified by ${preceptorOf(names.signOff)}'s sign-off`
    : `${student}: ${skill} attempt no longer verified (its sign-off stopped counting)`;
}

/** What a sign-off's new state means, as the end of a sentence about it. */
const SIGN_OFF_HAPPENED: Record<SignOffStatus, string> = {
  awaiting: 'awaiting confirmation',
  code_verified: 'verified by co-sign code',
  confirmed: 'confirmed',
  link_confirmed: 'confirmed by link, awaiting a coordinator',
  accepted: 'accepted as attested',
  disputed: 'disputed',
  rejected: 'rejected',
  expired: 'expired unconfirmed',
  changed: 'no longer stands: a record changed after signing',
};

function signOffSentence(entry: AuditRow, signOff: Record<string, unknown> | undefined, student: string): string {
  const preceptor = preceptorOf(signOff);
  const status = (entry.changes.status?.after ?? signOff?.status) as SignOffStatus | undefined;
  const happened = (status && SIGN_OFF_HAPPENED[status]) ?? 'updated';
  if (entry.action === 'create') {
    const records = plural((signOff?.records as unknown[] | undefined)?.length ?? 0, 'record');
    return `${student}: ${records} signed off by ${preceptor}, ${happened}`;
  }
  if (entry.action === 'delete') return `${student}: ${preceptor}'s sign-off removed`;
  if (!('status' in entry.changes) && 'linkExpiresAt' in entry.changes)
    return `${student}: confirm link made for ${preceptor}'s sign-off`;
  return `${student}: ${preceptor}'s sign-off ${happened}`;
}

function attemptSentence(record: Record<string, unknown> | undefined, student: string, skill: string): string {
  const details = [
    ATTEMPT_OUTCOME_LABELS[record?.outcome as AttemptOutcome]?.toLowerCase(),
    ATTEMPT_SETTING_LABELS[record?.setting as AttemptSetting]?.toLowerCase(),
    record?.participation === 'observed' ? 'observed' : undefined,
    record && !record.verifiedBy ? 'awaiting verification' : undefined,
  ].filter(Boolean);
  return `${student}: ${skill} attempt logged${details.length ? ` (${details.join(', ')})` : ''}`;
}

const contactSentence = (record: Record<string, unknown> | undefined, student: string) =>
  record
    ? `${student}: patient contact logged (${record.ageYears} y, ${record.primaryImpression as string})`
    : `${student}: patient contact logged`;

export function activitySummary(entry: AuditRow, names: ActivityNames): string {
  const student = names.studentName ?? 'A student';
  const skill = names.skillName ?? 'a skill';
  if (entry.tableName === 'skill_attempts')
    return entry.action === 'update'
      ? verificationSentence(entry, names, student, skill)
      : attemptSentence(names.record, student, skill);
  if (entry.tableName === 'sign_offs') return signOffSentence(entry, names.signOff ?? names.record, student);
  if (entry.tableName === 'skill_attempt_voids') {
    return `${student}: ${skill} attempt voided: ${(names.record?.reason as string | undefined) ?? ''}`.trim();
  }
  if (entry.tableName === 'patient_contacts') return contactSentence(names.record, student);
  if (entry.tableName === 'student_skills') return progressSentence(entry, names.record, student, skill);
  if (entry.tableName === 'clinical_hours') return hoursSentence(entry, student, names.record);
  const name = recordName(entry.tableName, names.record);
  const kind = TABLE_LABELS[entry.tableName] ?? entry.tableName.replace(/_/g, ' ');
  return `${VERBS[entry.action] ?? 'Changed'} ${kind}${name ? ` ${name}` : ''}`;
}

/**
 * Who wrote the entry: the account's name; a preceptor's answer through a confirm link has no account, so it names
 * the preceptor the sign-off was given by.
 */
export function activityActorName(
  actorId: string | null,
  accounts: ReadonlyMap<string, string>,
  signOff?: Record<string, unknown>,
): string {
  if (actorId === LINK_ACTOR.id) return `${preceptorOf(signOff)} (preceptor, by confirm link)`;
  return (actorId && accounts.get(actorId)) || 'System';
}

export function toActivityEntry(entry: AuditRow, names: ActivityNames): ActivityEntry {
  return {
    id: entry.id,
    at: entry.at,
    actorName: names.actorName,
    command: entry.command,
    tableName: entry.tableName,
    recordId: entry.recordId,
    summary: activitySummary(entry, names),
  };
}
