import { inArray } from 'drizzle-orm';
import { emailKey } from '../../../schema/sign-off.ts';
import * as t from '../../../schema/tables.ts';
import type { CommandContext } from '../../commands/command.ts';

/** A contact as compared: an e-mail in lower case, a phone number by its digits alone. */
function contactKey(contact: string): string {
  const key = emailKey(contact);
  if (key.includes('@')) return key;
  const digits = key.replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : key;
}

/**
 * Whether the preceptor's contact is one of the people whose word cannot verify these records: the student (their
 * record's and their account's e-mail and phone), whoever captured the sign-off, and whoever recorded a signed record.
 * Without this a student could give their own e-mail and confirm their own shift through the link.
 */
export function isOwnContact(
  ctx: CommandContext,
  contact: string,
  studentId: string,
  recorders: readonly string[],
): boolean {
  const student = ctx.find(t.students, studentId);
  const accountIds = [...new Set([ctx.actor.id, ...recorders, ...(student?.userId ? [student.userId] : [])])];
  const accounts = ctx.tx
    .select({ email: t.users.email, phone: t.users.phone })
    .from(t.users)
    .where(inArray(t.users.id, accountIds))
    .all();
  const own = [student?.email, student?.phone, ...accounts.flatMap((a) => [a.email, a.phone])]
    .filter((c): c is string => !!c && c.trim() !== '')
    .map(contactKey);
  return own.includes(contactKey(contact));
}
