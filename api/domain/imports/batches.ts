/**
 * What every import shares: who may import which kind into which program, the batch row that records a file once
 * it is imported (and so remembers its mapping), and running the rows of a file all or none.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';

import type { Actor, CommandContext } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { statement } from '#api/db/statements.ts';
import { AppError, forbidden, invalid } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { inProgram } from '#api/permissions/scope.ts';
import { IMPORT_MSG } from '#schema/messages.ts';
import {
  IMPORT_ACTIONS,
  type ImportKind,
  type ImportMapping,
  type ImportReport,
  type RowErrors,
  rowValues,
} from '#schema/roster-import.ts';
import * as t from '#schema/tables.ts';

import type { ImportTable } from './read-file.ts';

/** An import as the route hands it to its command: the file read on the server, never a client's rows. */
export interface ImportJob {
  programId: string;
  kind: ImportKind;
  fileName: string;
  fileHash: string;
  mapping: ImportMapping;
  table: ImportTable;
  dryRun: boolean;
  /** Where the spreadsheet's wall-clock dates and times were written (UTC when not said). */
  timeZone?: string;
}
export const importJob = z.custom<ImportJob>((v) => typeof v === 'object' && v !== null);

/** Refuses a role that may not import the kind, and a program the caller does not work in. */
export function assertMayImport(q: Q, actor: Actor, kind: ImportKind, programId: string) {
  for (const action of IMPORT_ACTIONS[kind]) assertCan(actor, action);
  const program = q.select({ id: t.programs.id }).from(t.programs).where(eq(t.programs.id, programId)).get();
  if (!program) throw invalid({ programId: 'Program not found' });
  if (!inProgram(q, actor, programId)) throw forbidden();
}

/** The mapping of the program's last import of this kind. */
export function rememberedMapping(q: Q, programId: string, kind: ImportKind): ImportMapping | null {
  const b = t.importBatches;
  return (
    q
      .select({ mapping: b.mapping })
      .from(b)
      .where(and(eq(b.programId, programId), eq(b.kind, kind), isNull(b.deletedAt)))
      .orderBy(desc(b.createdAt), desc(b.version))
      .get()?.mapping ?? null
  );
}

/** Ends an import's transaction without keeping anything (a dry run, a row in error), carrying what it found. */
export class ImportRolledBack extends Error {
  constructor(readonly report: ImportReport) {
    super('import rolled back');
  }
}

export type RowOutcome = 'created' | 'updated' | 'unchanged';

/** Whether a row this import wrote to was changed by it (every write of one import carries its version). */
export const outcomeOf = (ctx: CommandContext, row: { version: number } | undefined): RowOutcome =>
  row?.version === ctx.version ? 'updated' : 'unchanged';

/** A report of nothing done yet. */
export const emptyReport = (job: ImportJob): ImportReport => ({
  kind: job.kind,
  dryRun: job.dryRun,
  applied: false,
  rows: job.table.rows.length,
  created: 0,
  updated: 0,
  unchanged: 0,
  errors: [],
  batchId: null,
  alreadyImported: false,
});

/** Thrown inside a row's savepoint to undo it when the row had errors before its schema ran. */
class RowRefused extends Error {}

/**
 * Runs each row under its own savepoint, so later rows see earlier ones (a duplicate within the file) and a refused
 * row undoes only itself; collects each row's errors in the app's messages. Then the whole file is kept only if no
 * row failed and it is not a dry run: otherwise the command's transaction rolls back all of it.
 */
export function runRows(
  ctx: CommandContext,
  job: ImportJob,
  keyOf: (values: Record<string, unknown>) => { field: string; key: string } | null,
  importRow: (values: Record<string, unknown>, rowNumber: number) => RowOutcome,
): ImportReport {
  const report = emptyReport(job);
  const firstRowOf = new Map<string, number>();
  job.table.rows.forEach((cells, index) => {
    const rowNumber = index + 2;
    const { values, errors } = rowValues(job.kind, job.table.headers, cells, job.mapping, job.timeZone);
    const natural = keyOf(values);
    const earlier = natural && firstRowOf.get(natural.key);
    if (natural && earlier) errors[natural.field] = IMPORT_MSG.duplicateInFile(earlier);
    else if (natural) firstRowOf.set(natural.key, rowNumber);
    const found = inSavepoint(ctx, () => importRow(values, rowNumber), Object.keys(errors).length > 0);
    if (typeof found === 'string') report[found] += 1;
    else report.errors.push({ row: rowNumber, fields: { ...found, ...errors } });
  });
  return report;
}

/** A row's writes under a savepoint: its outcome, or its errors with its writes undone. */
function inSavepoint(ctx: CommandContext, run: () => RowOutcome, refuse: boolean): RowOutcome | RowErrors {
  statement(ctx.tx, 'savepoint import_row').run();
  try {
    const outcome = run();
    if (refuse) throw new RowRefused();
    statement(ctx.tx, 'release import_row').run();
    return outcome;
  } catch (e) {
    statement(ctx.tx, 'rollback to import_row').run();
    statement(ctx.tx, 'release import_row').run();
    if (e instanceof RowRefused) return {};
    if (e instanceof AppError) return e.fields ?? { file: e.message };
    throw e;
  }
}

/** Keeps the file's batch (audited) when every row imported; otherwise rolls the whole file back. */
export function finishImport(ctx: CommandContext, job: ImportJob, report: ImportReport, batchId?: string) {
  if (job.dryRun || report.errors.length > 0) throw new ImportRolledBack(report);
  const batch = ctx.insert(t.importBatches, {
    id: batchId,
    programId: job.programId,
    kind: job.kind,
    fileName: job.fileName,
    fileHash: job.fileHash,
    rowCount: report.rows,
    mapping: job.mapping,
    importedBy: ctx.actor.id,
  });
  return { ...report, applied: true, batchId: batch.id };
}
