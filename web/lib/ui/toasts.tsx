/**
 * Toasts through sonner, loaded after the first screen (about 9 KB of its JavaScript): the Toaster mounts once the page
 * is idle or a toast is asked for, whichever comes first, and a toast asked for earlier shows as soon as sonner has
 * loaded (its Toaster shows the toasts still active when it mounts).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';
import { useIdle } from '../use-idle.ts';

type Sonner = typeof import('sonner');
const loadSonner = () => import('sonner');
let sonner: Sonner | null = null;
/** The mounted Toasts, to mount their Toaster when a toast comes before the page is idle. */
const waiting = new Set<() => void>();

/** Fetches sonner with the field screens' code (app-shell.tsx), so toasts work after signal is lost; true once here. */
export const preloadToasts = () =>
  loadSonner().then(
    (loaded) => !!(sonner = loaded),
    () => false,
  );

function withSonner(show: (t: Sonner['toast']) => void) {
  for (const mount of waiting) mount();
  if (sonner) return show(sonner.toast);
  // a load that failed (no signal before the app was stored) shows nothing; the next toast tries again
  void preloadToasts().then((loaded) => loaded && show(sonner!.toast));
}

export const toast = Object.assign((message: string, data?: ExternalToast) => withSonner((t) => t(message, data)), {
  success: (message: string, data?: ExternalToast) => withSonner((t) => t.success(message, data)),
  error: (message: string, data?: ExternalToast) => withSonner((t) => t.error(message, data)),
  /** Before sonner has loaded there is no toast to dismiss. */
  dismiss: (id?: string | number) => sonner?.toast.dismiss(id),
});

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

export function Toasts(props: ToasterProps) {
  const { idle } = useIdle();
  const [asked, setAsked] = useState(() => sonner !== null);
  useEffect(() => {
    const mount = () => setAsked(true);
    waiting.add(mount);
    return () => void waiting.delete(mount);
  }, []);
  return idle || asked ? (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  ) : null;
}
