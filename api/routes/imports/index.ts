import { and, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { assertMayImport, type ImportJob, ImportRolledBack, rememberedMapping } from '#api/domain/imports/batches.ts';
import { attestImport, importHistory } from '#api/domain/imports/history.ts';
import { inspectOffThread, prepareOffThread } from '#api/domain/imports/off-thread.ts';
import { importRoster } from '#api/domain/imports/roster.ts';
import type { Ctx, Deps, Env } from '#api/http/context.ts';
import { invalid } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { programScope } from '#api/permissions/scope.ts';
import { fieldErrors } from '#schema/common.ts';
import { IMPORT_MSG } from '#schema/messages.ts';
import {
  ATTEST_ACTION,
  type ImportAttestation,
  type ImportBatchSummary,
  type ImportReport,
  importRequestSchema,
  isHistoryKind,
} from '#schema/roster-import.ts';
import * as t from '#schema/tables.ts';

/** The import form: its fields checked, its file read whole (the body limit already cut it off at the import's size). */
async function readForm(c: Ctx) {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw invalid({ file: IMPORT_MSG.fileRequired }, IMPORT_MSG.fileRequired);
  }
  const fields = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
  const parsed = importRequestSchema.safeParse(fields);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const file = form.file;
  if (!(file instanceof File)) throw invalid({ file: IMPORT_MSG.fileRequired }, IMPORT_MSG.fileRequired);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { request: parsed.data, file, bytes };
}

export function importRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (ImportRoutes)
  return (
    new Hono<Env>()
      /** The file's columns and first rows, and the mapping to start from: the program's last for the kind, else a guess. */
      .post('/imports/inspect', async (c) => {
        const { request, bytes } = await readForm(c);
        assertMayImport(db, c.var.actor, request.kind, request.programId);
        const remembered = rememberedMapping(db, request.programId, request.kind);
        return c.json(await inspectOffThread({ bytes, kind: request.kind, remembered }));
      })

      /**
       * Imports the file, or with dryRun (the default) says what it would do; without a mapping, with the one inspect
       * offers. The file is read and every row checked in the import worker, so this thread stays free for every other
       * request meanwhile; then one transaction looks up and writes. All rows or none: a row in error, like a dry run,
       * leaves nothing behind, and the answer lists every row's errors.
       */
      .post('/imports', async (c) => {
        const { request, file, bytes } = await readForm(c);
        assertMayImport(db, c.var.actor, request.kind, request.programId);
        const remembered = rememberedMapping(db, request.programId, request.kind);
        const { kind, programId, mapping, timeZone, dryRun } = request;
        const prepared = await prepareOffThread({ bytes, kind, programId, mapping, remembered, timeZone });
        const job: ImportJob = { ...prepared, kind, programId, dryRun, fileName: file.name.slice(0, 200) || 'import' };
        const command = isHistoryKind(request.kind) ? importHistory : importRoster;
        let report: ImportReport;
        try {
          report = runCommand(db, command, c.var.actor, job);
        } catch (e) {
          if (!(e instanceof ImportRolledBack)) throw e;
          report = e.report;
        }
        if (!report.dryRun && report.errors.length > 0)
          return c.json({ error: IMPORT_MSG.rowsHaveErrors, report }, 400);
        return c.json(report, report.applied ? 201 : 200);
      })

      /** The program's history imports, for attestation: to those who may attest them. */
      .get('/imports', (c) => {
        assertCan(c.var.actor, ATTEST_ACTION);
        const programId = c.req.query('programId') ?? '';
        const scope = programScope(db, c.var.actor);
        if (scope !== 'all' && !scope.has(programId)) return c.json([]);
        const b = t.importBatches;
        const rows = db
          .select()
          .from(b)
          .where(and(eq(b.programId, programId), isNull(b.deletedAt)))
          .orderBy(desc(b.createdAt))
          .all()
          .filter((r) => isHistoryKind(r.kind));
        return c.json(
          rows.map((r): ImportBatchSummary => ({
            id: r.id,
            kind: r.kind as ImportBatchSummary['kind'],
            fileName: r.fileName,
            rowCount: r.rowCount,
            importedBy: r.importedBy,
            createdAt: r.createdAt,
            attestedBy: r.attestedBy,
            attestedAt: r.attestedAt,
          })),
        );
      })

      .post('/imports/:id/attest', (c) => {
        const batch = runCommand(db, attestImport, c.var.actor, { id: c.req.param('id') });
        const answer: ImportAttestation = {
          id: batch.id,
          attestedBy: batch.attestedBy!,
          attestedAt: batch.attestedAt!,
        };
        return c.json(answer);
      })
  );
}

export type ImportRoutes = ReturnType<typeof importRoutes>;
