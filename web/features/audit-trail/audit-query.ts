/** The audit trail's URL query from the filter form (empty fields left out), shared by the list and the CSV export. */
import type { AuditFilter } from '#schema/audit.ts';

export type AuditFilterForm = { actorId: string; table: string; recordId: string; from: string; to: string };

export const EMPTY_FILTER: AuditFilterForm = { actorId: '', table: '', recordId: '', from: '', to: '' };

/** The filled filters, trimmed, and the page cursor: the list's query. */
export function auditParams(filter: AuditFilterForm, before?: string): Partial<Record<keyof AuditFilter, string>> {
  const params: Partial<Record<keyof AuditFilter, string>> = {};
  for (const [key, value] of Object.entries(filter) as [keyof AuditFilter, string][])
    if (value.trim()) params[key] = value.trim();
  if (before) params.before = before;
  return params;
}

/** The same as the CSV export link's query string. */
export function auditQuery(filter: AuditFilterForm, before?: string): string {
  const query = new URLSearchParams(auditParams(filter, before)).toString();
  return query ? `?${query}` : '';
}

/** 'studentSkills' style labels for the SQL table names the log records. */
export const TABLE_LABELS: Record<string, string> = {
  users: 'Users',
  instructors: 'Instructors',
  programs: 'Programs',
  program_members: 'Program members',
  students: 'Students',
  skills: 'Skills',
  student_skills: 'Skill progress',
  skill_attempts: 'Skill attempts',
  skill_attempt_voids: 'Voided attempts',
  patient_contacts: 'Patient contacts',
  sign_offs: 'Sign-offs',
  clinical_sites: 'Clinical sites',
  site_emails: 'Site e-mails',
  clinical_hours: 'Clinical hours',
  documents: 'Documents',
  messages: 'Messages',
  requests: 'Requests',
  accreditation_requirements: 'Accreditation requirements',
  ram_assessments: 'RAM assessments',
};

export const showValue = (v: unknown) =>
  v === null || v === undefined || v === '' ? '(empty)' : typeof v === 'object' ? JSON.stringify(v) : String(v);
