/**
 * Dashboard statistics (GET /api/dashboard/stats).
 *
 * Rules:
 * - activeStudents: visible students who are active and have no graduation date.
 * - pendingReviews: pending requests the caller may review (every pending request for roles that review requests),
 *   else the caller's own pending requests.
 * - complianceRate: for staff the compliance summary's overall compliance (FIGURES.averageRequirementCompliance); for
 *   a student their own overall progress, rounded mean over their student records, 0 with none
 *   (FIGURES.yourSkillProgress).
 * - graduations: visible students whose graduation date falls in the current academic year (1 August - 31 July).
 */
import type { StudentRow } from '#api/domain/student-summary.ts';
import { academicYear } from '#schema/dates.ts';
import { type DashboardStats, graduatedWithin, isActiveStudent } from '#schema/reports.ts';

export function graduationsThisAcademicYear(students: StudentRow[], today: string): number {
  const year = academicYear(today);
  return students.filter((s) => graduatedWithin(s, year)).length;
}

export const ownProgressRate = (progress: number[]) =>
  progress.length ? Math.round(progress.reduce((a, b) => a + b, 0) / progress.length) : 0;

export function dashboardStats(
  input: { students: StudentRow[]; pendingReviews: number; complianceRate: number },
  today: string,
): DashboardStats {
  return {
    activeStudents: input.students.filter(isActiveStudent).length,
    pendingReviews: input.pendingReviews,
    complianceRate: input.complianceRate,
    graduations: graduationsThisAcademicYear(input.students, today),
  };
}
