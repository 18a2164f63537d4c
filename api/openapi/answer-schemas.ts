/**
 * What each route answers when it succeeds, by status: a zod schema from schema/ for JSON, a file's media type, or
 * nothing (a redirect, 204). A route not listed answers as its method's default: a GET a list of rows, a POST the
 * record it made (201), a PUT or PATCH the record as changed, a DELETE the id it removed.
 */
import type { z } from 'zod';

import {
  figuresAnswerSchema,
  healthAnswerSchema,
  recordAnswerSchema,
  recordsAnswerSchema,
  removedAnswerSchema,
  rowsAnswerSchema,
  sessionAnswerSchema,
  signOffLinkAnswerSchema,
  signOffReviewAnswerSchema,
} from '#schema/api-answers.ts';
import { calendarFeedStatusSchema, issuedCalendarFeedSchema } from '#schema/calendar.ts';
import {
  importAttestationSchema,
  importBatchSummarySchema,
  importInspectionSchema,
  importReportSchema,
} from '#schema/roster-import.ts';

/** A file answer: its media type (`*\/*` for a stored document, whatever type it was uploaded as). */
export interface FileAnswer {
  file: string;
}
export type Answer = z.ZodType | FileAnswer | null;
export type Answers = Record<number, Answer>;

const json = (status: number, schema: z.ZodType): Answers => ({ [status]: schema });
const file = (type: string): Answers => ({ 200: { file: type } });
const CSV = 'text/csv';
const PDF = 'application/pdf';

const ANSWERS: Record<string, Answers> = {
  'GET /api/health': json(200, healthAnswerSchema),
  'GET /api/login': { 302: null },
  'POST /api/login': json(200, recordAnswerSchema),
  'POST /api/logout': { 204: null },
  'GET /api/logout': { 302: null },
  'GET /api/auth/session': json(200, sessionAnswerSchema),
  'GET /api/auth/user': json(200, recordAnswerSchema),
  'GET /api/demo/user': json(200, recordAnswerSchema),
  'GET /api/sign-off-links/:token': json(200, figuresAnswerSchema),
  'POST /api/sign-off-links/:token': json(200, figuresAnswerSchema),
  'GET /api/calendar/:file': file('text/calendar'),
  'GET /api/openapi.json': json(200, figuresAnswerSchema),
  'GET /api/openapi': file('text/html'),
  'GET /api/students/:id': json(200, recordAnswerSchema),
  'PUT /api/programs/:id/requirements': json(200, figuresAnswerSchema),
  'PUT /api/programs/:id/task-book-rules': json(200, figuresAnswerSchema),
  'PUT /api/programs/:id/dor-settings': json(200, figuresAnswerSchema),
  'POST /api/sign-offs/:id/review': json(200, signOffReviewAnswerSchema),
  'POST /api/sign-offs/:id/link': json(200, signOffLinkAnswerSchema),
  'POST /api/sign-offs/:id/confirm': json(200, recordAnswerSchema),
  'POST /api/task-books/:id/verify': json(200, recordAnswerSchema),
  'POST /api/task-books/:id/certify': json(200, recordAnswerSchema),
  'POST /api/messages/:id/read': json(200, recordAnswerSchema),
  'POST /api/requests/:kind/:id/approve': json(200, recordAnswerSchema),
  'POST /api/requests/:kind/:id/deny': json(200, recordAnswerSchema),
  'POST /api/preceptor-requests/:id/review': json(200, recordAnswerSchema),
  'GET /api/documents/:id/download': file('*/*'),
  'GET /api/audit': json(200, figuresAnswerSchema),
  'GET /api/audit/export': file(CSV),
  'GET /api/dashboard/stats': json(200, figuresAnswerSchema),
  'GET /api/reports/graduation-stats': json(200, figuresAnswerSchema),
  'GET /api/reports/compliance-summary': json(200, figuresAnswerSchema),
  'GET /api/students/:id/smc': json(200, figuresAnswerSchema),
  'GET /api/annual-report': json(200, figuresAnswerSchema),
  'PUT /api/annual-report/outcomes': json(200, recordAnswerSchema),
  'GET /api/annual-report/cohort-smc': json(200, figuresAnswerSchema),
  'GET /api/annual-report/cohort-smc.csv': file(CSV),
  'GET /api/annual-report/cohort-smc.pdf': file(PDF),
  'GET /api/students/:id/portfolio': json(200, figuresAnswerSchema),
  'GET /api/students/:id/portfolio.pdf': file(PDF),
  'GET /api/students/:id/portfolio.csv': file(CSV),
  'GET /api/students/:id/portfolio.xlsx': file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  'POST /api/imports/inspect': json(200, importInspectionSchema),
  // a dry run (the default) says what it would do; an import that saved its rows made them
  'POST /api/imports': { 200: importReportSchema, 201: importReportSchema },
  'GET /api/imports': json(200, importBatchSummarySchema.array()),
  'POST /api/imports/:id/attest': json(200, importAttestationSchema),
  'GET /api/shifts': json(200, figuresAnswerSchema),
  // a weekly series is many shifts
  'POST /api/shifts': json(201, recordsAnswerSchema),
  'PATCH /api/shifts/:id': json(200, recordsAnswerSchema),
  'POST /api/shifts/:id/cancel': json(200, recordAnswerSchema),
  'DELETE /api/shift-bookings/:id': json(200, figuresAnswerSchema),
  'POST /api/shift-bookings/:id/approve-hours': json(200, recordAnswerSchema),
  'GET /api/calendar-feed': json(200, calendarFeedStatusSchema),
  'POST /api/calendar-feed': json(201, issuedCalendarFeedSchema),
  'DELETE /api/calendar-feed': json(200, calendarFeedStatusSchema),
  'GET /api/exports/mine': file('application/zip'),
  'GET /api/exports/programs/:id': file('application/zip'),
};

const BY_METHOD: Record<string, Answers> = {
  GET: json(200, rowsAnswerSchema),
  POST: json(201, recordAnswerSchema),
  PUT: json(200, recordAnswerSchema),
  PATCH: json(200, recordAnswerSchema),
  DELETE: json(200, removedAnswerSchema),
};

/** A route's success answers; `extra` are those of routes whose schemas this folder may not import (sync's). */
export const answersOf = (method: string, path: string, extra: Record<string, Answers> = {}): Answers =>
  extra[`${method} ${path}`] ?? ANSWERS[`${method} ${path}`] ?? BY_METHOD[method];

export const isFile = (answer: Answer): answer is FileAnswer => answer !== null && 'file' in answer;
