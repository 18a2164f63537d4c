/**
 * Screens the dashboard's buttons open, with the search parameter each screen reads to open its dialog or tab
 * (Students: Add Student dialog, Skill Entry: Scheduled Assessments tab, Documents: Upload Document dialog).
 */
export interface Target {
  to: string;
  search: Record<string, string | number>;
}

export const TARGETS: Record<'addStudent' | 'scheduleEvaluation' | 'uploadDocument' | 'generateReport', Target> = {
  addStudent: { to: '/students', search: { add: 1 } },
  scheduleEvaluation: { to: '/ems/skill-entry', search: { tab: 'scheduled' } },
  uploadDocument: { to: '/documents', search: { upload: 1 } },
  generateReport: { to: '/reports/progress', search: {} },
};
