/**
 * An upload form, read as it streams in: its file goes straight to a temporary file beside the stored ones, its type
 * checked on its first bytes and its size counted as it arrives; its text fields are kept, few and short. Only the
 * file's first bytes are ever held in memory, and a form over any limit is refused at the chunk that crosses it.
 */
import { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import type { Context } from 'hono';

import { AppError, invalid } from '#api/http/errors.ts';
import { fileExtension, isAllowedExtension } from '#schema/document.ts';
import { type DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES, UPLOAD_FORM_MAX_FIELDS } from '#schema/enums.ts';
import { ERR, MSG } from '#schema/messages.ts';

import { contentMatches, createPartFile, onDisk, removePath } from './documents.files.ts';

type Extension = (typeof DOCUMENT_EXTENSIONS)[number];

/** Room for the form's text fields and multipart framing around a file of the maximum size. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
export const UPLOAD_FORM_MAX_BYTES = DOCUMENT_MAX_BYTES + FORM_OVERHEAD_BYTES;
/** Longer than any field's allowed text in UTF-8 (a description's 2,000 characters), so a cut value still fails its check. */
const FIELD_MAX_BYTES = 16 * 1024;
/** What file-type reads to tell our kinds apart (zip containers list their first entries). */
const TYPE_SAMPLE_BYTES = 64 * 1024;

export const tooLarge = () => new AppError(413, ERR.payloadTooLarge);
const unsupported = () => new AppError(415, ERR.unsupportedType);
const noFile = () => invalid({ file: MSG.fileRequired });

/** The file as received: complete in a temporary file, of an allowed kind whose content matches its extension. */
export interface ReceivedFile {
  fileName: string;
  extension: Extension;
  partPath: string;
  size: number;
}

/** The file's base name: some browsers send the client's full path. */
// control characters are exactly what a stored display name must lose
// eslint-disable-next-line no-control-regex -- see above
const CONTROL_CHARACTERS = /[\x00-\x1f\x7f]/g;
const baseName = (name: string) => name.split(/[\\/]/).pop()!.replace(CONTROL_CHARACTERS, '').trim();

/**
 * Writes the file part to a temporary file: nothing is written before its first bytes show it is what its extension
 * says, and a text file with a NUL byte anywhere is refused. On any failure no temporary file is left.
 */
async function receiveFile(stream: BusboyFileStream, fileName: string, dir: string): Promise<ReceivedFile> {
  if (!isAllowedExtension(fileName)) throw unsupported();
  const extension = fileExtension(fileName) as Extension;
  let sample = Buffer.alloc(0);
  let size = 0;
  let part: Awaited<ReturnType<typeof createPartFile>> | undefined;
  const begin = async () => {
    if (!(await contentMatches(extension, sample))) throw unsupported();
    part = await createPartFile(dir);
    // writeFile, unlike write, writes the whole chunk; each one continues where the last ended
    await onDisk(() => part!.handle.writeFile(sample));
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (part) {
        if (extension === 'txt' && chunk.includes(0)) throw unsupported();
        await onDisk(() => part!.handle.writeFile(chunk));
        continue;
      }
      sample = Buffer.concat([sample, chunk]);
      if (sample.byteLength >= TYPE_SAMPLE_BYTES) await begin();
    }
    if (!part) await begin();
    await onDisk(() => part!.handle.sync());
    return { fileName, extension, partPath: part!.path, size };
  } catch (e) {
    if (part) await removePath(part.path);
    throw e;
  } finally {
    await part?.handle.close();
  }
}

/**
 * The request body as a Node stream. On a real server that is the socket's own stream, which waits while the disk
 * catches up: Node 20's web stream over it (`c.req.raw.body`) takes in all that arrives without waiting for its reader.
 */
export function requestBody(c: Context): Readable | null {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage) return incoming;
  return c.req.raw.body && Readable.fromWeb(c.req.raw.body as NodeReadableStream<Uint8Array>);
}

/**
 * Reads a multipart upload form: its text fields, and its `file` part received into a temporary file (null when no
 * file was chosen). Refuses, as soon as it shows: more than a few fields or a second file (413), a body or file over
 * its size (413), a file of another kind than its name says (415), a body that is no multipart form (400). Once it
 * answers, the caller owns the temporary file; the rest of a refused body is left to the server to drop.
 */
export function receiveForm(
  body: Readable | null,
  contentType: string,
  dir: string,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  if (!body || !/^multipart\/form-data/i.test(contentType)) return Promise.reject(noFile());
  let form: ReturnType<typeof Busboy>;
  try {
    form = Busboy({
      headers: { 'content-type': contentType },
      limits: {
        fields: UPLOAD_FORM_MAX_FIELDS,
        fieldSize: FIELD_MAX_BYTES,
        files: 1,
        fileSize: DOCUMENT_MAX_BYTES,
        parts: UPLOAD_FORM_MAX_FIELDS + 1,
        headerPairs: 20,
      },
    });
  } catch {
    return Promise.reject(noFile());
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let fileStream: BusboyFileStream | undefined;
    let file: Promise<ReceivedFile> | undefined;
    let settled = false;
    /** Stops reading the request and answers once the file part, if any, has closed and left no temporary file. */
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      body.unpipe(form);
      body.off('data', count);
      body.pause();
      fileStream?.destroy();
      void (file ?? Promise.resolve(null))
        .then(
          (received) => received && removePath(received.partPath),
          () => undefined,
        )
        .finally(() => reject(error));
    };
    const succeed = (received: ReceivedFile | null) => {
      if (settled) return;
      settled = true;
      resolve({ fields, file: received });
    };

    let read = 0;
    const count = (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > UPLOAD_FORM_MAX_BYTES) fail(tooLarge());
    };
    body.on('data', count);
    body.on('error', () => fail(noFile()));
    form.on('field', (name, value) => {
      fields[name] = value;
    });
    form.on('file', (name, stream, fileName) => {
      // a form sent with no file chosen carries an empty, nameless file part
      const chosen = baseName(fileName ?? '');
      if (settled || name !== 'file' || !chosen) {
        stream.resume();
        return;
      }
      fileStream = stream;
      stream.on('limit', () => fail(tooLarge()));
      file = receiveFile(stream, chosen, dir);
      file.catch(fail);
    });
    for (const limit of ['fieldsLimit', 'filesLimit', 'partsLimit'] as const) {
      form.on(limit, () => fail(new AppError(413, ERR.formTooLarge)));
    }
    form.on('error', () => fail(noFile()));
    form.on('finish', () => {
      if (file) file.then(succeed, fail);
      else succeed(null);
    });
    body.pipe(form);
  });
}
