import { Hono } from 'hono';
import type { z } from 'zod';

import { runCommand } from '#api/commands/command.ts';
import { cohortSmcOf } from '#api/domain/annual-report/cohort-smc.ts';
import { tablePdf } from '#api/domain/annual-report/cohort-smc-pdf.ts';
import { annualReportWorksheet } from '#api/domain/annual-report/worksheet.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { invalid } from '#api/http/errors.ts';
import { argsBody, typedQuery } from '#api/http/typed-body.ts';
import { worksheetQuerySchema } from '#schema/annual-report.ts';
import { cohortSmcQuerySchema, cohortSmcRows } from '#schema/cohort-smc.ts';
import { fieldErrors } from '#schema/common.ts';
import { toCsv } from '#schema/csv.ts';
import { plural } from '#schema/plural.ts';

import { recordExamAttempt, removeExamAttempt, setStudentOutcome } from './annual-report.commands.ts';

function parsed<S extends z.ZodType>(schema: S, query: Record<string, string>): z.output<S> {
  const result = schema.safeParse(query);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** What a download's file name may hold of a program's name. */
const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'program';

/**
 * The accreditation exports of one program: the annual-report worksheet and its entry forms, and the cohort SMC
 * summary as JSON, CSV and PDF. Only the program's director or clinical coordinator (`annualReport.manage`).
 */
export function annualReportRoutes({ db }: Deps) {
  const cohort = (query: Record<string, string>, actor: Env['Variables']['actor']) => {
    const { programId, ...filter } = parsed(cohortSmcQuerySchema, query);
    return cohortSmcOf(db, actor, programId, filter);
  };

  // chained, so the routes' types reach hono/client (AnnualReportRoutes)
  return new Hono<Env>()
    .get('/annual-report', typedQuery(worksheetQuerySchema), (c) => {
      const { programId, year } = parsed(worksheetQuerySchema, c.req.query());
      return c.json(annualReportWorksheet(db, c.var.actor, programId, year));
    })

    .put('/annual-report/outcomes', argsBody(setStudentOutcome), async (c) =>
      c.json(runCommand(db, setStudentOutcome, c.var.actor, await readJson(c))),
    )

    .post('/annual-report/exam-attempts', argsBody(recordExamAttempt), async (c) =>
      c.json(runCommand(db, recordExamAttempt, c.var.actor, await readJson(c)), 201),
    )

    .delete('/annual-report/exam-attempts/:id', (c) =>
      c.json(runCommand(db, removeExamAttempt, c.var.actor, { id: c.req.param('id') })),
    )

    .get('/annual-report/cohort-smc', typedQuery(cohortSmcQuerySchema), (c) =>
      c.json(cohort(c.req.query(), c.var.actor)),
    )

    .get('/annual-report/cohort-smc.csv', (c) => {
      const summary = cohort(c.req.query(), c.var.actor);
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="cohort-smc-${fileSafe(summary.program.name)}.csv"`);
      return c.body(`\ufeff${toCsv(cohortSmcRows(summary.items))}`);
    })

    .get('/annual-report/cohort-smc.pdf', async (c) => {
      const summary = cohort(c.req.query(), c.var.actor);
      const { from, to, setting } = summary.filter;
      const pdf = await tablePdf(
        `Cohort SMC summary: ${summary.program.name}`,
        [
          `Records dated ${from ?? 'any time'} to ${to ?? 'today'}; setting: ${setting ?? 'all'}. Verified records only.`,
          `${plural(summary.students.length, 'student')}. Printed ${new Date().toISOString().slice(0, 10)}.`,
        ],
        cohortSmcRows(summary.items),
      );
      c.header('content-type', 'application/pdf');
      c.header('content-disposition', `attachment; filename="cohort-smc-${fileSafe(summary.program.name)}.pdf"`);
      return c.body(new Uint8Array(pdf));
    });
}

export type AnnualReportRoutes = ReturnType<typeof annualReportRoutes>;
