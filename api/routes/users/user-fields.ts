/** Which fields of an account a user reads: one rule for the REST list and the sync pull (sync/server/tables.ts). */
import type { Actor } from '#api/commands/command.ts';
import type { UserRow } from '#api/http/context.ts';
import { can } from '#api/permissions/matrix.ts';
import type { UserAnswer, UserNameAnswer } from '#schema/api-answers.ts';

/** A user as staff read it; fields are picked one by one so the password hash can never slip out. */
export const userToApi = (u: UserRow): UserAnswer => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  phone: u.phone,
  department: u.department,
  certifications: u.certifications,
  specialties: u.specialties,
  isActive: u.isActive,
  profileImageUrl: u.profileImageUrl,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

/** Students see who is who and whether the account is in use (to pick a recipient), not how to reach them. */
const nameAndRole = (u: UserRow): UserNameAnswer => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  isActive: u.isActive,
});

/** An account as `viewer` reads it: in full for staff and for its owner, else names, roles and whether it is active. */
export const userAsSeenBy = (viewer: Pick<Actor, 'id' | 'role'>, u: UserRow) =>
  can(viewer.role, 'users.readContact') || u.id === viewer.id ? userToApi(u) : nameAndRole(u);
