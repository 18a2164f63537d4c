/**
 * What every import shares: who may import which kind into which program, the batch row that records a file once
 * it is imported (and so remembers its mapping), and running the rows of a file all or none.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';

import type { Actor, Command, CommandContext } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { rowsOf } from '#api/db/rows.ts';
import { statement } from '#api/db/statements.ts';
import { AppError, forbidden, invalid } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { inProgram } from '#api/permissions/scope.ts';
import { fieldErrors } from '#schema/common.ts';
import {
  IMPORT_ACTIONS,
  type ImportKind,
  type ImportMapping,
  type ImportReport,
  type RowErrors,
} from '#schema/roster-import.ts';
import * as t from '#schema/tables.ts';

type SiteRow = typeof t.clinicalSites.$inferSelect;

/**
 * One row of a file as the import worker left it (api/domain/imports/prepare.ts): its values as the form would send
 * them, the errors found before any schema ran, and its values already parsed by the schemas of the commands that
 * create and update its record, so that the write's transaction only looks up and writes.
 */
export interface PreparedRow {
  /** Its row number in the spreadsheet (the header is row 1). */
  rowNumber: number;
  values: Record<string, unknown>;
  /** A formula-like cell, a yes/no that is neither, a natural key an earlier row of the file has. */
  errors: RowErrors;
  create: Parsed;
  /** A roster row's update of the record its natural key names (its id is {@link FOUND_ID} until it is found). */
  update: Parsed | null;
}

/** An import as the route hands it to its command: the file read and checked in the worker, never a client's rows. */
export interface ImportJob {
  programId: string;
  kind: ImportKind;
  fileName: string;
  fileHash: string;
  mapping: ImportMapping;
  rows: PreparedRow[];
  dryRun: boolean;
}
export const importJob = z.custom<ImportJob>((v) => typeof v === 'object' && v !== null);

/** A row's values through a command's schema, as parseArgs takes them: its arguments, or its fields' errors. */
export type Parsed = { args: unknown } | { fields: RowErrors };

/** Stands for the id of the record a row updates in the worker's parse; the write puts the found record's id. */
export const FOUND_ID = 'found-when-written';

/** Parses as parseArgs does, keeping the errors for the row instead of throwing them. */
export function parsedBy(command: Command, raw: unknown): Parsed {
  const parsed = command.args.safeParse(raw);
  return parsed.success ? { args: parsed.data } : { fields: fieldErrors(parsed.error) };
}

/**
 * The arguments the command's schema gave the row in the worker, typed by that command (named only for their type);
 * its errors refuse the row, as parseArgs would have.
 */
export function argsOf<S extends z.ZodType>(_command: Command<S, unknown>, parsed: Parsed): z.output<S> {
  if ('fields' in parsed) throw invalid(parsed.fields);
  return parsed.args as z.output<S>;
}

/**
 * The live clinical sites by their name in lower case (the first of each), for a file's rows to find theirs by
 * `text.toLowerCase()`, as they did when each row asked SQLite for `lower(trim(name))`: one query for a whole file.
 */
export function sitesByName(q: Q) {
  const sites = rowsOf<SiteRow & { nameKey: string }>(
    q,
    t.clinicalSites,
    'select *, lower(trim(name)) as nameKey from clinical_sites where deleted_at is null order by rowid',
    [],
  );
  const byName = new Map<string, SiteRow>();
  for (const site of sites) if (!byName.has(site.nameKey)) byName.set(site.nameKey, site);
  return byName;
}

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
  rows: job.rows.length,
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
 * Runs each row under its own savepoint, so later rows see earlier ones and a refused row undoes only itself; collects
 * each row's errors in the app's messages. Then the whole file is kept only if no row failed and it is not a dry run:
 * otherwise the command's transaction rolls back all of it.
 */
export function runRows(
  ctx: CommandContext,
  job: ImportJob,
  importRow: (row: PreparedRow) => RowOutcome,
): ImportReport {
  const report = emptyReport(job);
  for (const row of job.rows) {
    const found = inSavepoint(ctx, () => importRow(row), Object.keys(row.errors).length > 0);
    if (typeof found === 'string') report[found] += 1;
    else report.errors.push({ row: row.rowNumber, fields: { ...found, ...row.errors } });
  }
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
