/**
 * The progress form (react-hook-form and the shared zod schema) loads when a skill is first opened, not with the
 * screen: the skill-entry screen is usable sooner on a phone (bench:web). Its route fetches it while there is signal,
 * so it opens later with none.
 */
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';

export const LazyProgressDialog = lazyPart(
  () => import('./progress-dialog.tsx'),
  (m) => m.ProgressDialog,
  'The progress form',
);
