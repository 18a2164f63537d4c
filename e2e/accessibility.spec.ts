import { expect, test } from '@playwright/test';

import type { Role } from '../schema/enums.ts';
import { seriousViolations, signIn } from './helpers.ts';

/** Each route, with the roles that use it (every role can open every screen; these are the ones it is for). */
const ROUTES: { path: string; roles: Role[] }[] = [
  { path: '/', roles: ['student', 'preceptor', 'director'] },
  { path: '/ems/competency-tracker', roles: ['student', 'instructor'] },
  { path: '/ems/skill-entry', roles: ['preceptor', 'instructor'] },
  { path: '/fire/competency-tracker', roles: ['instructor', 'director'] },
  { path: '/police/competency-tracker', roles: ['director'] },
  { path: '/students', roles: ['instructor', 'director'] },
  { path: '/instructors', roles: ['administration', 'director'] },
  { path: '/clinical-sites', roles: ['student', 'director'] },
  { path: '/documents', roles: ['instructor', 'director'] },
  { path: '/audit-trail', roles: ['director'] },
  { path: '/reports/progress', roles: ['instructor', 'director'] },
  { path: '/reports/compliance', roles: ['director'] },
  { path: '/reports/graduation', roles: ['administration'] },
  { path: '/data-management', roles: ['administration', 'instructor'] },
  { path: '/student-management', roles: ['instructor'] },
  { path: '/clinical-management', roles: ['clinical_coordinator', 'student'] },
  { path: '/accreditation-management', roles: ['director'] },
  { path: '/messages', roles: ['student', 'preceptor'] },
  { path: '/profile', roles: ['student'] },
  { path: '/program-management', roles: ['director'] },
  { path: '/requests', roles: ['student', 'preceptor'] },
  { path: '/request-management', roles: ['clinical_coordinator'] },
];

test('the landing and sign-in pages have no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

/** One sign-in per role, then its screens in turn: a page load reads the device's data instead of a fresh sign-in. */
const ROLES_SEEN = [...new Set(ROUTES.flatMap((r) => r.roles))];
for (const role of ROLES_SEEN) {
  test(`no serious or critical accessibility violation on the ${role}'s screens`, async ({ page }) => {
    const paths = ROUTES.filter((r) => r.roles.includes(role)).map((r) => r.path);
    test.setTimeout(20_000 * paths.length);
    await signIn(page, role);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}

test('a drawn chart, hidden from screen readers beside its table, holds nothing that takes the focus', async ({
  page,
}) => {
  await signIn(page, 'director');
  await page.goto('/police/competency-tracker');
  // the chart's code loads after the screen: checked once it is drawn, not before
  await expect(page.getByTestId('dor-chart').locator('svg').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a program's Requirements dialog has no serious or critical accessibility violation", async ({ page }) => {
  await signIn(page, 'director');
  await page.goto('/program-management');
  await page
    .getByRole('button', { name: /^Requirements of Paramedic/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Save minimums' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Patient contacts' }).click();
  await expect(page.getByRole('button', { name: 'Save contact rules' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the student's home on a phone, with the install offer, has no serious or critical accessibility violation", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'student');
  await expect(page.getByRole('link', { name: 'Upcoming shifts', exact: true })).toBeVisible();
  await page.evaluate(() =>
    window.dispatchEvent(
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      }),
    ),
  );
  await expect(page.getByRole('button', { name: 'Not now' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
