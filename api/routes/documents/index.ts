import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';

import { runCommand } from '#api/commands/command.ts';
import type { Ctx, Deps, Env } from '#api/http/context.ts';
import { invalid, notFound } from '#api/http/errors.ts';
import { arrayList, listQuery, listResponse } from '#api/http/paging.ts';
import { uploadForm } from '#api/http/typed-body.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { fieldErrors } from '#schema/common.ts';
import { type DocumentMeta, documentMetaSchema } from '#schema/document.ts';
import { UPLOAD_QUOTA_BYTES_PER_PROGRAM } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import { documentListQuerySchema } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

import { deleteDocument, uploadDocument } from './documents.commands.ts';
import {
  attachmentHeader,
  documentsDir,
  MIME_BY_EXTENSION,
  moveIntoPlace,
  readStoredFile,
  removeFile,
  removePath,
} from './documents.files.ts';
import { canSeeDocument, documentToApi, listDocuments } from './documents.queries.ts';
import { uploadsInFlight } from './documents.quota.ts';
import { type ReceivedFile, receiveForm, requestBody, tooLarge, UPLOAD_FORM_MAX_BYTES } from './documents.upload.ts';

/** Refused uploaders are turned away before their file is read. */
const mayUpload = createMiddleware<Env>(async (c, next) => {
  assertCan(c.var.actor, 'documents.upload');
  await next();
});

/** A body declared over the limit is refused before any of it is read (one with no length is counted as it arrives). */
const declaredSize = createMiddleware<Env>(async (c, next) => {
  if (Number(c.req.header('content-length') ?? 0) > UPLOAD_FORM_MAX_BYTES) throw tooLarge();
  await next();
});

/** The form's metadata and its file, received into a temporary file that the caller must move into place or remove. */
async function readForm(c: Ctx, dir: string) {
  const { fields, file } = await receiveForm(requestBody(c), c.req.header('content-type') ?? '', dir);
  const meta = documentMetaSchema.safeParse(fields);
  if (!file || !meta.success) {
    if (file) await removePath(file.partPath);
    throw invalid({ ...(meta.success ? {} : fieldErrors(meta.error)), ...(!file && { file: MSG.fileRequired }) });
  }
  return { file, meta: meta.data };
}

/**
 * Moves the received file into place and records it in one step: the row is written only for a file in place, and a
 * refused row (permissions, the program's storage, a full database) removes the file again.
 */
async function storeDocument(c: Ctx, deps: Deps, dir: string, file: ReceivedFile, meta: DocumentMeta) {
  let storedName: string;
  try {
    storedName = await moveIntoPlace(dir, file.partPath);
  } finally {
    await removePath(file.partPath);
  }
  // the file's facts are what the server found, never what the form said
  const stored = { storedName, mimeType: MIME_BY_EXTENSION[file.extension], fileSize: file.size };
  try {
    const quota = deps.uploadQuotaBytesPerProgram ?? UPLOAD_QUOTA_BYTES_PER_PROGRAM;
    return runCommand(deps.db, uploadDocument(stored, quota), c.var.actor, { ...meta, fileName: file.fileName });
  } catch (e) {
    await removeFile(dir, storedName);
    throw e;
  }
}

export function documentRoutes(deps: Deps) {
  const { db, dataDir } = deps;
  const dir = documentsDir(dataDir);
  // chained, so the routes' types reach hono/client (DocumentRoutes)
  return new Hono<Env>()
    .get('/documents', (c) => {
      const query = listQuery(c, documentListQuerySchema);
      return listResponse(c, db, query, () =>
        arrayList(
          listDocuments(db, c.var.actor).filter(
            (d) =>
              (!query.programId || d.programId === query.programId) &&
              (!query.programType || d.programType === query.programType),
          ),
        ),
      );
    })

    .post('/documents', uploadForm(documentMetaSchema), mayUpload, declaredSize, uploadsInFlight(), async (c) => {
      const { file, meta } = await readForm(c, dir);
      return c.json(documentToApi(await storeDocument(c, deps, dir, file, meta)), 201);
    })

    .get('/documents/:id/download', async (c) => {
      const doc = db
        .select()
        .from(t.documents)
        .where(eq(t.documents.id, c.req.param('id')))
        .get();
      if (!doc || doc.deletedAt || !canSeeDocument(db, c.var.actor, doc.id)) throw notFound('Document');
      const bytes = await readStoredFile(dir, doc.storedName);
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': doc.mimeType,
        'Content-Disposition': attachmentHeader(doc.fileName),
        'X-Content-Type-Options': 'nosniff',
      });
    })

    .delete('/documents/:id', (c) => c.json(runCommand(db, deleteDocument, c.var.actor, { id: c.req.param('id') })));
}

export type DocumentRoutes = ReturnType<typeof documentRoutes>;
