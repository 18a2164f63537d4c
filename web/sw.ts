/// <reference lib="webworker" />
/**
 * The service worker: precaches the built app so it opens with no network, answers every page navigation with the
 * app shell (client routes) except /api, and relays Background Sync to open pages, which run the sync engine.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
});
self.skipWaiting();
clientsClaim();

self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag: string };
  if (e.tag !== 'training-records-sync') return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => clients.forEach((c) => c.postMessage('sync'))),
  );
});
