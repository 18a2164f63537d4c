import { z } from 'zod';

import { clientId, email, optionalText, requiredText, stringList } from './common.ts';
import { ROLES } from './enums.ts';
import { loginErrors, normalEmail } from './login.ts';
import { MSG } from './messages.ts';

const passwordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(8, MSG.passwordTooShort)
  .max(200, 'At most 200 characters');

/** Add New User (Data Management). A password is optional: without one the account cannot sign in yet. */
export const userCreateSchema = z.object({
  id: clientId(),
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: email(),
  role: z.enum(ROLES, { error: MSG.roleRequired }),
  phone: optionalText(40),
  department: optionalText(100),
  certifications: stringList(),
  specialties: stringList(),
  password: passwordSchema.optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/**
 * The profile form (PUT /api/users/{id}). Changing one's own e-mail needs the current password: the address signs in
 * and is what staff recognise a person by, so a borrowed session must not be able to move it.
 */
export const profileUpdateSchema = z.object({
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: email(),
  role: z.enum(ROLES, { error: MSG.roleRequired }).default('student'),
  currentPassword: z.string({ error: MSG.currentPasswordRequired }).max(200, MSG.currentPasswordWrong).optional(),
});

/** The sign-in form's rule (schema/login.ts, which the sign-in page checks without zod) as the server parses it. */
export const loginSchema = z
  .object({
    email: z.string({ error: MSG.emailInvalid }).transform(normalEmail),
    password: z.string({ error: MSG.passwordRequired }),
  })
  .superRefine((login, ctx) => {
    for (const [field, message] of Object.entries(loginErrors(login)))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });

/** A person's display name and the role shown under it (underscores become spaces). */
export { initials, roleDisplay } from './names.ts';
