/**
 * The CPU-heavy half of an import, run in the import worker (import-worker.ts) so the server's one thread stays free:
 * reading the file, turning each cell into a form value and each row into its command's arguments by that command's
 * schema. Nothing here reads or writes the database; what it leaves is checked again where it is written.
 */
import { createHash } from 'node:crypto';

import { invalid } from '#api/http/errors.ts';
import { IMPORT_MSG } from '#schema/messages.ts';
import {
  type CellValue,
  type ImportInspection,
  type ImportKind,
  type ImportMapping,
  isHistoryKind,
  rowValues,
  startingMapping,
} from '#schema/roster-import.ts';

import type { PreparedRow } from './batches.ts';
import { historyArgs } from './history.ts';
import { type ImportTable, readImportFile } from './read-file.ts';
import { naturalKey, rosterArgs } from './roster.ts';

export interface InspectInput {
  bytes: Uint8Array;
  kind: ImportKind;
  /** The program's last mapping for the kind (api/domain/imports/batches.ts rememberedMapping). */
  remembered: ImportMapping | null;
}

export interface PrepareInput extends InspectInput {
  programId: string;
  /** The mapping the importer chose; none (a script, not the screen): the one the screen would start from. */
  mapping: ImportMapping;
  /** Where the spreadsheet's wall-clock dates and times were written. */
  timeZone: string;
}

export interface PreparedFile {
  fileHash: string;
  mapping: ImportMapping;
  rows: PreparedRow[];
}

const SAMPLE_ROWS = 5;
const cellText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === null ? '' : String(v));

/** The file's columns and first rows, and the mapping to start from: the program's last for the kind, else a guess. */
export async function inspectFile({ bytes, kind, remembered }: InspectInput): Promise<ImportInspection> {
  const table = await readImportFile(bytes);
  const mapping = startingMapping(kind, table.headers, remembered);
  return {
    headers: table.headers,
    rowCount: table.rows.length,
    sample: table.rows.slice(0, SAMPLE_ROWS).map((r) => table.headers.map((_, i) => cellText(r[i] ?? null))),
    mapping,
    remembered: remembered !== null && Object.keys(mapping).every((k) => remembered[k] === mapping[k]),
  };
}

/** Each row's values, the errors found before its schema ran (a key an earlier row has among them), its arguments. */
function prepareRows(input: PrepareInput, table: ImportTable, mapping: ImportMapping): PreparedRow[] {
  const { kind, programId, timeZone } = input;
  const firstRowOf = new Map<string, number>();
  return table.rows.map((cells: CellValue[], index) => {
    const rowNumber = index + 2;
    const { values, errors } = rowValues(kind, table.headers, cells, mapping, timeZone);
    if (isHistoryKind(kind)) return { rowNumber, values, errors, create: historyArgs(kind, values), update: null };
    const natural = naturalKey(kind, values);
    const earlier = natural && firstRowOf.get(natural.key);
    if (natural && earlier) errors[natural.field] = IMPORT_MSG.duplicateInFile(earlier);
    else if (natural) firstRowOf.set(natural.key, rowNumber);
    return { rowNumber, values, errors, ...rosterArgs(kind, programId, values) };
  });
}

/** The file read, its mapping checked against its columns, and every row prepared for the write. */
export async function prepareImport(input: PrepareInput): Promise<PreparedFile> {
  const table = await readImportFile(input.bytes);
  for (const header of Object.values(input.mapping)) {
    if (!table.headers.includes(header)) throw invalid({ mapping: IMPORT_MSG.unknownColumn(header) });
  }
  const mapping =
    Object.keys(input.mapping).length > 0
      ? input.mapping
      : startingMapping(input.kind, table.headers, input.remembered);
  return {
    fileHash: createHash('sha256').update(input.bytes).digest('hex'),
    mapping,
    rows: prepareRows(input, table, mapping),
  };
}
