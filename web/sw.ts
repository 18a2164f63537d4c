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

/** Downloads at once while installing: as many as a browser opens to one host. */
const PARALLEL_DOWNLOADS = 6;

/**
 * Workbox stores the files one after another (workbox issue 2528), so on a weak signal each waits out its own round
 * trip: 150 files took 10 s on bench:web's slow link. Fetched here first, a few at a time in the manifest's order
 * (the app shell first, vite.config.ts), the hashed files are in the browser's HTTP cache, kept a year, when Workbox
 * asks for them. A failed fetch is Workbox's to report when it asks again.
 */
async function fetchAhead() {
  const urls = manifest.flatMap((e) => (typeof e !== 'string' && e.revision === null ? [e.url] : []));
  let next = 0;
  const download = async () => {
    for (let url = urls[next++]; url !== undefined; url = urls[next++])
      await fetch(url)
        .then((res) => res.arrayBuffer())
        .catch(() => undefined);
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, download));
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
self.addEventListener('install', (event) => event.waitUntil(fetchAhead()));
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
