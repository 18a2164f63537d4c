/**
 * Toasts through sonner, loaded after the first screen (about 9 KB of its JavaScript): the Toaster is a lazy part
 * (lazy-part.tsx) drawn once its code is here, fetched when the page is idle or a toast is asked for, whichever comes
 * first. A toast asked for earlier shows as soon as sonner has loaded (its Toaster shows the toasts still active when
 * it mounts); with no signal before the app was stored, it shows nothing and the next toast tries again.
 */
import { type ComponentType, useEffect } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

import { useIdle } from '../use-idle.ts';
import { lazyPart } from './lazy-part.tsx';

type Sonner = typeof import('sonner');
let sonner: Sonner | null = null;
const Toaster = lazyPart(
  () => import('sonner'),
  (loaded): ComponentType<ToasterProps> => (sonner = loaded).Toaster,
  'Notifications',
);

/** Fetches sonner with the field screens' code (app-shell.tsx), so toasts work after signal is lost; true once here. */
export const preloadToasts = Toaster.preload;

function withSonner(show: (t: Sonner['toast']) => void) {
  if (sonner) return show(sonner.toast);
  void preloadToasts().then((loaded) => loaded && show(sonner!.toast));
}

export const toast = Object.assign((message: string, data?: ExternalToast) => withSonner((t) => t(message, data)), {
  success: (message: string, data?: ExternalToast) => withSonner((t) => t.success(message, data)),
  error: (message: string, data?: ExternalToast) => withSonner((t) => t.error(message, data)),
  /** Before sonner has loaded there is no toast to dismiss. */
  dismiss: (id?: string | number) => sonner?.toast.dismiss(id),
});

export function Toasts(props: ToasterProps) {
  const { idle } = useIdle();
  const loaded = Toaster.useLoaded();
  useEffect(() => {
    if (idle) void preloadToasts();
  }, [idle]);
  return loaded ? <Toaster {...props} /> : null;
}
