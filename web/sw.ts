/// <reference lib="webworker" />
/**
 * The service worker: precaches the built app so it opens with no network, answers every page navigation with the
 * app shell (client routes) except /api, and relays Background Sync to open pages, which run the sync engine.
 * It installs in two steps: the install stores only the app shell (vite.config.ts marks it), so the worker takes over
 * within seconds of the first sign-in and a reload with no signal still opens the app; once active it stores the rest
 * in the same cache. All the while it tells open pages how much of the whole app is stored, so the header can say
 * when this device is ready to work offline (web/lib/offline-readiness.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { isAsked, PRECACHE_PROGRESS, type PrecacheProgress } from './lib/offline-messages.ts';
import { storeOrder } from './lib/store-order.ts';

/** `roles`: the only roles whose devices need the file to work offline (vite.config.ts); without it, every role's. */
type Entry = string | { url: string; revision?: string | null; shell?: true; roles?: string[] };
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Entry[] };

const manifest = self.__WB_MANIFEST;
/** A file without a hash in its name needs Workbox's revision to tell it from an older copy: it goes with the shell. */
const inShell = (e: Entry) => typeof e === 'string' || e.shell === true || (e.revision ?? null) !== null;
const absolute = (url: string) => new URL(url, self.location.href).href;
const shellEntries = manifest.filter(inShell);
const restEntries = manifest
  .filter((e) => !inShell(e))
  .map((e): Exclude<Entry, string> => (typeof e === 'string' ? { url: e } : e));
/** The hashed files stored after the worker takes over, each under its own address. */
const rest = new Set(restEntries.map((e) => absolute(e.url)));
/** The files of the rest that only some roles need, with those roles. */
const onlyFor = new Map(restEntries.flatMap((e) => (e.roles ? [[absolute(e.url), e.roles] as const] : [])));
/** The signed-in user's role, as the pages say it: their files are stored first and alone make the device ready. */
let role: string | undefined;
const forRole = (url: string) => role === undefined || (onlyFor.get(url)?.includes(role) ?? true);

const precache = new PrecacheController({ plugins: [{ cacheDidUpdate: () => tellPages() }] });
precache.addToCacheList(shellEntries);
const cacheName = precache.strategy.cacheName;
const everyFile = new Set([...precache.getURLsToCacheKeys().values(), ...rest]);

/** Counted in the cache, not as they land: a worker the browser stopped and started again starts from nothing. */
async function progress(): Promise<PrecacheProgress> {
  const keys = await (await caches.open(cacheName)).keys();
  const stored = keys.filter((k) => everyFile.has(k.url) && forRole(k.url)).length;
  return { type: PRECACHE_PROGRESS, stored, total: [...everyFile].filter(forRole).length };
}

async function tellPages() {
  const [pages, now] = await Promise.all([
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
    progress(),
  ]);
  for (const page of pages) page.postMessage(now);
}

/** Downloads at once: as many as a browser opens to one host. */
const PARALLEL_DOWNLOADS = 6;

/** Fetches with `each` the files `next` gives, a few at a time, until it gives none. */
async function inParallel(next: () => string | undefined, each: (url: string) => Promise<unknown>) {
  const worker = async () => {
    for (let url = next(); url !== undefined; url = next()) await each(url).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
}

const inOrder = (urls: readonly string[]) => {
  let i = 0;
  return () => urls[i++];
};

/**
 * Workbox stores the files one after another (workbox issue 2528), so on a weak signal each waits out its own round
 * trip. Fetched here first, a few at a time, the shell's hashed files are in the browser's HTTP cache, kept a year,
 * when Workbox asks for them. A failed fetch is Workbox's to report when it asks again.
 */
const fetchAhead = () =>
  inParallel(
    inOrder(shellEntries.flatMap((e) => (typeof e !== 'string' && e.revision === null ? [e.url] : []))),
    (url) => fetch(url).then((res) => res.arrayBuffer()),
  );

/**
 * Stores the files of the rest not stored yet; a file that fails waits for the next time a page asks. First the
 * signed-in user's role's files, what every role needs first (a page has said the role by then, or it counts them
 * all), then the others: the role's files have the link to themselves, so "Ready offline" waits for no other bytes.
 */
async function storeMissing() {
  const cache = await caches.open(cacheName);
  const stored = new Set((await cache.keys()).map((k) => k.url));
  const store = async (url: string) => {
    const res = await fetch(url);
    if (!res.ok) return;
    await cache.put(url, res);
    stored.add(url);
    await tellPages();
  };
  const order = storeOrder(
    [...rest].filter((url) => !stored.has(url)),
    (url) => !onlyFor.has(url),
    forRole,
  );
  await inParallel(order.nextOfRole, store);
  await inParallel(order.nextOther, store);
}

let storing: Promise<void> | undefined;
const storeRest = () => (storing ??= storeMissing().finally(() => (storing = undefined)));

/**
 * Only this worker once activated stores the rest: its activation drops from the cache what it does not list, which
 * would take what it stored while installing or activating.
 */
const isActive = () =>
  !self.registration.installing &&
  !self.registration.waiting &&
  self.registration.active?.scriptURL === self.location.href &&
  self.registration.active.state === 'activated';

self.addEventListener('install', (event) => {
  event.waitUntil(fetchAhead());
  void precache.install(event);
});
// not in the activate's waitUntil: the pages' requests wait until it ends; the pages ask again to keep it going
self.addEventListener('activate', (event) => {
  const activated = precache.activate(event);
  event.waitUntil(activated);
  void activated.then(storeRest);
});
cleanupOutdatedCaches();
registerRoute(new PrecacheRoute(precache));
registerRoute(
  ({ url }) => rest.has(url.href),
  async ({ request }) => (await caches.match(request.url, { cacheName })) ?? fetch(request),
);
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
  if (!isAsked(event.data)) return;
  role = event.data.role ?? role;
  event.waitUntil(progress().then((now) => event.source?.postMessage(now)));
  if (isActive()) event.waitUntil(storeRest());
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
