import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { toast } from 'sonner';
import { registerSW } from 'virtual:pwa-register';
import { listenForInstallOffer } from './lib/install-prompt.ts';
import { routeTree } from './routeTree.gen.ts';
import './styles.css';

const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

listenForInstallOffer();
if (import.meta.env.PROD) {
  const update = registerSW({
    onNeedRefresh() {
      toast('A new version is available', {
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void update(true) },
      });
    },
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
