/**
 * The screens a user in the field needs with no signal: their home, skill entry (and its progress form), the trackers
 * and sign-offs. The shell fetches their code once the first screen is up (web/features/shell/app-shell.tsx), and the
 * build keeps it apart from the rest of the app (vite.config.ts), so fetching them fetches no other screen.
 */
export const CORE_SCREENS = [
  '/',
  '/ems/skill-entry',
  '/ems/competency-tracker',
  '/fire/competency-tracker',
  '/police/competency-tracker',
  '/sign-offs',
] as const;
