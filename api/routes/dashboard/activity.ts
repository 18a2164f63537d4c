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
 * - Patient contacts: '<student>: patient contact logged (<age>, <primary impression>)'.
 * - Anything else: 'Added|Updated|Removed <kind of record> <its name>' (messages are never named: their subject is
 *   private to sender and recipient).
 */
import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_SETTING_LABELS,
  SKILL_STATUS_LABELS,
  type AttemptOutcome,
  type AttemptSetting,
  type SkillStatus,
} from '../../../schema/enums.ts';
import type { ActivityEntry } from '../../../schema/reports.ts';
import type * as t from '../../../schema/tables.ts';

export type AuditRow = typeof t.auditLog.$inferSelect;

/** What the entry's sentence names, looked up from the current rows (which may since have been deleted). */
export interface ActivityNames {
  actorName: string;
  record?: Record<string, unknown>;
  studentName?: string;
  skillName?: string;
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
};
const VERBS: Record<string, string> = { create: 'Added', update: 'Updated', delete: 'Removed' };

function recordName(tableName: string, record: Record<string, unknown> | undefined): string | null {
  if (!record || tableName === 'messages') return null;
  const name = record.name ?? record.title ?? record.componentArea;
  if (typeof name === 'string') return name;
  return typeof record.firstName === 'string' ? `${record.firstName} ${record.lastName}` : null;
}

function progressSentence(entry: AuditRow, student: string, skill: string): string {
  const status = entry.changes.status?.after as SkillStatus | undefined;
  const percent = entry.changes.progressPercentage?.after;
  if (entry.action === 'delete') return `${student}: ${skill} progress removed`;
  if (status) return `${student}: ${skill} marked ${SKILL_STATUS_LABELS[status] ?? status}`;
  if (percent !== undefined) return `${student}: ${skill} progress set to ${percent}%`;
  return `${student}: ${skill} progress updated`;
}

function hoursSentence(entry: AuditRow, student: string, record: Record<string, unknown> | undefined): string {
  const value = (field: string) => entry.changes[field]?.after ?? record?.[field];
  if (entry.action === 'create')
    return `${student}: ${value('hoursCompleted')} ${value('hourType')} hours logged for ${value('date')}`;
  return `${student}: hours of ${value('date')} ${entry.action === 'delete' ? 'removed' : 'updated'}`;
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
  if (entry.tableName === 'skill_attempts') return attemptSentence(names.record, student, skill);
  if (entry.tableName === 'skill_attempt_voids') {
    return `${student}: ${skill} attempt voided: ${(names.record?.reason as string | undefined) ?? ''}`.trim();
  }
  if (entry.tableName === 'patient_contacts') return contactSentence(names.record, student);
  if (entry.tableName === 'student_skills') return progressSentence(entry, student, skill);
  if (entry.tableName === 'clinical_hours') return hoursSentence(entry, student, names.record);
  const name = recordName(entry.tableName, names.record);
  return `${VERBS[entry.action] ?? 'Changed'} ${TABLE_LABELS[entry.tableName] ?? entry.tableName}${name ? ` ${name}` : ''}`;
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
