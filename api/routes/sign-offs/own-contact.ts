import { inArray } from 'drizzle-orm';
import { isOneOf } from '../../../schema/sign-off.ts';
import * as t from '../../../schema/tables.ts';
import type { CommandContext } from '../../commands/command.ts';

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
