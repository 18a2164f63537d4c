import type { Context } from 'hono';

import type { PublicUser } from '#schema/api-answers.ts';
import type { Role } from '#schema/enums.ts';
import { ERR } from '#schema/messages.ts';
import type * as t from '#schema/tables.ts';

import type { Actor } from '../commands/command.ts';
import type { Db } from '../db/open.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SignOffMail } from '../routes/sign-offs/sign-off-mail.ts';
import { AppError } from './errors.ts';

export interface Deps {
  db: Db;
  /** Where uploaded documents are kept (the database file lives here too in production). */
  dataDir: string;
  demo: boolean;
  /** TRUST_PROXY: read the client's address, host and scheme from the X-Forwarded-* headers a reverse proxy sets. */
  trustProxy?: boolean;
  /** UPLOAD_QUOTA_BYTES_PER_PROGRAM: what one program's documents may take on disk (default in schema/enums.ts). */
  uploadQuotaBytesPerProgram?: number;
  /** PUBLIC_URL: the address people reach the app at, for links sent by e-mail (no trailing slash). */
  publicUrl?: string;
  /** ALLOWED_HOSTS: names besides PUBLIC_URL's, localhost and address literals that this server answers to. */
  allowedHosts?: readonly string[];
  /** Sends sign-off confirmation links by e-mail when SMTP is set up (api/routes/sign-offs/sign-off-mail.ts). */
  signOffMail?: SignOffMail;
  /** SMTP_URL's mailer, or none: links are then shown to staff to pass on, and notices stay in the app. */
  mailer?: Mailer | null;
}

export type UserRow = typeof t.users.$inferSelect;
export type Env = { Variables: { user: UserRow; actor: Actor } };
export type Ctx = Context<Env>;

/** `application/json`, with or without parameters such as `charset`. */
const isJson = (contentType = '') => contentType.split(';')[0].trim().toLowerCase() === 'application/json';

/**
 * The request's JSON body, or `{}` when it has none (routes whose path says everything). A body of another type is a
 * 415: a form or text/plain post is what another site's page can send without asking. Malformed JSON is a 400. Its
 * size was limited while it streamed in (body-limit.ts).
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (!isJson(c.req.header('content-type'))) throw new AppError(415, ERR.jsonRequired);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'Request body is not valid JSON');
  }
}

/** The current user as GET /api/auth/user answers it. */
export const publicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  // written only through the commands' role enum; typed so, the screens' typed calls read a Role
  role: u.role as Role,
  profileImageUrl: u.profileImageUrl,
});
