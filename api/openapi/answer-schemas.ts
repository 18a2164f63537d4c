/**
 * What each route answers when it succeeds, by status: a strict zod schema from schema/ for JSON, a file's media type,
 * or nothing (a redirect, 204). Every route is listed: there is no default, so a new route without its answer here
 * fails the OpenAPI test (`undocumentedAnswers`), and its document states only the refusals until it is added.
 */
import { z } from 'zod';

import {
  annualReportAnswerSchema,
  assessmentChangeAnswerSchema,
  attemptAnswerSchema,
  attemptVoidAnswerSchema,
  attestationAnswerSchema,
  documentAnswerSchema,
  dorAnswerSchema,
  dorSettingsAnswerSchema,
  droppedAnswerSchema,
  healthAnswerSchema,
  hoursAnswerSchema,
  instructorAnswerSchema,
  jprSignOffAnswerSchema,
  linkDecisionAnswerSchema,
  messageAnswerSchema,
  patientContactAnswerSchema,
  programAnswerSchema,
  programMemberAnswerSchema,
  programRequirementsAnswerSchema,
  progressAnswerSchema,
  publicUserSchema,
  ramAnswerSchema,
  removedAnswerSchema,
  requestAnswerSchema,
  requirementAnswerSchema,
  sessionAnswerSchema,
  signInAnswerSchema,
  signOffAnswerSchema,
  signOffLinkAnswerSchema,
  signOffReviewAnswerSchema,
  signOffSummaryAnswerSchema,
  siteAnswerSchema,
  siteEmailAnswerSchema,
  sitePreceptorRequestAnswerSchema,
  skillAnswerSchema,
  studentAnswerSchema,
  taskBookAnswerSchema,
  taskBookRulesAnswerSchema,
  userAnswerSchema,
  userNameAnswerSchema,
} from '#schema/api-answers.ts';
import { tableRowSchema } from '#schema/api-rows.ts';
import { auditPageSchema } from '#schema/audit.ts';
import { calendarFeedStatusSchema, issuedCalendarFeedSchema } from '#schema/calendar.ts';
import { portfolioAnswerSchema } from '#schema/portfolio-answer.ts';
import {
  activityEntrySchema,
  complianceRecordSchema,
  complianceSummarySchema,
  dashboardStatsSchema,
  deadlineSchema,
  graduationCandidateSchema,
  graduationStatsSchema,
  programSummarySchema,
  progressReportSchema,
  progressTrendPointSchema,
  standardComplianceSchema,
} from '#schema/reports-answer.ts';
import {
  importAttestationSchema,
  importBatchSummarySchema,
  importInspectionSchema,
  importReportSchema,
} from '#schema/roster-import.ts';
import { boardAnswerSchema } from '#schema/shift-board.ts';
import { cohortSmcAnswerSchema, smcFiguresSchema, studentSmcRowSchema } from '#schema/smc-answer.ts';
import * as t from '#schema/tables.ts';

/** A file answer: its media type (`*\/*` for a stored document, whatever type it was uploaded as). */
export interface FileAnswer {
  file: string;
}
export type Answer = z.ZodType | FileAnswer | null;
export type Answers = Record<number, Answer>;

const ok = (schema: z.ZodType): Answers => ({ 200: schema });
const made = (schema: z.ZodType): Answers => ({ 201: schema });
const list = (row: z.ZodType): Answers => ok(z.array(row));
const file = (type: string): Answers => ({ 200: { file: type } });
const removed = ok(removedAnswerSchema);
const CSV = 'text/csv';
const PDF = 'application/pdf';

/**
 * The API's own description: an OpenAPI 3.1 document, open by nature (its paths are the app's routes, its schemas
 * JSON Schema), so only its top-level fields are stated.
 */
