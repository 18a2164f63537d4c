import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../playwright.config.ts';

export async function signIn(page: Page, role: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(`${role}@demo.test`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
}

/** Resolves once the service worker controls the page, so it can serve the app with no network. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return Boolean(navigator.serviceWorker.controller);
  });
}

/** The server's view, through a separate signed-in API client (it ignores the page's offline emulation). */
export async function apiAs(request: APIRequestContext, role: string) {
  const res = await request.post('/api/login', { data: { email: `${role}@demo.test`, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return request;
}
