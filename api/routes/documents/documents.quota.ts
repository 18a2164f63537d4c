/**
 * What uploads may cost others: the uploads one user has in progress (each holds a connection and fills a temporary
 * file) and the disk one program's documents take.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';

import type { Q } from '#api/db/open.ts';
import type { Env } from '#api/http/context.ts';
import { AppError } from '#api/http/errors.ts';
import { UPLOADS_IN_FLIGHT_PER_USER } from '#schema/enums.ts';
import { ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

/** An upload of a few MB takes seconds; the device is told to try again after this many. */
const UPLOAD_RETRY_AFTER_SECONDS = 10;

/** A user's upload over UPLOADS_IN_FLIGHT_PER_USER at once answers 429 (Retry-After) before any of it is read. */
export function uploadsInFlight() {
  const inFlight = new Map<string, number>();
  return createMiddleware<Env>(async (c, next) => {
    const userId = c.var.actor.id;
    const count = inFlight.get(userId) ?? 0;
    if (count >= UPLOADS_IN_FLIGHT_PER_USER) {
      c.header('Retry-After', String(UPLOAD_RETRY_AFTER_SECONDS));
      throw new AppError(429, ERR.tooManyUploads);
    }
    inFlight.set(userId, count + 1);
    try {
      await next();
    } finally {
      const left = inFlight.get(userId)! - 1;
      if (left === 0) inFlight.delete(userId);
      else inFlight.set(userId, left);
    }
  });
}

/**
 * Refuses (413) a file that would take a program's documents over `quotaBytes`: deleted ones count, since their files
 * stay on disk. Documents of no program share one allowance.
 */
export function assertProgramHasRoom(tx: Q, programId: string | null, fileSize: number, quotaBytes: number) {
  const { used } = tx
    .select({ used: sql<number>`coalesce(sum(${t.documents.fileSize}), 0)` })
    .from(t.documents)
    .where(programId ? eq(t.documents.programId, programId) : isNull(t.documents.programId))
    .get()!;
  if (used + fileSize > quotaBytes) throw new AppError(413, ERR.programStorageFull);
}
