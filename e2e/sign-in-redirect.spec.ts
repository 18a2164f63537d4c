import { expect, test } from '@playwright/test';

import { BASE_URL, DEMO_PASSWORD } from '../playwright.config.ts';
import { signIn } from './helpers.ts';

/** `next` as an attacker writes it into a link: each one something a browser could read as another site. */
const HOSTILE_NEXT = [
  '/%5Cevil.example/phish',
  '/%09/evil.example',
  '/%0A/evil.example',
  '%20//evil.example',
  '//evil.example',
  '%5C%5Cevil.example',
  '/%2E//evil.example',
  'https:evil.example',
  'http://evil.example/',
  'javascript:alert(document.domain)',
];

test("after sign-in a hostile next stays on our origin, from the server's link and from the sign-in screen", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.route(
    (url) => url.hostname === 'evil.example',
    (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Phished</h1>' }),
  );
  for (const entry of ['/api/login', '/login']) {
    for (const next of HOSTILE_NEXT) {
      await page.goto(`${entry}?next=${next}`);
      await page.getByLabel('Email').fill('student@demo.test');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
      expect(new URL(page.url()).origin, `${entry}?next=${next}`).toBe(BASE_URL);
    }
  }
});

test('Logout signs out by POST, and the server has ended the session', async ({ page }) => {
  await signIn(page, 'student');
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout');
  await page.getByRole('link', { name: 'Logout' }).click();
  expect((await request).method()).toBe('POST');
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
