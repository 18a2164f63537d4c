import { and, eq, inArray, isNull, ne } from 'drizzle-orm';

import type { CommandContext } from '#api/commands/command.ts';
import { isOneOf, mailboxKey } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';

/**
 * Whether the preceptor's contact is one of the people whose word cannot verify these records: the student (their
 * record's and their account's e-mail and phone) and the accounts named (whoever captured the sign-off, whoever
 * recorded a signed record). Without this a student could give their own e-mail and confirm their own shift by link.
 */
export function isOwnContact(
  ctx: CommandContext,
  contact: string,
  studentId: string,
  accounts: readonly string[],
): boolean {
  const student = ctx.find(t.students, studentId);
  const accountIds = [...new Set([...accounts, ...(student?.userId ? [student.userId] : [])])];
  const people = ctx.tx
    .select({ email: t.users.email, phone: t.users.phone })
    .from(t.users)
    .where(inArray(t.users.id, accountIds))
    .all();
  return isOneOf(contact, [student?.email, student?.phone, ...people.flatMap((a) => [a.email, a.phone])]);
}

/** The e-mails of active staff accounts (anyone but students). */
function staffEmails(ctx: CommandContext): string[] {
  return ctx.tx
    .select({ email: t.users.email })
    .from(t.users)
    .where(and(ne(t.users.role, 'student'), eq(t.users.isActive, true), isNull(t.users.deletedAt)))
    .all()
    .map((u) => u.email);
}

/** The e-mails the active clinical sites serving this program type list: the site's own and its contacts'. */
function siteEmails(ctx: CommandContext, programType: string): string[] {
  const sites = ctx.tx
    .select({ id: t.clinicalSites.id, email: t.clinicalSites.email, programTypes: t.clinicalSites.programTypes })
    .from(t.clinicalSites)
    .where(and(eq(t.clinicalSites.isActive, true), isNull(t.clinicalSites.deletedAt)))
    .all()
    .filter((s) => s.programTypes.includes(programType));
  if (sites.length === 0) return [];
  const listed = ctx.tx
    .select({ email: t.siteEmails.emailAddress })
    .from(t.siteEmails)
    .where(
      and(
        inArray(
          t.siteEmails.clinicalSiteId,
          sites.map((s) => s.id),
        ),
        eq(t.siteEmails.isActive, true),
        isNull(t.siteEmails.deletedAt),
      ),
    )
    .all();
  return [...sites.map((s) => s.email), ...listed.map((e) => e.email)].filter((e): e is string => !!e);
}

/**
 * Whether a preceptor's e-mail is one the student's program knows: a staff account's, or one the clinical sites serving
 * the program list. A confirmation by link from any other address waits for a coordinator, since anyone (the student
 * too, with a second mailbox) can receive mail there.
 */
export function isKnownPreceptor(ctx: CommandContext, contact: string, studentId: string): boolean {
  const student = ctx.find(t.students, studentId);
  const program = student && ctx.find(t.programs, student.programId);
  const key = mailboxKey(contact);
  const known = [...staffEmails(ctx), ...(program ? siteEmails(ctx, program.type) : [])];
  return key.includes('@') && known.some((email) => mailboxKey(email) === key);
}
