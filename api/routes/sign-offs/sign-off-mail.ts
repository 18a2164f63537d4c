/**
 * Sends each awaiting sign-off's preceptor a confirm-or-dispute link by e-mail, once, after the sign-off arrives (by
 * sync or REST). A failed send removes the link, so a later run tries again. Runs outside any request's transaction.
 */
import { and, eq, isNull, notExists } from 'drizzle-orm';
import * as t from '../../../schema/tables.ts';
import type { Db } from '../../db/open.ts';
import { isEmail, type Mailer } from '../../mail/mailer.ts';
import { asSystem } from '../../seed/standards.ts';
import type { SignOffRow } from './sign-off-effects.ts';
import { newConfirmLink } from './sign-offs.commands.ts';

/** Where a token's confirm-or-dispute page is. */
export const confirmUrl = (publicUrl: string, token: string) => `${publicUrl}/sign-off/${token}`;

export interface SignOffMail {
  /** Looks for sign-offs whose link has not gone out yet; returns at once. */
  kick(): void;
  /** The same, resolving when every pending mail has been tried (for tests and shutdown). */
  run(): Promise<void>;
  sendLink(signOff: SignOffRow, url: string): Promise<void>;
}

const message = (signOff: SignOffRow, url: string) => ({
  to: signOff.preceptor.contact.trim(),
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

function unsent(db: Db) {
  return db
    .select()
    .from(t.signOffs)
    .where(
      and(
        eq(t.signOffs.status, 'awaiting'),
        isNull(t.signOffs.deletedAt),
        notExists(
          db.select({ id: t.signOffLinks.id }).from(t.signOffLinks).where(eq(t.signOffLinks.signOffId, t.signOffs.id)),
        ),
      ),
    )
    .all()
    .filter((s) => isEmail(s.preceptor.contact));
}

export function signOffMail(db: Db, mailer: Mailer | null, publicUrl: string): SignOffMail {
  let running: Promise<void> | null = null;
  let again = false;

  async function sendLink(signOff: SignOffRow, url: string) {
    if (!mailer || !isEmail(signOff.preceptor.contact)) return;
    await mailer.send(message(signOff, url));
  }

  async function sendPending() {
    do {
      again = false;
      for (const signOff of unsent(db)) {
        const token = asSystem(db, 'sendSignOffLink', (ctx) => newConfirmLink(ctx, signOff));
        try {
          await sendLink(signOff, confirmUrl(publicUrl, token));
        } catch (e) {
          console.error(`Sign-off ${signOff.id}: the confirmation e-mail could not be sent:`, (e as Error).message);
          db.delete(t.signOffLinks).where(eq(t.signOffLinks.signOffId, signOff.id)).run();
        }
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

  return { kick: () => void run(), run, sendLink };
}
