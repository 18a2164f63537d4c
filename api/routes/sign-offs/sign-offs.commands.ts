import { and, desc, eq, inArray, isNotNull, isNull, notExists } from 'drizzle-orm';
import { z } from 'zod';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { assertNoUnattestedImports } from '#api/domain/evidence/checks.ts';
import {
  holdingSignOffs,
  moveSignOff,
  restateSignOff,
  sha256,
  type SignOffRow,
} from '#api/domain/evidence/sign-off-effects.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '#api/http/errors.ts';
import { mailboxOf } from '#api/mail/mailer.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { isStudentThemself } from '#api/permissions/same-person.ts';
import { assertStudentVisible, canSeeStudent, studentFieldNotFound } from '#api/permissions/scope.ts';
import { optionalText } from '#schema/common.ts';
import { ERR, MSG } from '#schema/messages.ts';
import { accountName } from '#schema/names.ts';
import { isPlainMailbox, namesAccount, signedContent, signOffContent } from '#schema/sign-off.ts';
import { linkDecisionSchema, signOffSchema } from '#schema/sign-off-schema.ts';
import * as t from '#schema/tables.ts';

import { checkCosign } from './cosign.ts';
import { isKnownPreceptor, isOwnContact } from './own-contact.ts';

const LINK_DAYS = 7;

/** The records named, each the student's own, live and not voided; any other answer means the content changed. */
function signedRecords(ctx: CommandContext, studentId: string, refs: readonly { kind: string; id: string }[]) {
  const ids = (kind: string) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const attemptIds = ids('attempt');
  const attempts = attemptIds.length
    ? ctx.tx
        .select()
        .from(t.skillAttempts)
        .where(
          and(
            inArray(t.skillAttempts.id, attemptIds),
            eq(t.skillAttempts.studentId, studentId),
            eq(t.skillAttempts.kind, 'attempt'),
            isNull(t.skillAttempts.deletedAt),
            notExists(
              ctx.tx
                .select({ id: t.skillAttemptVoids.id })
                .from(t.skillAttemptVoids)
                .where(eq(t.skillAttemptVoids.attemptId, t.skillAttempts.id)),
            ),
          ),
        )
        .all()
    : [];
  const contactIds = ids('contact');
  const contacts = contactIds.length
    ? ctx.tx
        .select()
        .from(t.patientContacts)
        .where(
          and(
            inArray(t.patientContacts.id, contactIds),
            eq(t.patientContacts.studentId, studentId),
            isNull(t.patientContacts.deletedAt),
          ),
        )
        .all()
    : [];
  const hourIds = ids('hours');
  const hours = hourIds.length
    ? ctx.tx
        .select()
        .from(t.clinicalHours)
        .where(
          and(
            inArray(t.clinicalHours.id, hourIds),
            eq(t.clinicalHours.studentId, studentId),
            isNull(t.clinicalHours.deletedAt),
          ),
        )
        .all()
    : [];
  const unique = new Set(refs.map((r) => r.id)).size === refs.length;
  if (!unique || attempts.length + contacts.length + hours.length !== refs.length) throw conflict(ERR.signOffChanged);
  return { attempts, contacts, hours };
}

/** Whether the device's previous sign-off is the one this one names (a deleted or missing one breaks the chain). */
function chainBroken(ctx: CommandContext, deviceId: string, previousHash: string | null) {
  const last = ctx.tx
    .select({ hash: t.signOffs.hash })
    .from(t.signOffs)
    .where(eq(t.signOffs.deviceId, deviceId))
    .orderBy(desc(t.signOffs.capturedAt))
    .get();
  return (last?.hash ?? null) !== previousHash;
}

/** Names the account whose code verified a sign-off: the name typed on the sheet is only what the student wrote. */
function cosignNote(ctx: CommandContext, cosignedBy: string) {
  return `Co-signed with the code of ${accountName(ctx.find(t.users, cosignedBy)!)}`;
}

/**
 * A preceptor's sign-off captured on the student's device, offline. The server rebuilds the signed content from its
 * own copy of the records and recomputes both hashes: a record changed since, or a sign-off altered on the way, is
 * refused with the reason. With a valid co-sign code it is verified at once; otherwise it awaits the preceptor's
 * confirmation.
 */
