/**
 * Every request body is limited while it streams in, before any route reads it: hono's bodyLimit refuses a declared
 * Content-Length over the limit at once, and stops reading a chunked body at the first byte past it. So no one, signed
 * in or not, makes the server hold more of a body than its kind needs.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

import { JSON_BODY_MAX_BYTES, MAX_PUSH_MUTATIONS, SIGN_IN_BODY_MAX_BYTES } from '#schema/enums.ts';
import { messageSchema } from '#schema/message.ts';
import { ERR, IMPORT_MSG } from '#schema/messages.ts';
import { IMPORT_MAX_BYTES } from '#schema/roster-import.ts';

import { AppError } from './errors.ts';

/**
 * Room for one queued mutation. The largest a device queues is a message: its subject and content at 3 bytes a
 * character in JSON's UTF-8 (a character outside the BMP takes 4 bytes for 2), plus the mutation's other fields.
 */
const MUTATION_MAX_BYTES =
  3 * (messageSchema.shape.subject.maxLength! + messageSchema.shape.content.maxLength!) + 4 * 1024;
/** A push of the largest batch of the largest mutations. */
export const SYNC_PUSH_MAX_BYTES = MAX_PUSH_MUTATIONS * MUTATION_MAX_BYTES;

/**
 * A GET or HEAD has no body to limit, and asking (hono's bodyLimit reads `c.req.raw.body`) makes @hono/node-server
 * build a whole fetch Request: 40% of the server's time on a list of students (bench:api).
 */
const limitBody = (maxSize: number, message: string = ERR.bodyTooLarge): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(413, message);
    },
  });
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
};

/** Signing in takes an e-mail address and a password. */
export const signInBodyLimit = limitBody(SIGN_IN_BODY_MAX_BYTES);

/** A preceptor's answer through their link: a decision and a reason of at most 2,000 characters. */
export const signOffLinkBodyLimit = limitBody(16 * 1024);

const pushBodyLimit = limitBody(SYNC_PUSH_MAX_BYTES);
const jsonBodyLimit = limitBody(JSON_BODY_MAX_BYTES);
/** An import's form: its file and a few short fields, refused before any of it is parsed when the file is too large. */
const importBodyLimit = limitBody(
  IMPORT_MAX_BYTES + 64 * 1024,
  IMPORT_MSG.fileTooLarge(IMPORT_MAX_BYTES / 1024 / 1024),
);

/**
 * For signed-in routes, so a signed-out caller is refused before any of its body is read. An upload streams its file
 * to disk under its own limits (documents/upload.ts); a sync push may carry its largest batch; every other body is JSON.
 */
export const signedInBodyLimit: MiddlewareHandler = (c, next) => {
  if (c.req.method === 'POST' && c.req.path === '/api/documents') return next();
  if (c.req.method === 'POST' && c.req.path.startsWith('/api/imports')) return importBodyLimit(c, next);
  return (c.req.path === '/api/sync/push' ? pushBodyLimit : jsonBodyLimit)(c, next);
};
