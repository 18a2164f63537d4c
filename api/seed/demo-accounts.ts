/**
 * Every demo account, in the order the README's table lists them: the one list `npm start`'s sign-in message prints
 * and the README table is checked against (demo-accounts.test.ts), so a new demo account cannot go unannounced.
 */
import { ROLES } from '#schema/enums.ts';

import { demoEmail } from './demo.ts';
import { MEDICAL_DIRECTOR_EMAIL } from './demo-portfolio.ts';
import { FIRE_DEMO_EMAILS } from './fire-demo.ts';
import { POLICE_DEMO_EMAILS } from './police-demo.ts';

export const DEMO_ACCOUNT_EMAILS: readonly string[] = [
  ...ROLES.map(demoEmail),
  MEDICAL_DIRECTOR_EMAIL,
  ...Object.values(FIRE_DEMO_EMAILS),
  ...Object.values(POLICE_DEMO_EMAILS),
];

/** What `npm start` prints in demo mode: every demo account and the password they share. */
export const demoSignInMessage = (password: string) =>
  [`Demo mode. Sign in as any of: ${DEMO_ACCOUNT_EMAILS.join(', ')}`, `Demo password: ${password}`].join('\n');
