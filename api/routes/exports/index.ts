/**
 * Records out: GET /api/exports/mine (everything held about the caller) and GET /api/exports/programs/:id (a whole
 * program, for backup or leaving a vendor), each one ZIP of CSV and JSON files, streamed. Both are audited before the
 * first byte goes out; a program outside the caller's scope answers as one that does not exist.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';

import { recordAuditEvent } from '#api/commands/audit-event.ts';
import type { Ctx, Deps, Env } from '#api/http/context.ts';
import { notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { inProgram } from '#api/permissions/scope.ts';
import * as t from '#schema/tables.ts';

import { type ExportSection, ownSections, programSections } from './export-sections.ts';
import { zipStream } from './export-zip.ts';

const readme = (what: string, sections: ExportSection[], at: string) =>
  [
    `Training records export: ${what}`,
    `Made ${at} (UTC).`,
    '',
    'Each table is here twice: csv/<table>.csv for spreadsheets and json/<table>.json for programs.',
    'Ids link the tables: studentId names a row of students, skillId one of skills, userId one of users.',
    '',
    ...sections.map((s) => `${s.name}: ${s.count} rows`),
    '',
  ].join('\r\n');

function sendZip(c: Ctx, fileName: string, what: string, sections: ExportSection[], at: string) {
  c.header('content-type', 'application/zip');
  c.header('content-disposition', `attachment; filename="${fileName}"`);
  c.header('cache-control', 'no-store');
  return c.body(zipStream(readme(what, sections, at), sections));
}

const rowCount = (sections: ExportSection[]) => sections.reduce((n, s) => n + s.count, 0);

export function exportRoutes({ db }: Deps) {
  return new Hono<Env>()
    .get('/exports/mine', (c) => {
      const actor = c.var.actor;
      const at = new Date().toISOString();
      const sections = db.transaction((tx) => {
        const found = ownSections(tx, actor);
        recordAuditEvent(tx, actor, {
          command: 'exportOwnRecords',
          tableName: 'users',
          recordId: actor.id,
          action: 'export',
          details: { rows: rowCount(found) },
        });
        return found;
      });
      return sendZip(c, `my-training-records-${at.slice(0, 10)}.zip`, 'everything held about one person', sections, at);
    })
    .get('/exports/programs/:id', (c) => {
      const actor = c.var.actor;
      assertCan(actor, 'records.exportProgram');
      const id = c.req.param('id');
      const program = db
        .select()
        .from(t.programs)
        .where(and(eq(t.programs.id, id), isNull(t.programs.deletedAt)))
        .get();
      if (!program || !inProgram(db, actor, program.id)) throw notFound('Program');
      const at = new Date().toISOString();
      const sections = db.transaction((tx) => {
        const found = programSections(tx, program.id);
        recordAuditEvent(tx, actor, {
          command: 'exportProgramRecords',
          tableName: 'programs',
          recordId: program.id,
          action: 'export',
          details: { rows: rowCount(found) },
        });
        return found;
      });
      return sendZip(c, `program-records-${at.slice(0, 10)}.zip`, `the program ${program.name}`, sections, at);
    });
}

export type ExportRoutes = ReturnType<typeof exportRoutes>;
