import { Hono } from 'hono';

import type { Deps, Env } from '#api/http/context.ts';
import { invalid } from '#api/http/errors.ts';
import { typedQuery } from '#api/http/typed-body.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { AUDIT_EXPORT_LIMIT, AUDIT_PAGE_SIZE, auditFilterSchema } from '#schema/audit.ts';
import { fieldErrors } from '#schema/common.ts';
import { toCsv } from '#schema/csv.ts';

import { auditCsvRows, auditEntries, auditPage } from './audit.queries.ts';

export function auditRoutes({ db }: Deps) {
  const filterOf = (query: Record<string, string>) => {
    const parsed = auditFilterSchema.safeParse(query);
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    return parsed.data;
  };

  // chained, so the routes' types reach hono/client (AuditRoutes)
  return new Hono<Env>()
    .get('/audit', typedQuery(auditFilterSchema), (c) => {
      assertCan(c.var.actor, 'audit.read');
      return c.json(auditPage(db, filterOf(c.req.query()), AUDIT_PAGE_SIZE));
    })

    .get('/audit/export', (c) => {
      assertCan(c.var.actor, 'audit.read');
      const csv = toCsv(auditCsvRows(auditEntries(db, filterOf(c.req.query()), AUDIT_EXPORT_LIMIT)));
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`);
      return c.body(`\ufeff${csv}`);
    });
}

export type AuditRoutes = ReturnType<typeof auditRoutes>;
