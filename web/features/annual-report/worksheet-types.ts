/** The server's answers this screen reads (api/routes/annual-report), in the shared schema's types. */
import type { AnnualReportFigures, ExitReason, Placement } from '#schema/annual-report.ts';

export interface WorksheetStudent {
  studentId: string;
  name: string;
  studentCode: string;
  graduationDate: string | null;
  outcome: { placement: Placement | null; exitDate: string | null; exitReason: ExitReason | null } | null;
  examAttempts: { id: string; attemptNumber: number; takenOn: string; passed: boolean }[];
}

export interface WorksheetAnswer {
  program: { id: string; name: string };
  figures: AnnualReportFigures;
  students: WorksheetStudent[];
}

/** The query string of a cohort summary read or download. */
export const cohortQuery = (programId: string, f: { from: string; to: string; setting: string }) =>
  new URLSearchParams({ programId, from: f.from, to: f.to, setting: f.setting }).toString();
