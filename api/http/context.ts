import type { Context } from 'hono';
import type * as t from '../../schema/tables.ts';
import type { Actor } from '../commands/command.ts';
import type { Db } from '../db/open.ts';
import { AppError } from './errors.ts';

export interface Deps {
  db: Db;
  /** Where uploaded documents are kept (the database file lives here too in production). */
  dataDir: string;
  demo: boolean;
  /** TRUST_PROXY: read the client's address, host and scheme from the X-Forwarded-* headers a reverse proxy sets. */
  trustProxy?: boolean;
}

export type UserRow = typeof t.users.$inferSelect;
export type Env = { Variables: { user: UserRow; actor: Actor } };
export type Ctx = Context<Env>;

const MAX_JSON_BYTES = 1024 * 1024;

/** The request's JSON body; a missing, oversized or malformed body is a 400/413, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError(413, 'Request body is too large');
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new AppError(413, 'Request body is too large');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'Request body is not valid JSON');
  }
}

/** The current user as GET /api/auth/user answers it. */
export const publicUser = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  profileImageUrl: u.profileImageUrl,
});
