/**
 * The import calls, through the typed client of the import routes: the file goes to the server with each step (it is
 * read there, never trusted from the screen), as a multipart form.
 */
import type { ImportRoutes } from '#api/routes/imports/index.ts';
import type {
  ImportAttestation,
  ImportBatchSummary,
  ImportInspection,
  ImportKind,
  ImportMapping,
  ImportReport,
} from '#schema/roster-import.ts';
import { answerOf, ApiError } from '#web/lib/api.ts';
import { serverClient } from '#web/lib/server-reads.ts';

const imports = serverClient<ImportRoutes>().imports;

export interface ImportTarget {
  programId: string;
  kind: ImportKind;
  file: File;
}

/** The form of one step: the file, what it holds, for which program, and the step's own fields. */
const form = (target: ImportTarget, extra: Record<string, string> = {}) => ({
  form: {
    file: target.file,
    programId: target.programId,
    kind: target.kind,
    // the spreadsheet's dates and times are the wall clock where the importer is
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...extra,
  },
});

export const inspectFile = async (target: ImportTarget) =>
  answerOf<ImportInspection>(await imports.inspect.$post(form(target)));

/**
 * A dry run or the import itself. A refused import (400 with the rows' errors) answers its report like a dry run does,
 * so the screen lists the rows either way; any other refusal throws.
 */
export async function runImport(target: ImportTarget, mapping: ImportMapping, dryRun: boolean): Promise<ImportReport> {
  const res = await imports.$post(form(target, { mapping: JSON.stringify(mapping), dryRun: String(dryRun) }));
  if (res.status === 400) {
    const answer = (await res
      .clone()
      .json()
      .catch(() => null)) as { report?: ImportReport } | null;
    if (answer?.report) return answer.report;
  }
  return answerOf<ImportReport>(res);
}

export const historyImports = async (programId: string) =>
  answerOf<ImportBatchSummary[]>(await imports.$get({ query: { programId } }));

export const attestImport = async (id: string) =>
  answerOf<ImportAttestation>(await imports[':id'].attest.$post({ param: { id } }));

export const failureText = (e: unknown) =>
  e instanceof ApiError ? e.message : 'Importing needs a connection to the server. Try again when online.';
