/**
 * Reads an import file into a header and rows of cells, refusing what cannot be read whole and safely: too many rows,
 * a text encoding it cannot tell, an old .xls, an XLSX that unpacks to more than an import takes. CSV by papaparse,
 * XLSX by read-excel-file (which reads the values a spreadsheet saved and never evaluates a formula).
 */
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';

import { AppError, invalid } from '#api/http/errors.ts';
import { IMPORT_MSG } from '#schema/messages.ts';
import { type CellValue, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES } from '#schema/roster-import.ts';

export interface ImportTable {
  headers: string[];
  rows: CellValue[][];
}

const refused = (message: string) => invalid({ file: message }, message);
const tooManyRows = () => refused(IMPORT_MSG.tooManyRows(IMPORT_MAX_ROWS.toLocaleString('en-US')));

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0];

/**
 * The file's text. A byte-order mark says UTF-8 or UTF-16; without one, UTF-8 if it is valid UTF-8, else Latin-1 as
 * Windows writes it (Excel's plain "CSV"). A NUL byte without a UTF-16 mark is no text file: refused, not guessed.
 */
function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, 0xff, 0xfe)) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, 0xfe, 0xff)) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0)) throw refused(IMPORT_MSG.encoding);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Uint8Array): CellValue[][] {
  const rows: string[][] = [];
  let over = false;
  Papa.parse<string[]>(decodeText(bytes), {
    skipEmptyLines: 'greedy',
    step(result, parser) {
      // the header and the limit's rows, then one more to know the file is over it
      if (rows.length > IMPORT_MAX_ROWS) {
        over = true;
        parser.abort();
        return;
      }
      rows.push(result.data);
    },
  });
  if (over) throw tooManyRows();
  return rows;
}

/** The sizes an XLSX's parts say they unpack to, read from the zip's directory without unpacking any. */
function assertUnpackedSize(bytes: Uint8Array) {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        total += file.originalSize;
        return false;
      },
    });
  } catch {
    throw refused(IMPORT_MSG.notReadable);
  }
  if (total > IMPORT_MAX_UNPACKED_BYTES) throw refused(IMPORT_MSG.unpackedTooLarge);
}

async function readXlsx(bytes: Uint8Array): Promise<CellValue[][]> {
  assertUnpackedSize(bytes);
  try {
    return (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) as CellValue[][];
  } catch {
    throw refused(IMPORT_MSG.notReadable);
  }
}

const isBlank = (row: readonly CellValue[]) => row.every((c) => c === null || String(c).trim() === '');

/** The first row names the columns: each once, none blank. */
function headersOf(row: readonly CellValue[] | undefined): string[] {
  if (!row) throw refused(IMPORT_MSG.noHeader);
  const headers = row.map((c) => (c === null ? '' : String(c).trim()));
  while (headers.length > 0 && headers.at(-1) === '') headers.pop();
  if (headers.length === 0 || headers.includes('')) throw refused(IMPORT_MSG.noHeader);
  const seen = new Set<string>();
  for (const h of headers) {
    if (seen.has(h.toLowerCase())) throw refused(IMPORT_MSG.duplicateHeader(h));
    seen.add(h.toLowerCase());
  }
  return headers;
}

/** The file's header and rows (blank rows dropped), or a 400 that says why it cannot be imported. */
export async function readImportFile(bytes: Uint8Array): Promise<ImportTable> {
  if (bytes.byteLength === 0) throw refused(IMPORT_MSG.fileRequired);
  if (bytes.byteLength > IMPORT_MAX_BYTES) {
    throw new AppError(413, IMPORT_MSG.fileTooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
  }
  if (startsWith(bytes, ...OLE2)) throw refused(IMPORT_MSG.xlsFile);
  const all = startsWith(bytes, ...ZIP) ? await readXlsx(bytes) : readCsv(bytes);
  const [first, ...rest] = all;
  const headers = headersOf(first);
  const rows = rest.filter((r) => !isBlank(r));
  if (rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
  if (rows.length === 0) throw refused(IMPORT_MSG.noRows);
  return { headers, rows };
}
