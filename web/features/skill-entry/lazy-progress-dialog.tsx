/**
 * The progress form (react-hook-form and the shared zod schema) loads when a skill is first opened, not with the
 * screen: the skill-entry screen is usable sooner on a phone (bench:web).
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const ProgressDialog = lazy(() => import('./progress-dialog.tsx').then((m) => ({ default: m.ProgressDialog })));

export function LazyProgressDialog(props: ComponentProps<typeof ProgressDialog>) {
  return (
    <Suspense>
      <ProgressDialog {...props} />
    </Suspense>
  );
}
