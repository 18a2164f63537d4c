/// <reference lib="webworker" />
/**
 * The service worker: precaches the built app so it opens with no network, answers every page navigation with the
 * app shell (client routes) except /api, and relays Background Sync to open pages, which run the sync engine.
 * While it installs it tells open pages how much of the app is stored, so the header can say when this device is
 * ready to work offline (web/lib/offline-readiness.ts).
 */
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { PRECACHE_PROGRESS, PRECACHE_PROGRESS_ASKED, type PrecacheProgress } from './lib/offline-messages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const manifest = self.__WB_MANIFEST;
let stored = 0;
const progress = (): PrecacheProgress => ({ type: PRECACHE_PROGRESS, stored, total: manifest.length });

async function tellPages() {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(progress());
}

// the install stores the files one after another; each stored file moves the pages' "Preparing offline use" figure
addPlugins([
  {
    cacheDidUpdate: async () => {
      stored++;
      await tellPages();
    },
  },
]);
precacheAndRoute(manifest);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
  if (event.data === PRECACHE_PROGRESS_ASKED) event.source?.postMessage(progress());
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