const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const ANSWERS: Record<string, Answers> = {
  'GET /api/health': ok(healthAnswerSchema),
  'GET /api/login': { 302: null },
  'POST /api/login': ok(signInAnswerSchema),
  'POST /api/logout': { 204: null },
  'GET /api/logout': { 302: null },
  'GET /api/auth/session': ok(sessionAnswerSchema),
  'GET /api/auth/user': ok(publicUserSchema),
  'GET /api/demo/user': ok(publicUserSchema),
  'GET /api/sign-off-links/:token': ok(signOffSummaryAnswerSchema),
  'POST /api/sign-off-links/:token': ok(linkDecisionAnswerSchema),
  'GET /api/calendar/:file': file('text/calendar'),
  'GET /api/openapi.json': ok(openApiDocumentSchema),
  'GET /api/openapi': file('text/html'),

  // staff read accounts in full; a student reads others' names and roles only
  'GET /api/users': list(z.union([userAnswerSchema, userNameAnswerSchema])),
  'POST /api/users': made(userAnswerSchema),
  'PUT /api/users/:id': ok(publicUserSchema),
  'DELETE /api/users/:id': removed,
  'GET /api/instructors': list(instructorAnswerSchema),
  'POST /api/instructors': made(instructorAnswerSchema),
  'PATCH /api/instructors/:id': ok(instructorAnswerSchema),
  'PUT /api/instructors/:id': ok(instructorAnswerSchema),

  'GET /api/programs': list(programAnswerSchema),
  'POST /api/programs': made(programAnswerSchema),
  'PATCH /api/programs/:id': ok(programAnswerSchema),
  'PUT /api/programs/:id': ok(programAnswerSchema),
  'PUT /api/programs/:id/requirements': ok(programRequirementsAnswerSchema),
  'DELETE /api/programs/:id': removed,
  'GET /api/programs/:id/users': list(programMemberAnswerSchema),
  'POST /api/programs/:id/users': made(programMemberAnswerSchema),
  'DELETE /api/programs/:id/users/:userId': removed,
  'PUT /api/programs/:id/dor-settings': ok(dorSettingsAnswerSchema),
  'PUT /api/programs/:id/task-book-rules': ok(taskBookRulesAnswerSchema),
  'PUT /api/programs/:id/clock-window': ok(tableRowSchema(t.programs)),

  'GET /api/students': list(studentAnswerSchema),
  'GET /api/students/:id': ok(studentAnswerSchema),
  'POST /api/students': made(studentAnswerSchema),
  'PATCH /api/students/:id': ok(studentAnswerSchema),
  'PUT /api/students/:id': ok(studentAnswerSchema),
  'DELETE /api/students/:id': removed,

  'GET /api/skills': list(skillAnswerSchema),
  'POST /api/skills': made(skillAnswerSchema),
  'PATCH /api/skills/:id': ok(skillAnswerSchema),
  'PUT /api/skills/:id': ok(skillAnswerSchema),
  'DELETE /api/skills/:id': removed,
  'GET /api/student-skills': list(progressAnswerSchema),
  'GET /api/student-skills/ems': list(progressAnswerSchema),
  'GET /api/student-skills/history': list(assessmentChangeAnswerSchema),
  'POST /api/student-skills': made(progressAnswerSchema),
  'GET /api/skill-attempts': list(attemptAnswerSchema),
  'POST /api/skill-attempts': made(attemptAnswerSchema),
  'POST /api/skill-attempts/:id/void': made(attemptVoidAnswerSchema),
  'GET /api/patient-contacts': list(patientContactAnswerSchema),
  'POST /api/patient-contacts': made(patientContactAnswerSchema),
  'DELETE /api/patient-contacts/:id': removed,

  'GET /api/sign-offs': list(signOffAnswerSchema),
  'POST /api/sign-offs': made(tableRowSchema(t.signOffs)),
  'POST /api/sign-offs/:id/review': ok(signOffReviewAnswerSchema),
  'POST /api/sign-offs/:id/confirm': ok(tableRowSchema(t.signOffs)),
  'POST /api/sign-offs/:id/link': ok(signOffLinkAnswerSchema),

  'GET /api/clinical-sites': list(siteAnswerSchema),
  'POST /api/clinical-sites': made(siteAnswerSchema),
  'PATCH /api/clinical-sites/:id': ok(siteAnswerSchema),
  'PUT /api/clinical-sites/:id': ok(siteAnswerSchema),
  'DELETE /api/clinical-sites/:id': removed,
  'PUT /api/clinical-sites/:id/location': ok(tableRowSchema(t.clinicalSites)),
  'GET /api/site-emails': list(siteEmailAnswerSchema),
  'GET /api/clinical-sites/:id/emails': list(siteEmailAnswerSchema),
  'POST /api/clinical-sites/:id/emails': made(siteEmailAnswerSchema),
  'DELETE /api/clinical-sites/:id/emails/:emailId': removed,
  'GET /api/clinical-hours': list(hoursAnswerSchema),
  'POST /api/clinical-hours': made(hoursAnswerSchema),
  'DELETE /api/clinical-hours/:id': removed,

  'GET /api/documents': list(documentAnswerSchema),
  'POST /api/documents': made(documentAnswerSchema),
  'GET /api/documents/:id/download': file('*/*'),
  'DELETE /api/documents/:id': removed,
  'GET /api/messages': list(messageAnswerSchema),
  'POST /api/messages': made(messageAnswerSchema),
  'POST /api/messages/:id/read': ok(messageAnswerSchema),
  'PATCH /api/messages/:id': ok(messageAnswerSchema),
  'PUT /api/messages/:id': ok(messageAnswerSchema),
  'DELETE /api/messages/:id': removed,
  'GET /api/requests/:kind': list(requestAnswerSchema),
  'POST /api/requests/:kind': made(requestAnswerSchema),
  'POST /api/requests/:kind/:id/approve': ok(requestAnswerSchema),
  'POST /api/requests/:kind/:id/deny': ok(requestAnswerSchema),
  'DELETE /api/requests/:kind/:id': removed,
  'GET /api/preceptor-requests': list(sitePreceptorRequestAnswerSchema),
  'POST /api/preceptor-requests': made(sitePreceptorRequestAnswerSchema),
  'POST /api/preceptor-requests/:id/review': ok(sitePreceptorRequestAnswerSchema),

  'GET /api/accreditation/requirements': list(requirementAnswerSchema),
  'PATCH /api/accreditation/requirements/:id': ok(requirementAnswerSchema),
  'PUT /api/accreditation/requirements/:id': ok(requirementAnswerSchema),
  'GET /api/ram/assessments': list(ramAnswerSchema),
  'PATCH /api/ram/assessments/:id': ok(ramAnswerSchema),
  'PUT /api/ram/assessments/:id': ok(ramAnswerSchema),

  'GET /api/dashboard/stats': ok(dashboardStatsSchema),
  'GET /api/dashboard/activity': list(activityEntrySchema),
  'GET /api/dashboard/deadlines': list(deadlineSchema),
  'GET /api/reports/progress': list(progressReportSchema),
  'GET /api/reports/program-summaries': list(programSummarySchema),
  'GET /api/reports/progress-trend': list(progressTrendPointSchema),
  'GET /api/reports/graduation': list(graduationCandidateSchema),
  'GET /api/reports/graduation-stats': ok(graduationStatsSchema),
  'GET /api/reports/compliance': list(complianceRecordSchema),
  'GET /api/reports/compliance-summary': ok(complianceSummarySchema),
  'GET /api/reports/compliance-by-standard': list(standardComplianceSchema),
  'GET /api/students/:id/smc': ok(smcFiguresSchema),
  'GET /api/reports/smc': list(studentSmcRowSchema),

  'GET /api/annual-report': ok(annualReportAnswerSchema),
  'PUT /api/annual-report/outcomes': ok(tableRowSchema(t.studentOutcomes)),
  'POST /api/annual-report/exam-attempts': made(tableRowSchema(t.examAttempts)),
  'DELETE /api/annual-report/exam-attempts/:id': removed,
  'GET /api/annual-report/cohort-smc': ok(cohortSmcAnswerSchema),
  'GET /api/annual-report/cohort-smc.csv': file(CSV),
  'GET /api/annual-report/cohort-smc.pdf': file(PDF),
  'GET /api/students/:id/portfolio': ok(portfolioAnswerSchema),
  'GET /api/students/:id/portfolio.pdf': file(PDF),
  'GET /api/students/:id/portfolio.csv': file(CSV),
  'GET /api/students/:id/portfolio.xlsx': file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  'POST /api/students/:id/attestations': made(attestationAnswerSchema),
  'GET /api/audit': ok(auditPageSchema),
  'GET /api/audit/export': file(CSV),

  'POST /api/imports/inspect': ok(importInspectionSchema),
  // a dry run (the default) says what it would do; an import that saved its rows made them
  'POST /api/imports': { 200: importReportSchema, 201: importReportSchema },
  'GET /api/imports': list(importBatchSummarySchema),
  'POST /api/imports/:id/attest': ok(importAttestationSchema),

  'GET /api/shifts': ok(boardAnswerSchema),
  // a weekly series is many shifts, and an edit may move the rest of its series
  'POST /api/shifts': made(z.array(tableRowSchema(t.shifts))),
  'PATCH /api/shifts/:id': ok(z.array(tableRowSchema(t.shifts))),
  'POST /api/shifts/:id/cancel': ok(tableRowSchema(t.shifts)),
  'POST /api/shifts/:id/bookings': made(tableRowSchema(t.shiftBookings)),
  'DELETE /api/shift-bookings/:id': ok(droppedAnswerSchema),
  'POST /api/shift-bookings/:id/approve-hours': ok(tableRowSchema(t.clinicalHours)),
  'POST /api/student-credentials': made(tableRowSchema(t.studentCredentials)),
  'GET /api/calendar-feed': ok(calendarFeedStatusSchema),
  'POST /api/calendar-feed': made(issuedCalendarFeedSchema),
  'DELETE /api/calendar-feed': ok(calendarFeedStatusSchema),

  'GET /api/dors': list(dorAnswerSchema),
  'GET /api/task-books': list(taskBookAnswerSchema),
  'GET /api/jpr-sign-offs': list(jprSignOffAnswerSchema),
  'POST /api/task-books': made(taskBookAnswerSchema),
  'POST /api/task-books/:id/jprs': made(jprSignOffAnswerSchema),
  'POST /api/task-books/:id/verify': ok(taskBookAnswerSchema),
  'POST /api/task-books/:id/certify': ok(taskBookAnswerSchema),

  'GET /api/exports/mine': file('application/zip'),
  'GET /api/exports/programs/:id': file('application/zip'),
};

/**
 * A route's success answers, or undefined for a route not listed; `extra` are those of routes whose schemas this
 * folder may not import (sync's).
 */
export const answersOf = (method: string, path: string, extra: Record<string, Answers> = {}): Answers | undefined =>
  extra[`${method} ${path}`] ?? ANSWERS[`${method} ${path}`];

/** The routes with their answers listed (the test checks each names a route that exists). */
export const DOCUMENTED_ANSWERS = Object.keys(ANSWERS);

export const isFile = (answer: Answer): answer is FileAnswer => answer !== null && 'file' in answer;
