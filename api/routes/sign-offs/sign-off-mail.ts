/**
 * Sends each awaiting sign-off's preceptor a confirm-or-dispute link by e-mail, once, after the sign-off arrives (by
 * sync or REST). A failed send removes the link and waits before the next try, twice as long after each failure; an
 * address the mail server refuses, or a fifth failure, gives up and shows the failure in the verification queue, so a
 * bad address costs one try and never delays the mail behind it. Runs outside any request's transaction.
 */
import { and, eq, isNull, lte, notExists, or } from 'drizzle-orm';

import type { Db } from '#api/db/open.ts';
import type { SignOffRow } from '#api/domain/evidence/sign-off-effects.ts';
import { log } from '#api/log.ts';
import { mailboxOf, type Mailer } from '#api/mail/mailer.ts';
import { asSystem } from '#api/seed/standards.ts';
import * as t from '#schema/tables.ts';

import { newConfirmLink } from './sign-offs.commands.ts';

/** Tries at mailing one link before giving up, and the wait after the first failure (doubled after each). */
const MAIL_TRIES = 5;
const FIRST_RETRY_MS = 5 * 60_000;

/** Where a token's confirm-or-dispute page is. */
export const confirmUrl = (publicUrl: string, token: string) => `${publicUrl}/sign-off/${token}`;

export interface SignOffMail {
  /** Whether links go out by e-mail at all (SMTP_URL is set). */
  canMail: boolean;
  /** Looks for sign-offs whose link has not gone out yet; returns at once. */
  kick(): void;
  /** The same, resolving when every pending mail has been tried (for tests and shutdown). */
  run(): Promise<void>;
  /** Mails one link now; a failure is recorded on the sign-off (and shown in the queue), never thrown. */
  sendLink(signOff: SignOffRow, url: string): Promise<void>;
}

const message = (signOff: SignOffRow, to: string, url: string) => ({
  to,
  subject: 'Please confirm a student sign-off',
  text: [
    `Hello ${signOff.preceptor.name},`,
    '',
    `A student's records were signed with your name on ${signOff.capturedAt.slice(0, 10)}.`,
    'Open this link to see exactly what was signed, then confirm it or say what is wrong:',
    '',
    url,
    '',
    'The link works once and expires in 7 days. If you did not sign, choose Dispute.',
  ].join('\n'),
});

/** Awaiting sign-offs with an e-mail, no link yet, not given up on, and not waiting out a failure. */
function unsent(db: Db, now: string) {
  return db
    .select()
    .from(t.signOffs)
    .where(
      and(
        eq(t.signOffs.status, 'awaiting'),
        isNull(t.signOffs.deletedAt),
        isNull(t.signOffs.mailFailure),
        or(isNull(t.signOffs.mailRetryAt), lte(t.signOffs.mailRetryAt, now)),
        notExists(
          db.select({ id: t.signOffLinks.id }).from(t.signOffLinks).where(eq(t.signOffLinks.signOffId, t.signOffs.id)),
        ),
      ),
    )
    .all()
    .filter((s) => mailboxOf(s.preceptor.contact));
}

/** An SMTP 5xx answer: the server refused this mail for good (an unknown mailbox, a refused domain). */
const refusedForGood = (e: unknown) => {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
};
const reasonOf = (e: unknown) =>
  String((e as { response?: unknown }).response ?? (e as Error).message ?? e).slice(0, 300);

export function signOffMail(
  db: Db,
  mailer: Mailer | null,
  publicUrl: string,
  now: () => number = Date.now,
): SignOffMail {
  let running: Promise<void> | null = null;
  let again = false;

  /** Counts a failed send: try again after a doubling wait, or give up for good. */
  function failed(signOffId: string, e: unknown) {
    log.error(`Sign-off ${signOffId}: the confirmation e-mail could not be sent:`, reasonOf(e));
    asSystem(db, 'signOffMailFailed', (ctx) => {
      ctx.tx.delete(t.signOffLinks).where(eq(t.signOffLinks.signOffId, signOffId)).run();
      const row = ctx.find(t.signOffs, signOffId)!;
      const tries = row.mailTries + 1;
      const giveUp = refusedForGood(e) || tries >= MAIL_TRIES;
      ctx.update(t.signOffs, row, {
        mailTries: tries,
        mailRetryAt: giveUp ? null : new Date(now() + FIRST_RETRY_MS * 2 ** (tries - 1)).toISOString(),
        mailFailure: giveUp ? reasonOf(e) : null,
      });
    });
  }

  /** A mail that went out clears the failures before it (staff asked again after mailing was given up). */
  function delivered(signOffId: string) {
    asSystem(db, 'signOffMailSent', (ctx) => {
      const row = ctx.find(t.signOffs, signOffId)!;
      if (row.mailTries > 0) ctx.update(t.signOffs, row, { mailTries: 0, mailRetryAt: null, mailFailure: null });
    });
  }

  async function sendLink(signOff: SignOffRow, url: string) {
    const to = mailboxOf(signOff.preceptor.contact);
    if (!mailer || !to) return;
    try {
      await mailer.send(message(signOff, to, url));
      delivered(signOff.id);
    } catch (e) {
      failed(signOff.id, e);
    }
  }

  async function sendPending() {
    do {
      again = false;
      for (const signOff of unsent(db, new Date(now()).toISOString())) {
        const token = asSystem(db, 'sendSignOffLink', (ctx) => newConfirmLink(ctx, signOff, null));
        await sendLink(signOff, confirmUrl(publicUrl, token));
      }
    } while (again);
  }

  function run(): Promise<void> {
    if (!mailer) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = sendPending().finally(() => {
      running = null;
    });
    return running;
  }

  return { canMail: mailer !== null, kick: () => void run(), run, sendLink };
}
