/**
 * "Nobody verifies their own": whether two accounts, or an account and a student, are one person. An address in
 * another form (another case, a `+tag`) reaches the same mailbox, so a second account made under it is still the
 * student, and the rule the EMS sign-off applies to a preceptor's contact (schema/sign-off.ts `isOneOf`) applies to
 * every account that approves, verifies, signs or reviews a student's record.
 */
import { eq } from 'drizzle-orm';

import { isOneOf } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';

import type { Q } from '../db/open.ts';

const addressesOf = (q: Q, userId: string | null) => {
  if (!userId) return [];
  const user = q
    .select({ email: t.users.email, phone: t.users.phone })
    .from(t.users)
    .where(eq(t.users.id, userId))
    .get();
  return user ? [user.email, user.phone] : [];
};

/** Whether the account is the student's own, or another account under one of the student's or their account's addresses. */
export function isStudentThemself(
  q: Q,
  userId: string,
  student: { userId: string | null; email: string; phone: string | null },
) {
  if (userId === student.userId) return true;
  const [email] = addressesOf(q, userId);
  return !!email && isOneOf(email, [student.email, student.phone, ...addressesOf(q, student.userId)]);
}

/** Whether two accounts are one person: the same account, or e-mails that reach the same mailbox. */
export function sameAccountHolder(q: Q, a: string, b: string | null): boolean {
  if (!b) return false;
  if (a === b) return true;
  const [emailA] = addressesOf(q, a);
  const [emailB] = addressesOf(q, b);
  return !!emailA && !!emailB && isOneOf(emailA, [emailB]);
}
