/**
 * Upcoming deadlines (GET /api/dashboard/deadlines).
 *
 * Rules: items dated from today to 60 days ahead, soonest first (then by title), at most 10:
 * - next assessments (student_skills.nextAssessmentDate) of active visible students: '<skill> assessment', detail the
 *   student's name;
 * - expected graduations of active visible students: '<name> expected to graduate', detail the program's name;
 * - due dates of accreditation requirements not yet completed, for staff only: the requirement's title, detail its
 *   program ('All EMS programs' when general).
 */
import type { ProgramRow, StudentRow } from '#api/domain/student-summary.ts';
import { addDays } from '#schema/dates.ts';
import { type Deadline, isActiveStudent } from '#schema/reports.ts';

import { programLabel, type RequirementRow } from '../reports/compliance-report.ts';
import { studentName } from '../reports/progress-report.ts';

const DEADLINE_WINDOW_DAYS = 60;

/** Which days are listed, relative to today, and how many items at most. */
export interface DeadlineSpan {
  daysBefore: number;
  daysAfter: number;
  limit: number;
}
/** The dashboard's card: the next 60 days, 10 items. */
export const DASHBOARD_SPAN: DeadlineSpan = { daysBefore: 0, daysAfter: DEADLINE_WINDOW_DAYS, limit: 10 };

export interface DeadlineInput {
  /** Visible students. */
  students: StudentRow[];
  assessments: { id: string; studentId: string; skillId: string; nextAssessmentDate: string | null }[];
  skillNames: Map<string, string>;
  programs: Map<string, ProgramRow>;
  /** Empty for students. */
  requirements: RequirementRow[];
}

export function upcomingDeadlines(input: DeadlineInput, today: string, span = DASHBOARD_SPAN): Deadline[] {
  const first = addDays(today, -span.daysBefore);
  const last = addDays(today, span.daysAfter);
  const due = (date: string | null): date is string => !!date && date >= first && date <= last;
  const active = new Map(input.students.filter(isActiveStudent).map((s) => [s.id, s]));
  const items: Deadline[] = [
    ...input.assessments.flatMap((a) => {
      const student = active.get(a.studentId);
      if (!student || !due(a.nextAssessmentDate)) return [];
      return [
        {
          id: `assessment-${a.id}`,
          date: a.nextAssessmentDate,
          kind: 'assessment' as const,
          title: `${input.skillNames.get(a.skillId) ?? 'Skill'} assessment`,
          detail: studentName(student),
        },
      ];
    }),
    ...[...active.values()]
      .filter((s) => due(s.expectedGraduation))
      .map((s) => ({
        id: `graduation-${s.id}`,
        date: s.expectedGraduation,
        kind: 'graduation' as const,
        title: `${studentName(s)} expected to graduate`,
        detail: input.programs.get(s.programId)?.name ?? '',
      })),
    ...input.requirements
      .filter((r) => r.completionStatus !== 'completed' && due(r.dueDate))
      .map((r) => ({
        id: `accreditation-${r.id}`,
        date: r.dueDate!,
        kind: 'accreditation' as const,
        title: r.title,
        detail: programLabel(input.programs, r.programId),
      })),
  ];
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title)).slice(0, span.limit);
}
