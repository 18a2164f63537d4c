/**
 * The profile form's rules. A user never raises their own role: choosing another role card files a role-change
 * request (reviewed by someone else) instead, and the profile update always carries the role the user already has.
 */
import { z } from 'zod';

import { email } from '#schema/common.ts';
import { type Role, ROLE_DESCRIPTIONS, ROLE_LABELS } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import { roleChangeRequestSchema } from '#schema/request.ts';
import { profileUpdateSchema } from '#schema/user.ts';

/** In the spec's order. */
const CARD_ORDER: readonly Role[] = [
  'student',
  'instructor',
  'preceptor',
  'administration',
  'director',
  'clinical_coordinator',
];
export const ROLE_CARDS = CARD_ORDER.map((role) => ({
  role,
  title: ROLE_LABELS[role],
  description: ROLE_DESCRIPTIONS[role],
}));

/** Whether an address, as typed or as parsed, differs from the account's (addresses are kept trimmed and lower-case). */
export const emailChanged = (current: Pick<CurrentProfile, 'email'>, email: string) =>
  email.trim().toLowerCase() !== current.email.toLowerCase();

/**
 * The profile fields, the current password when the e-mail changes (the server asks for it), and, when another role
 * is chosen, the role-change request's program and justification.
 */
export function profileFormSchema(current: Pick<CurrentProfile, 'role' | 'email'>) {
  return profileUpdateSchema
    .extend({ programId: z.string().optional(), justification: z.string().optional() })
    .superRefine((values, ctx) => {
      // asked for once the new address itself is valid, so a typo in it gets one message at a time
      if (emailChanged(current, values.email) && email().safeParse(values.email).success && !values.currentPassword) {
        ctx.addIssue({ code: 'custom', message: MSG.currentPasswordRequired, path: ['currentPassword'] });
      }
      if (values.role === current.role) return;
      const request = roleChangeRequestSchema.safeParse({
        programId: values.programId,
        requestedRole: values.role,
        justification: values.justification,
      });
      if (request.success) return;
      for (const issue of request.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    });
}
export type ProfileFormInput = z.input<ReturnType<typeof profileFormSchema>>;
export type ProfileFormValues = z.output<ReturnType<typeof profileFormSchema>>;

export interface CurrentProfile {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

export interface ProfilePlan {
  /** PUT /api/users/{id}: name and e-mail, with the role unchanged, and the current password when the e-mail changes. */
  update: { firstName: string; lastName: string; email: string; role: Role; currentPassword?: string } | null;
  /** fileRoleChangeRequest arguments. */
  roleRequest: { programId: string; requestedRole: Role; justification: string } | null;
}

/**
 * What Update Profile does. Another role: a role-change request, plus the update only if name or e-mail changed
 * (so a role request alone works offline). Same role: the update, as the form always did.
 */
export function planProfileSubmit(current: CurrentProfile, values: ProfileFormValues): ProfilePlan {
  const details = { firstName: values.firstName, lastName: values.lastName, email: values.email };
  const newEmail = emailChanged(current, details.email);
  const detailsChanged = details.firstName !== current.firstName || details.lastName !== current.lastName || newEmail;
  const roleChanged = values.role !== current.role;
  const password = newEmail ? { currentPassword: values.currentPassword } : {};
  return {
    update: detailsChanged || !roleChanged ? { ...details, role: current.role, ...password } : null,
    roleRequest: roleChanged
      ? { programId: values.programId ?? '', requestedRole: values.role, justification: values.justification ?? '' }
      : null,
  };
}
