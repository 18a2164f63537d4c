import { Hono } from 'hono';
import writeXlsxFile from 'write-excel-file/node';

import { attest, attestationView } from '#api/domain/portfolio/attestation.ts';
import { portfolioOf } from '#api/domain/portfolio/portfolio.ts';
import { portfolioPdf } from '#api/domain/portfolio/portfolio-pdf.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { invalid } from '#api/http/errors.ts';
import { studentNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { attestSchema } from '#schema/attestation.ts';
import { fieldErrors } from '#schema/common.ts';
import { toCsv } from '#schema/csv.ts';
import { portfolioFigures, readyToGraduate } from '#schema/portfolio.ts';

/**
 * A student's competency portfolio (schema/portfolio.ts): as JSON with its "ready to graduate" list and attestation,
 * as PDF, CSV and XLSX, and the Terminal Competency attestation. Every route reads only a student the caller may see
 * (the student themselves, staff of their program, roles that see every program); any other id answers as unknown.
 */
export function portfolioRoutes({ db }: Deps) {
  const visible = (c: { var: Env['Variables']; req: { param(name: string): string } }) =>
    visibleStudentOr(db, c.var.actor, c.req.param('id'), studentNotFound);
  const read = (c: Parameters<typeof visible>[0]) => {
    const student = visible(c);
    const portfolio = portfolioOf(db, student);
    return { student, portfolio, attestation: attestationView(db, c.var.actor, student, portfolio) };
  };
  const fileName = (code: string, ext: string) => `portfolio-${code.replace(/[^\w-]/g, '_')}.${ext}`;

  // chained, so the routes' types reach hono/client (PortfolioRoutes)
  return new Hono<Env>()
    .get('/students/:id/portfolio', (c) => {
      const { portfolio, attestation } = read(c);
      return c.json({ ...portfolio, readiness: readyToGraduate(portfolio), attestation });
    })
    .get('/students/:id/portfolio.pdf', async (c) => {
      const { portfolio, attestation } = read(c);
      const pdf = await portfolioPdf(portfolio, attestation, new Date().toISOString().slice(0, 10));
      c.header('content-type', 'application/pdf');
      c.header('content-disposition', `attachment; filename="${fileName(portfolio.student.studentCode, 'pdf')}"`);
      return c.body(new Uint8Array(pdf));
    })
    .get('/students/:id/portfolio.csv', (c) => {
      const { portfolio } = read(c);
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="${fileName(portfolio.student.studentCode, 'csv')}"`);
      const { columns, rows } = portfolioFigures(portfolio);
      return c.body(`\ufeff${toCsv(rows, [...columns])}`);
    })
    .get('/students/:id/portfolio.xlsx', async (c) => {
      const { portfolio } = read(c);
      const { columns, rows } = portfolioFigures(portfolio);
      const sheet = [
        columns.map((value) => ({ value, fontWeight: 'bold' as const })),
        ...rows.map((r) => columns.map((k) => ({ value: r[k] }))),
      ];
      const buffer = await writeXlsxFile(sheet).toBuffer();
      c.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      c.header('content-disposition', `attachment; filename="${fileName(portfolio.student.studentCode, 'xlsx')}"`);
      return c.body(new Uint8Array(buffer));
    })
    .post('/students/:id/attestations', async (c) => {
      const student = visible(c);
      const parsed = attestSchema.safeParse(await readJson(c));
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      const row = attest(db, c.var.actor, student, parsed.data.exception);
      return c.json({ id: row.id, role: row.role, signedAt: row.signedAt, contentHash: row.contentHash }, 201);
    });
}

export type PortfolioRoutes = ReturnType<typeof portfolioRoutes>;
