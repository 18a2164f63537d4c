import { expect, test } from '@playwright/test';

import { ROLES } from '../schema/enums.ts';
import { HOME_HEADING, signIn } from './helpers.ts';

/** Every part-1 screen, with the heading it shows once its data is read from the device. */
const SCREENS = [
  { path: '/', heading: HOME_HEADING },
  { path: '/ems/competency-tracker', heading: 'CoAEMSP Competency Matrix' },
  { path: '/ems/skill-entry', heading: 'EMS Skill Entry & Tracking' },
  { path: '/fire/competency-tracker', heading: 'Fire Skills by Student' },
  { path: '/police/competency-tracker', heading: 'Police Skills by Student' },
  { path: '/students', heading: 'Student Management' },
  { path: '/instructors', heading: 'Instructor Management' },
  { path: '/clinical-sites', heading: 'Clinical Sites' },
  { path: '/documents', heading: 'Document Management' },
];

for (const role of ROLES) {
  test(`every part-1 screen renders for the ${role} without a script error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // a screen reads only what the role may read: a request the server refuses is a console error and wasted signal
    const refused: string[] = [];
    page.on('response', (r) => r.status() === 403 && refused.push(`${r.request().method()} ${r.url()}`));
    await signIn(page, role);
    for (const { path, heading } of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2, name: heading }).first(), `${path} for ${role}`).toBeVisible();
      await expect(page.getByText('Unauthorized')).toHaveCount(0);
    }
    await page.goto('/audit-trail');
    await expect(page.getByText(/^(Audit Trail|Access Restricted)$/).first()).toBeVisible();
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
  });
}
