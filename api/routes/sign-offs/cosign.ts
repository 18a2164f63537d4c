/**
 * Co-sign codes (RFC 6238 TOTP, otpauth): a preceptor with an account reads a six-digit code from their own phone,
 * offline, and the student types it into the sign-off. Each staff account has one secret, kept in `cosign_secrets`
 * and sent only in that account's sign-in answer, so its devices can show codes; a student account has none. The
 * server checks the code against the sign-off's time of capture when it arrives, and a time step verifies one
 * sign-off only, so a code seen once cannot be replayed with a made-up capture time. Codes are six digits, so failed
 * checks are limited (api/limits/cosign-failures.ts) and the time of capture must be recent (schema/cosign.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';

import type { CommandContext } from '#api/commands/command.ts';
import { type Db, wrapDb } from '#api/db/open.ts';
import { connectionOf } from '#api/db/statements.ts';
import { AppError, conflict, forbidden } from '#api/http/errors.ts';
import { cosignFailuresOf } from '#api/limits/cosign-failures.ts';
import { log } from '#api/log.ts';
import { asSystem, SYSTEM_ACTOR } from '#api/seed/standards.ts';
import { COSIGN_OFFLINE_WINDOW_MS, COSIGN_PERIOD_SECONDS, cosignTotp, newCosignSecret } from '#schema/cosign.ts';
import { MAX_CLOCK_AHEAD_MS } from '#schema/hlc.ts';
import { COSIGN_LOCK_NOTICE, ERR, tryAgainIn } from '#schema/messages.ts';
import { emailKey } from '#schema/sign-off.ts';
import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import * as t from '#schema/tables.ts';

/** Steps before the capture a code may come from: reading it out and typing it in takes a while. */
const STEPS_BEFORE = 2;
/** Steps after: the two phones' clocks may differ a little. */
const STEPS_AFTER = 1;

/** The account's co-sign secret, made on first use; none for a student, who must not be able to produce a code. */
export function cosignSecretFor(db: Db, user: { id: string; role: string }, now: string): string | null {
  if (user.role === 'student') return null;
  const existing = db.select().from(t.cosignSecrets).where(eq(t.cosignSecrets.userId, user.id)).get();
  if (existing) return existing.secret;
  const secret = newCosignSecret();
  db.insert(t.cosignSecrets).values({ userId: user.id, secret, createdAt: now }).onConflictDoNothing().run();
  return db.select().from(t.cosignSecrets).where(eq(t.cosignSecrets.userId, user.id)).get()!.secret;
}

/** The time step of a code that matches the secret near the capture time, or null. */
function matchingStep(secret: string, code: string, capturedAt: string): number | null {
  const timestamp = Date.parse(capturedAt);
  const delta = cosignTotp(secret).validate({ token: code, timestamp, window: Math.max(STEPS_BEFORE, STEPS_AFTER) });
  if (delta === null || delta < -STEPS_BEFORE || delta > STEPS_AFTER) return null;
  return TOTP.counter({ period: COSIGN_PERIOD_SECONDS, timestamp }) + delta;
}

/**
 * Refuses a time of capture the server's clock cannot vouch for: further ahead of it than a device clock may be, or
 * older than the offline window. The client chooses the time of capture; unchecked, every guess could name fresh
 * time steps, and a code could be checked against any time at all.
 */
function assertFreshCapture(ctx: CommandContext, capturedAt: string) {
  const age = Date.parse(ctx.now) - Date.parse(capturedAt);
  if (age < -MAX_CLOCK_AHEAD_MS || age > COSIGN_OFFLINE_WINDOW_MS) throw conflict(ERR.cosignStale);
}

/**
 * Counts a failed check against the student and the named address and refuses it with the one answer both an
 * address without codes and a wrong code get. The holder of a named account is told when this failure locks it.
 */
function refuse(ctx: CommandContext, keys: readonly string[], accountId: string | undefined): never {
  const locked = cosignFailuresOf(ctx.tx).fail(keys);
  if (accountId && locked.includes(keys[1])) tellLocked(ctx, accountId);
  throw conflict(ERR.cosignRefused);
}

/**
 * A message to the account whose codes are locked, written once the refused command has rolled back (a write inside
 * it would be undone with it): the REST route and the sync push both run it in one synchronous transaction.
 */
function tellLocked(ctx: CommandContext, accountId: string) {
  const connection = connectionOf(ctx.tx);
  setImmediate(() => {
    try {
      asSystem(wrapDb(connection), 'cosignLocked', (system) =>
        system.insert(t.messages, {
          ...COSIGN_LOCK_NOTICE,
          senderId: SYSTEM_ACTOR.id,
          recipientId: accountId,
          priority: 'high',
          category: 'administrative',
        }),
      );
    } catch (e) {
      log.error('co-sign lock notice not written', e);
    }
  });
}

/**
 * Who co-signed with the sign-off's code, and the code's step. Refused while the student or the named address has
 * had too many failed checks; when the time of capture is out of the window; with one answer when the e-mail names
 * no account with codes or the code does not match at the time of capture (each counted as a failure); when the
 * account is the signer's own or the student's; or when its step already verified another sign-off.
 */
export function checkCosign(
  ctx: CommandContext,
  args: Pick<SignOffArgs, 'studentId' | 'capturedAt'> & { preceptor: { contact: string } },
  code: string,
) {
  const email = emailKey(args.preceptor.contact);
  const keys = [`student:${args.studentId}`, `address:${email}`];
  const wait = cosignFailuresOf(ctx.tx).lockedFor(keys);
  if (wait > 0) throw new AppError(429, `${ERR.cosignLocked} ${tryAgainIn(wait)}`);
  assertFreshCapture(ctx, args.capturedAt);
  const preceptor = ctx.tx
    .select({ id: t.users.id, role: t.users.role, secret: t.cosignSecrets.secret })
    .from(t.users)
    .innerJoin(t.cosignSecrets, eq(t.cosignSecrets.userId, t.users.id))
    .where(and(sql`lower(${t.users.email}) = ${email}`, isNull(t.users.deletedAt), eq(t.users.isActive, true)))
    .get();
  if (!preceptor || preceptor.role === 'student') refuse(ctx, keys, undefined);
  const student = ctx.find(t.students, args.studentId);
  if (preceptor.id === ctx.actor.id || preceptor.id === student?.userId) throw forbidden(ERR.ownSignOff);
  const step = matchingStep(preceptor.secret, code, args.capturedAt);
  if (step === null) refuse(ctx, keys, preceptor.id);
  const used = ctx.tx
    .select({ id: t.signOffs.id })
    .from(t.signOffs)
    .where(and(eq(t.signOffs.cosignedBy, preceptor.id), eq(t.signOffs.cosignStep, step)))
    .get();
  if (used) throw conflict(ERR.cosignUsed);
  return { cosignedBy: preceptor.id, cosignStep: step };
}
