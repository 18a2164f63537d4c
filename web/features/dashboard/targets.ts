/**
 * Screens the dashboard's buttons open, with the search parameter each screen reads to open its dialog or tab
 * (Students: Add Student dialog, Skill Entry: Scheduled Assessments tab, Documents: Upload Document dialog).
 */
import type { Role } from '#schema/enums.ts';
import { type Action, can } from '#schema/permissions.ts';

export interface Target {
  to: string;
  search: Record<string, string | number>;
}

export const TARGETS: Record<
  'logSkills' | 'addStudent' | 'scheduleEvaluation' | 'uploadDocument' | 'generateReport',
  Target
> = {
  logSkills: { to: '/ems/skill-entry', search: {} },
  addStudent: { to: '/students', search: { add: 1 } },
  scheduleEvaluation: { to: '/ems/skill-entry', search: { tab: 'scheduled' } },
  uploadDocument: { to: '/documents', search: { upload: 1 } },
  generateReport: { to: '/reports/progress', search: {} },
};

/** `needs` hides an action whose screen would refuse the user anyway. Logging comes first: a preceptor's daily task. */
const QUICK_ACTIONS: readonly { label: string; target: Target; needs?: Action }[] = [
  { label: 'Log Skills', target: TARGETS.logSkills, needs: 'attempts.log' },
  { label: 'Add New Student', target: TARGETS.addStudent, needs: 'students.create' },
  { label: 'Schedule Evaluation', target: TARGETS.scheduleEvaluation, needs: 'progress.record' },
  { label: 'Upload Document', target: TARGETS.uploadDocument, needs: 'documents.upload' },
  { label: 'Generate Report', target: TARGETS.generateReport },
];

export const quickActionsFor = (role: Role) => QUICK_ACTIONS.filter((a) => !a.needs || can(role, a.needs));
