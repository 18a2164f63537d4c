/**
 * Graduation candidates and statistics (GET /api/reports/graduation, /api/reports/graduation-stats).
 *
 * Rules:
 * - Candidates: visible students who are active and have no graduation date.
 * - daysRemaining: days from today to the expected graduation (negative once it has passed).
 * - remainingRequirements: 'Complete <skill name>' for each skill of the student's level not completed (catalogue
 *   order), then '<n> clinical + field hours remaining' when those hours are below the program's requirement.
 * - certificationsEarned: the label of each level of the student's program type that has skills, all completed.
 * - Status: 'ready' when progress is 100 and hours are met; else 'delayed' when the expected graduation is before
 *   today; else 'needs_attention' when the progress-report status is at_risk or behind; else 'on_track'.
 * - Stats: counts per status (onSchedule = on_track); thisMonthGraduates (FIGURES.graduatingThisMonth) = visible
 *   students whose graduation date is in today's month (the dashboard's Graduations rule, graduatedWithin) plus
 *   candidates expected to graduate from today to the month's end. A candidate whose expected date has passed is not
 *   counted, even one earlier this month: that student is delayed, or ready and counted once graduated.
 */
import type { SkillRow, StudentRow, StudentSummary } from '#api/domain/student-summary.ts';
import { calendarMonth, daysBetween } from '#schema/dates.ts';
import { CERTIFICATION_LEVEL_LABELS, CERTIFICATION_LEVELS } from '#schema/enums.ts';
import { byPersonName } from '#schema/names.ts';
import { hoursRemaining } from '#schema/progress.ts';
import {
  graduatedWithin,
  type GraduationCandidate,
  type GraduationStats,
  graduationStatus,
  isActiveStudent,
  TOTAL_HOURS_LABEL,
} from '#schema/reports.ts';

import { progressFacts, studentName } from './progress-report.ts';

const completed = (sum: StudentSummary, skillId: string) => sum.progressBySkill.get(skillId)?.status === 'completed';

function remainingRequirements(sum: StudentSummary, skillNames: Map<string, string>): string[] {
  const skills = sum.skillIds
    .filter((id) => !completed(sum, id))
    .map((id) => `Complete ${skillNames.get(id) ?? 'skill'}`);
  const hoursLeft = hoursRemaining(sum.totalHours, sum.requiredHours);
  return hoursLeft > 0 ? [...skills, `${hoursLeft} ${TOTAL_HOURS_LABEL.toLowerCase()} remaining`] : skills;
}

function certificationsEarned(sum: StudentSummary, skills: SkillRow[]): string[] {
  const type = sum.program?.type;
  return CERTIFICATION_LEVELS.filter((level) => {
    const ofLevel = skills.filter((s) => s.programType === type && s.certificationLevel === level);
    return ofLevel.length > 0 && ofLevel.every((s) => completed(sum, s.id));
  }).map((level) => CERTIFICATION_LEVEL_LABELS[level]);
}

/** `skills` is the live catalogue; candidates come soonest expected graduation first. */
export function graduationCandidates(
  students: StudentRow[],
  summaries: Map<string, StudentSummary>,
  skills: SkillRow[],
  today: string,
): GraduationCandidate[] {
  const skillNames = new Map(skills.map((s) => [s.id, s.name]));
  return students
    .filter(isActiveStudent)
    .sort((a, b) => a.expectedGraduation.localeCompare(b.expectedGraduation) || byPersonName(a, b))
    .map((s) => {
      const sum = summaries.get(s.id);
      return {
        id: s.id,
        studentId: s.studentCode,
        studentName: studentName(s),
        programName: sum?.program?.name ?? '',
        expectedGraduation: s.expectedGraduation,
        daysRemaining: daysBetween(today, s.expectedGraduation),
        overallProgress: sum?.progressPercentage ?? 0,
        skillsCompleted: sum?.skillsCompleted ?? 0,
        skillsTotal: sum?.totalSkills ?? 0,
        clinicalHours: sum?.totalHours ?? 0,
        requiredHours: sum?.requiredHours ?? 0,
        gpa: s.gpa ?? null,
        status: graduationStatus(progressFacts(s, sum), today),
        remainingRequirements: sum ? remainingRequirements(sum, skillNames) : [],
        certificationsEarned: sum ? certificationsEarned(sum, skills) : [],
      };
    });
}

/** `students` are all visible students (graduated ones count toward this month's graduates). */
export function graduationStats(
  candidates: GraduationCandidate[],
  students: StudentRow[],
  today: string,
): GraduationStats {
  const count = (status: string) => candidates.filter((c) => c.status === status).length;
  const month = calendarMonth(today);
  return {
    totalCandidates: candidates.length,
    readyToGraduate: count('ready'),
    needsAttention: count('needs_attention'),
    onSchedule: count('on_track'),
    delayed: count('delayed'),
    thisMonthGraduates:
      students.filter((s) => graduatedWithin(s, month)).length +
      candidates.filter((c) => c.expectedGraduation >= today && c.expectedGraduation <= month.end).length,
  };
}
