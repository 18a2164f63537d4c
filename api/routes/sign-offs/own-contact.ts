import { inArray } from 'drizzle-orm';
import { isOneOf } from '../../../schema/sign-off.ts';
import * as t from '../../../schema/tables.ts';
import type { CommandContext } from '../../commands/command.ts';

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
  return isOneOf(contact, [student?.email, student?.phone, ...accounts.flatMap((a) => [a.email, a.phone])]);
}
