import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { eq } from 'drizzle-orm';
import { DOCUMENT_MAX_BYTES, type DOCUMENT_EXTENSIONS } from '../../../schema/enums.ts';
import { ERR, MSG } from '../../../schema/messages.ts';
import { fieldErrors } from '../../../schema/common.ts';
import { documentMetaSchema, fileExtension, isAllowedExtension } from '../../../schema/document.ts';
import * as t from '../../../schema/tables.ts';
import { documentListQuerySchema } from '../../../schema/paging.ts';
import { runCommand } from '../../commands/command.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import type { Ctx, Deps, Env } from '../../http/context.ts';
import { arrayList, listQuery, listResponse } from '../../http/paging.ts';
import { assertCan } from '../../permissions/matrix.ts';
import { deleteDocument, uploadDocument } from './documents.commands.ts';
import {
  attachmentHeader, contentMatches, documentsDir, MIME_BY_EXTENSION, readStoredFile, removeFile, storeFile,
} from './documents.files.ts';
import { documentToApi, documentVisibility, listDocuments } from './documents.queries.ts';

/** Room for the form's text fields and multipart framing around a file of the maximum size. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new AppError(413, ERR.payloadTooLarge);
const unsupported = () => new AppError(415, ERR.unsupportedType);

/** Refused uploaders are turned away before their file is read. */
const mayUpload = createMiddleware<Env>(async (c, next) => {
  assertCan(c.var.actor, 'documents.upload');
  await next();
});

/** Stops a body over the limit by its Content-Length, or while it streams in when it has none. */
const sizeLimit = bodyLimit({ maxSize: DOCUMENT_MAX_BYTES + FORM_OVERHEAD_BYTES, onError: () => { throw tooLarge(); } });

async function readForm(c: Ctx) {
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw invalid({ file: MSG.fileRequired });
  }
  const { file, ...fields } = form;
  // a form sent with no file chosen carries an empty, nameless file part
  const chosen = file instanceof File && file.name !== '' ? file : null;
  if (chosen && chosen.size > DOCUMENT_MAX_BYTES) throw tooLarge();
  const meta = documentMetaSchema.safeParse(fields);
  if (!chosen || !meta.success) {
    throw invalid({ ...(meta.success ? {} : fieldErrors(meta.error)), ...(!chosen && { file: MSG.fileRequired }) });
  }
  return { file: chosen, meta: meta.data };
}

/** The file's base name: some browsers send the client's full path. */
const baseName = (name: string) => name.split(/[\\/]/).pop()!.replace(/[\x00-\x1f\x7f]/g, '').trim();

export function documentRoutes({ db, dataDir }: Deps) {
  const app = new Hono<Env>();
  const dir = documentsDir(dataDir);

  app.get('/documents', (c) => {
    const query = listQuery(c, documentListQuerySchema);
    return listResponse(c, db, query, () => arrayList(listDocuments(db, c.var.actor)
      .filter((d) => (!query.programId || d.programId === query.programId) && (!query.programType || d.programType === query.programType))));
  });

  app.post('/documents', mayUpload, sizeLimit, async (c) => {
    const { file, meta } = await readForm(c);
    const fileName = baseName(file.name);
    if (!isAllowedExtension(fileName)) throw unsupported();
    const extension = fileExtension(fileName) as (typeof DOCUMENT_EXTENSIONS)[number];
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!(await contentMatches(extension, bytes))) throw unsupported();
    const storedName = await storeFile(dir, bytes);
    try {
      const stored = { storedName, mimeType: MIME_BY_EXTENSION[extension], fileSize: bytes.byteLength };
      const row = runCommand(db, uploadDocument(stored), c.var.actor, { ...meta, fileName });
      return c.json(documentToApi(row), 201);
    } catch (e) {
      await removeFile(dir, storedName);
      throw e;
    }
  });

  app.get('/documents/:id/download', async (c) => {
    const doc = db.select().from(t.documents).where(eq(t.documents.id, c.req.param('id'))).get();
    if (!doc || doc.deletedAt || !documentVisibility(db, c.var.actor)(doc)) throw notFound('Document');
    const bytes = await readStoredFile(dir, doc.storedName);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': doc.mimeType,
      'Content-Disposition': attachmentHeader(doc.fileName),
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.delete('/documents/:id', (c) => c.json(runCommand(db, deleteDocument, c.var.actor, { id: c.req.param('id') })));

  return app;
}
