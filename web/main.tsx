import './styles.css';

import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';

import { listenForInstallOffer } from './lib/install-prompt.ts';
import { followOfflineReadiness, offlineReadiness } from './lib/offline-readiness.ts';
import { askSession } from './lib/session.tsx';
import { keepPageWithoutSignal, ScreenError } from './lib/ui/screen-error.tsx';
import { toast } from './lib/ui/toasts.tsx';
import { routeTree } from './routeTree.gen.ts';

const router = createRouter({ routeTree, defaultPreload: 'intent', defaultErrorComponent: ScreenError });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

askSession();
listenForInstallOffer();
keepPageWithoutSignal(() => offlineReadiness().state === 'ready');
if (import.meta.env.PROD) {
  followOfflineReadiness();
  const update = registerSW({
    onNeedRefresh() {
      toast('A new version is available', {
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void update(true) },
      });
    },
  });
}

// in a transition, React draws the first screen in slices and lets the browser paint and take taps between them: on
// a phone's first visit, drawing it in one go held the main thread for 100-170 ms at 4x CPU (docs/PERFORMANCE.md)
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