export const signOff = defineCommand({
  name: 'signOff',
  offline: true,
  args: signOffSchema,
  afterCommit: ({ signOffMail }) => signOffMail?.kick(),
  apply(ctx, args) {
    assertCan(ctx.actor, 'signOffs.request');
    assertStudentVisible(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    const existing = ctx.find(t.signOffs, args.id);
    // sent again (a retried request): the same student's sign-off comes back; an id of another student's answers as
    // a student the caller may not see, and shows nothing of it
    if (existing && existing.studentId !== args.studentId) throw studentFieldNotFound();
    if (existing) return existing;
    // the schema takes only a plain address; the mailer's own parser must read it as that same one mailbox
    if (args.preceptor.contact.includes('@') && mailboxOf(args.preceptor.contact) !== args.preceptor.contact) {
      throw invalid({ preceptor: MSG.preceptorContactPlain });
    }
    const records = signedRecords(ctx, args.studentId, args.records);
    assertNoUnattestedImports(
      ctx,
      args.records.map((r) => r.id),
    );
    if (sha256(signedContent(args.studentId, records)) !== args.contentHash) throw conflict(ERR.signOffChanged);
    if (sha256(signOffContent(args)) !== args.hash) throw conflict(ERR.signOffAltered);
    const recorders = [...records.attempts, ...records.contacts, ...records.hours].map((r) => r.recordedBy);
    if (isOwnContact(ctx, args.preceptor.contact, args.studentId, [ctx.actor.id, ...recorders])) {
      throw forbidden(ERR.ownSignOff);
    }
    if (
      holdingSignOffs(
        ctx,
        args.studentId,
        args.records.map((r) => r.id),
      ).length > 0
    ) {
      throw conflict(ERR.alreadySigned);
    }
    const cosign = args.cosignCode ? checkCosign(ctx, args, args.cosignCode) : null;
    const { attested: _attested, ...fields } = args;
    const row = ctx.insert(t.signOffs, {
      ...fields,
      ...cosign,
      recordedBy: ctx.actor.id,
      status: 'awaiting',
      chainBroken: chainBroken(ctx, args.deviceId, args.previousHash),
    });
    if (cosign) return moveSignOff(ctx, row, 'code_verified', cosignNote(ctx, cosign.cosignedBy));
    restateSignOff(ctx, row);
    return row;
  },
});

/**
 * A new single-use link for the sign-off's preceptor; earlier unused ones stop working. Returns the token once.
 * `handedOutBy` names the staff member who was shown the link (null: only mailed), since they could answer it.
 */
export function newConfirmLink(ctx: CommandContext, signOff: SignOffRow, handedOutBy: string | null): string {
  for (const link of ctx.tx
    .select()
    .from(t.signOffLinks)
    .where(and(eq(t.signOffLinks.signOffId, signOff.id), isNull(t.signOffLinks.usedAt)))
    .all()) {
    ctx.tx.update(t.signOffLinks).set({ expiresAt: ctx.now }).where(eq(t.signOffLinks.id, link.id)).run();
  }
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const expiresAt = new Date(Date.parse(ctx.now) + LINK_DAYS * 86_400_000).toISOString();
  ctx.tx
    .insert(t.signOffLinks)
    .values({
      id: sha256(token),
      signOffId: signOff.id,
      createdAt: ctx.now,
      expiresAt,
      sentTo: signOff.preceptor.contact,
      createdBy: handedOutBy,
    })
    .run();
  // re-read: the caller may hold the row as it was before a state change in the same command
  ctx.update(t.signOffs, ctx.find(t.signOffs, signOff.id)!, { linkExpiresAt: expiresAt });
  return token;
}

/** The live link for a token, or why it cannot be used. */
export function linkFor(ctx: Pick<CommandContext, 'tx' | 'now'>, token: string) {
  const link = ctx.tx
    .select()
    .from(t.signOffLinks)
    .where(eq(t.signOffLinks.id, sha256(token)))
    .get();
  if (!link) throw new AppError(404, ERR.linkUnknown);
  if (link.usedAt) throw new AppError(409, ERR.linkUsed);
  if (link.expiresAt <= ctx.now) throw new AppError(410, ERR.linkExpired);
  const signOff = ctx.tx.select().from(t.signOffs).where(eq(t.signOffs.id, link.signOffId)).get();
  if (!signOff || signOff.deletedAt) throw new AppError(404, ERR.linkUnknown);
  if (signOff.status !== 'awaiting') throw new AppError(409, ERR.signOffAnswered);
  return { link, signOff };
}

/** The preceptor's answer through their link (no account): confirm, or dispute with a reason. The link works once. */
export const decideByLink = defineCommand({
  name: 'decideSignOffByLink',
  args: z.object({ token: z.string().min(20).max(100) }).and(linkDecisionSchema),
  apply(ctx, args) {
    const { link, signOff } = linkFor(ctx, args.token);
    if (isOwnContact(ctx, signOff.preceptor.contact, signOff.studentId, [signOff.recordedBy])) {
      throw forbidden(ERR.ownSignOff);
    }
    ctx.tx.update(t.signOffLinks).set({ usedAt: ctx.now }).where(eq(t.signOffLinks.id, link.id)).run();
    const maker = link.createdBy ? ctx.find(t.users, link.createdBy) : undefined;
    const note = maker
      ? `By ${signOff.preceptor.name} through a link handed out by ${maker.firstName} ${maker.lastName}`
      : `By ${signOff.preceptor.name} through the link sent to ${link.sentTo ?? 'the preceptor'}`;
    if (args.decision === 'dispute') return moveSignOff(ctx, signOff, 'disputed', `${note}: ${args.reason}`);
    const known = !link.createdBy && isKnownPreceptor(ctx, signOff.preceptor.contact, signOff.studentId);
    return moveSignOff(ctx, signOff, known ? 'confirmed' : 'link_confirmed', note);
  },
});

/** Who handed out the link a sign-off was last answered through (null: it was only mailed). */
function answeredLinkMaker(ctx: CommandContext, signOffId: string): string | null {
  const link = ctx.tx
    .select({ createdBy: t.signOffLinks.createdBy })
    .from(t.signOffLinks)
    .where(and(eq(t.signOffLinks.signOffId, signOffId), isNotNull(t.signOffLinks.usedAt)))
    .orderBy(desc(t.signOffLinks.usedAt))
    .get();
  return link?.createdBy ?? null;
}

/**
 * Accepting a sign-off as attested; for a confirmation by link that waited for a coordinator, accepting the address
 * makes it the preceptor's confirmation. Whoever handed that link out may not accept it: they could have answered it.
 */
function accept(ctx: CommandContext, signOff: SignOffRow, note: string) {
  if (signOff.status !== 'link_confirmed') return moveSignOff(ctx, signOff, 'accepted', note);
  if (answeredLinkMaker(ctx, signOff.id) === ctx.actor.id) throw forbidden(ERR.ownLinkAccepted);
  return moveSignOff(ctx, signOff, 'confirmed', note);
}

const REVIEW_ACTIONS = ['accept', 'reject', 'ask_again'] as const;

/**
 * The coordinator's word on a sign-off in the queue: accept as attested (with a note), reject, or ask again. Asking
 * again mails a fresh link when the server can (`canMail`, set by the route) and the contact is an address; only
 * otherwise is the link handed to the coordinator, and then it carries their name.
 */
export const reviewSignOff = defineCommand({
  name: 'reviewSignOff',
  args: z.object({
    id: z.string().min(1).max(64),
    action: z.enum(REVIEW_ACTIONS, { error: 'Choose accept, reject or ask again' }),
    note: optionalText(2000),
    canMail: z.boolean().default(false),
  }),
  apply(ctx, { id, action, note, canMail }) {
    const signOff = reviewable(ctx, id);
    if (action === 'accept' && !note) throw invalid({ note: MSG.acceptNoteRequired });
    // what was signed no longer matches the records: it can only be closed, and the records signed again
    if (signOff.status === 'changed' && action !== 'reject') throw conflict(ERR.signOffChanged);
    if (action === 'ask_again') {
      const byHand = !canMail || !isPlainMailbox(signOff.preceptor.contact);
      const token = newConfirmLink(ctx, signOff, byHand ? ctx.actor.id : null);
      return { signOff: moveSignOff(ctx, signOff, 'awaiting', note), token, byHand };
    }
    if (action === 'accept') return { signOff: accept(ctx, signOff, note!), token: null, byHand: false };
    return { signOff: moveSignOff(ctx, signOff, 'rejected', note), token: null, byHand: false };
  },
});

/**
 * A sign-off the reviewer may act on (their programs' students), or the 404 an unknown id gets. The student works none
 * of their own, from a staff account under one of their addresses either (api/permissions/same-person.ts).
 */
function reviewable(ctx: CommandContext, id: string) {
  assertCan(ctx.actor, 'signOffs.review');
  const signOff = ctx.find(t.signOffs, id);
  const student = signOff && ctx.find(t.students, signOff.studentId);
  if (!signOff || signOff.deletedAt || !student || !canSeeStudent(ctx.tx, ctx.actor, student)) {
    throw notFound('Sign-off');
  }
  if (isStudentThemself(ctx.tx, ctx.actor.id, student)) throw forbidden(ERR.ownSignOff);
  return signOff;
}

/** A fresh confirm link for staff to pass on by hand (no SMTP, or the preceptor has only a phone). */
export const issueSignOffLink = defineCommand({
  name: 'issueSignOffLink',
  args: z.object({ id: z.string().min(1).max(64) }),
  apply(ctx, { id }) {
    const signOff = reviewable(ctx, id);
    if (signOff.status !== 'awaiting') throw conflict(ERR.signOffAnswered);
    return { signOff, token: newConfirmLink(ctx, signOff, ctx.actor.id) };
  },
});

/** A preceptor with an account confirms a sign-off given in their name, in the app: a whole shift in one tap. */
export const confirmOwnSignOff = defineCommand({
  name: 'confirmOwnSignOff',
  args: z.object({ id: z.string().min(1).max(64) }),
  apply(ctx, { id }) {
    assertCan(ctx.actor, 'signOffs.confirmOwn');
    const signOff = ctx.find(t.signOffs, id);
    const user = ctx.find(t.users, ctx.actor.id);
    const mine = signOff && user && namesAccount(signOff.preceptor, user.email);
    if (!signOff || signOff.deletedAt || !mine) throw notFound('Sign-off');
    if (signOff.recordedBy === ctx.actor.id) throw forbidden(ERR.ownSignOff);
    if (signOff.status !== 'awaiting') throw conflict(ERR.signOffAnswered);
    return moveSignOff(ctx, signOff, 'confirmed', `Confirmed in the app by ${user.firstName} ${user.lastName}`);
  },
});

export const signOffCommands = [signOff, decideByLink, reviewSignOff, issueSignOffLink, confirmOwnSignOff];
