/**
 * The import calls: the file goes to the server with each step (it is read there, never trusted from the screen), as
 * a multipart form, which `api()` (JSON only) does not send.
 */
import type {
  ImportBatchSummary,
  ImportInspection,
  ImportKind,
  ImportMapping,
  ImportReport,
} from '#schema/roster-import.ts';
import { answerOf, api, ApiError } from '#web/lib/api.ts';

export interface ImportTarget {
  programId: string;
  kind: ImportKind;
  file: File;
}

function send(path: string, target: ImportTarget, extra: Record<string, string> = {}): Promise<Response> {
  const body = new FormData();
  body.set('file', target.file);
  body.set('programId', target.programId);
  body.set('kind', target.kind);
  // the spreadsheet's dates and times are the wall clock where the importer is
  body.set('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  return fetch(path, { method: 'POST', credentials: 'include', body });
}

export const inspectFile = async (target: ImportTarget) =>
  answerOf<ImportInspection>(await send('/api/imports/inspect', target));

/**
 * A dry run or the import itself. A refused import (400 with the rows' errors) answers its report like a dry run does,
 * so the screen lists the rows either way; any other refusal throws.
 */
export async function runImport(target: ImportTarget, mapping: ImportMapping, dryRun: boolean): Promise<ImportReport> {
  const res = await send('/api/imports', target, { mapping: JSON.stringify(mapping), dryRun: String(dryRun) });
  if (res.status === 400) {
    const answer = (await res
      .clone()
      .json()
      .catch(() => null)) as { report?: ImportReport } | null;
    if (answer?.report) return answer.report;
  }
  return answerOf<ImportReport>(res);
}

export const historyImports = (programId: string) =>
  api<ImportBatchSummary[]>(`/api/imports?programId=${encodeURIComponent(programId)}`);

export const attestImport = (id: string) =>
  api<unknown>(`/api/imports/${encodeURIComponent(id)}/attest`, { method: 'POST' });

export const failureText = (e: unknown) =>
  e instanceof ApiError ? e.message : 'Importing needs a connection to the server. Try again when online.';
