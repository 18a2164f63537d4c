/**
 * The sign-in fields' rule, in plain code: the sign-in page is the first a phone loads and carries no validation
 * library (web/first-screen.test.ts). The server checks the same rule through `loginSchema` (schema/user.ts).
 */
import { MSG } from './messages.ts';

/**
 * Where the app asks who is signed in when it starts (api/auth/routes.ts answers it): the signed-in landing pages ask
 * it along with their code (api/http/static.ts `landingPage`), not once that code has run.
 */
export const SESSION_PATH = '/api/auth/session';

const EMAIL_MAX = 254;
const PASSWORD_MAX = 200;

export interface Login {
  email: string;
  password: string;
}

/** A message per field that breaks the rule; empty when the sign-in may be sent. */
export type LoginErrors = Partial<Record<keyof Login, string>>;

/** E-mail addresses are stored trimmed and in lower case; sign-in looks them up so. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export function loginErrors({ email, password }: Login): LoginErrors {
  const errors: LoginErrors = {};
  const address = normalEmail(email);
  if (address.length === 0 || address.length > EMAIL_MAX) errors.email = MSG.emailInvalid;
  if (password.length === 0 || password.length > PASSWORD_MAX) errors.password = MSG.passwordRequired;
  return errors;
}
