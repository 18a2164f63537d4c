/**
 * Uploaded files on disk and the check that a file's content is what its extension claims. Files are kept under
 * `<dataDir>/documents/` with a random name, so no part of a user's file name ever reaches the file system.
 */
import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { fileTypeFromBuffer } from 'file-type';

import { AppError, notFound } from '#api/http/errors.ts';
import { log } from '#api/log.ts';
import type { DOCUMENT_EXTENSIONS } from '#schema/enums.ts';
import { ERR } from '#schema/messages.ts';

type Extension = (typeof DOCUMENT_EXTENSIONS)[number];

/** The type a download is served as, decided by the checked extension, never by what the browser declared. */
export const MIME_BY_EXTENSION: Record<Extension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Office Open XML files are zip archives; file-type names the kind when it can, else reports a plain zip. */
const OOXML = [MIME_BY_EXTENSION.docx, MIME_BY_EXTENSION.xlsx, MIME_BY_EXTENSION.pptx, 'application/zip'];
/** Legacy Office files are Compound File Binary containers. */
const CFB = ['application/x-cfb'];

const DETECTED_AS: Record<Exclude<Extension, 'txt'>, readonly string[]> = {
  pdf: ['application/pdf'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  docx: OOXML,
  xlsx: OOXML,
  pptx: OOXML,
  doc: CFB,
  xls: CFB,
  ppt: CFB,
};

/**
 * Whether a file's first bytes (all of a small one) are of the kind the extension names; text has no signature, so
 * it must simply not be binary (the upload checks its later bytes for NUL too).
 */
export async function contentMatches(extension: Extension, bytes: Uint8Array): Promise<boolean> {
  const detected = await fileTypeFromBuffer(bytes);
  if (extension === 'txt') return !detected && !bytes.includes(0);
  return detected !== undefined && DETECTED_AS[extension].includes(detected.mime);
}

export const documentsDir = (dataDir: string) => join(dataDir, 'documents');

/** Runs a step of storing a file; a failing disk is logged and answers 503, whatever it did. */
export async function onDisk<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    log.error(`Storing an uploaded document failed (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    throw new AppError(503, ERR.storageFailed);
  }
}

/**
 * A new temporary file beside the stored ones, so that moving it into place is a rename on one file system: a stored
 * file appears under its final name only once complete.
 */
export async function createPartFile(dir: string): Promise<{ path: string; handle: FileHandle }> {
  const path = join(dir, `${randomUUID()}.part`);
  return onDisk(async () => {
    await mkdir(dir, { recursive: true });
    return { path, handle: await open(path, 'wx') };
  });
}

/** Gives the complete temporary file its final random name and returns that name. */
export async function moveIntoPlace(dir: string, partPath: string): Promise<string> {
  const storedName = randomUUID();
  await onDisk(() => rename(partPath, join(dir, storedName)));
  return storedName;
}

export async function removePath(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => undefined);
}

export const removeFile = (dir: string, storedName: string) => removePath(join(dir, storedName));

export async function readStoredFile(dir: string, storedName: string): Promise<Buffer> {
  try {
    return await readFile(join(dir, storedName));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('Document');
    throw e;
  }
}

/** Content-Disposition naming the original file: an ASCII fallback plus the exact name (RFC 6266 / RFC 5987). */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
