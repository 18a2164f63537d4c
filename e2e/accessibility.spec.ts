import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Role } from '../schema/enums.ts';
import { signIn } from './helpers.ts';

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

async function seriousViolations(page: import('@playwright/test').Page) {
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

test('the landing and sign-in pages have no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const { path, roles } of ROUTES) {
  for (const role of roles) {
    test(`no serious or critical accessibility violation on ${path} for the ${role}`, async ({ page }) => {
      test.setTimeout(60_000);
      await signIn(page, role);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
