/** The server's answers this screen reads (api/routes/annual-report), typed by the schemas the API documents. */
import type { AnnualReportAnswer } from '#schema/api-answers.ts';

export type WorksheetAnswer = AnnualReportAnswer;
export type WorksheetStudent = AnnualReportAnswer['students'][number];

/** The query string of a cohort summary read or download. */
export const cohortQuery = (programId: string, f: { from: string; to: string; setting: string }) =>
  new URLSearchParams({ programId, from: f.from, to: f.to, setting: f.setting }).toString();
