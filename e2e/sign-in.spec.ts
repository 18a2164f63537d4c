import { expect, test } from '@playwright/test';

import { DEMO_PASSWORD } from '../playwright.config.ts';
import { ROLE_LABELS, ROLES } from '../schema/enums.ts';
import { roleDisplay } from '../schema/user.ts';
import { HOME_HEADING } from './helpers.ts';

test('the landing page leads to the sign-in screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Public Safety Training Platform' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In to Platform' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

for (const role of ROLES) {
  test(`a newcomer signs in as the demo ${role} and out again`, async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: ROLE_LABELS[role], exact: true }).click();
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('main').getByRole('heading', { name: HOME_HEADING })).toBeVisible();
    await expect(page.getByRole('banner').getByText(roleDisplay(role), { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();
  });
}

test('a wrong password shows the reason and stays on the sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('director@demo.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});
