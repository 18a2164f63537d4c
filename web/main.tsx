import './styles.css';

import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';

import { listenForInstallOffer } from './lib/install-prompt.ts';
import { nextTask } from './lib/next-task.ts';
import { followOfflineReadiness, offlineReadiness } from './lib/offline-readiness.ts';
import { askSession } from './lib/session.tsx';
import { startUpWorker } from './lib/start-up-worker.ts';
import { keepPageWithoutSignal, ScreenError } from './lib/ui/screen-error.tsx';
import { toast } from './lib/ui/toasts.tsx';
import { warmFonts } from './lib/ui/warm-fonts.ts';
import { routeTree } from './routeTree.gen.ts';

const createAppRouter = () => createRouter({ routeTree, defaultPreload: 'intent', defaultErrorComponent: ScreenError });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

function registerServiceWorker() {
  const update = registerSW({
    onNeedRefresh() {
      toast('A new version is available', {
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void update(true) },
      });
    },
  });
}

/**
 * Start-up in steps, each in a task of its own: run as one, they held a throttled phone's main thread for 200-300 ms
 * after the page's first paint (bench/long-tasks.ts). The fonts the first screen needs are found before it is drawn,
 * in small tasks (`warmFonts`), not inside its layouts. The first screen is drawn once the router holds its code, in a
 * transition, so React draws it in slices too; the service worker is registered after (it waits for the page's load
 * anyway).
 */
async function start() {
  askSession();
  startUpWorker();
  listenForInstallOffer();
  keepPageWithoutSignal(() => offlineReadiness().state === 'ready');
  if (import.meta.env.PROD) followOfflineReadiness();
  // the entry's evaluation ends here: the fonts' first layout, which also lays out the whole page, in a task of its own
  await nextTask();
  await warmFonts();
  const router = createAppRouter();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  // a failed load is drawn as the screen's error: the router loads again once drawn, having no screen yet
  await router.load().catch(() => undefined);
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
  if (import.meta.env.PROD) registerServiceWorker();
}

void start();
