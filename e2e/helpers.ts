import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { BASE_URL, DEMO_PASSWORD } from '../playwright.config.ts';

/** The home's heading: staff see their dashboard, a student My progress. */
export const HOME_HEADING = /^(Welcome back, .*|My progress)$/;

/**
 * Signs the page's browser in as the demo `role` and opens the home screen. The session comes from the sign-in call
 * the form makes (the page's request client shares its cookies); the form itself is tested in sign-in.spec.ts, and
 * skipping its page load here saves about a second per test.
 */
export async function signIn(page: Page, role: string) {
  const res = await asFromOurPages(page.request).post('/api/login', {
    data: { email: `${role}@demo.test`, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('heading', { name: HOME_HEADING })).toBeVisible();
}

/**
 * Resolves once the header says this device is ready offline, as a user in the field waits for: the service worker
 * controls the page and has stored every part of the app, so no screen or write needs the network to load.
 */
export async function waitUntilReadyOffline(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return Boolean(navigator.serviceWorker.controller);
  });
  await expect(page.getByTestId('offline-readiness')).toHaveText('Ready offline', { timeout: 30_000 });
}

const SENDS_BODY = new Set(['post', 'put', 'patch', 'delete', 'fetch']);

/** The client sending `Origin` with every write, as the app's pages do: the server refuses signed-in writes without. */
function asFromOurPages(request: APIRequestContext): APIRequestContext {
  return new Proxy(request, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (typeof name !== 'string' || !SENDS_BODY.has(name)) return value.bind(target);
      return (url: string, options: { headers?: Record<string, string> } = {}) =>
        value.call(target, url, { ...options, headers: { origin: BASE_URL, ...options.headers } });
    },
  });
}

/** The server's view, through a separate signed-in API client (it ignores the page's offline emulation). */
export async function apiAs(request: APIRequestContext, role: string) {
  const client = asFromOurPages(request);
  const res = await client.post('/api/login', { data: { email: `${role}@demo.test`, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return client;
}

/**
 * Resolves once every change queued on this device has reached the server: the signed-in user's outbox in IndexedDB
 * is empty (a change is in the outbox before its toast shows, so this cannot pass before it is sent), and the
 * indicator agrees.
 */
export async function allChangesSent(page: Page) {
  await page.waitForFunction(
    async () => {
      const user = JSON.parse(localStorage.getItem('training-records:user') ?? 'null') as { id: string } | null;
      if (!user) return false;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`training-records-${user.id}`);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (!db.objectStoreNames.contains('outbox')) return false;
        const count = await new Promise<number>((resolve) => {
          const req = db.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => resolve(req.result);
        });
        return count === 0;
      } finally {
        db.close();
      }
    },
    undefined,
    { timeout: 20_000, polling: 250 },
  );
  await expect(page.getByTestId('pending-count')).toHaveText('All changes saved', { timeout: 20_000 });
  await allRecordsHere(page);
}

/**
 * Resolves once the device holds every record the user may see. A first sync comes in pages: the device holds them
 * all once a sync round has ended and no page is awaited (reports built on the device wait for it too).
 */
export async function allRecordsHere(page: Page) {
  const status = page.getByRole('status', { name: 'Sync status' });
  await expect(status.getByText(/^Synced /)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('first-sync')).toBeHidden({ timeout: 20_000 });
}

/** Signs the page's browser in as any account with the demo password (one a test made), and opens the home screen. */
export async function signInAs(page: Page, email: string) {
  const res = await asFromOurPages(page.request).post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('heading', { name: HOME_HEADING })).toBeVisible();
}

/** A separate signed-in API client for any account with the demo password, and that account's sign-in answer. */
export async function apiAsAccount(request: APIRequestContext, email: string) {
  const client = asFromOurPages(request);
  const res = await client.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return { api: client, user: (await res.json()) as { id: string; cosignSecret: string | null } };
}

/** axe's serious and critical WCAG 2.1 A/AA violations on the page as it stands, one line each. */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')})`,
    );
}
