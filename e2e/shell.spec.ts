import { expect, test } from '@playwright/test';
import { allChangesSent, apiAs, signIn } from './helpers.ts';

test('on a phone the sidebar is a drawer whose links navigate and close it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'preceptor');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  for (const group of ['MAIN MODULES', 'MANAGEMENT', 'ACCOUNT', 'REPORTS'])
    await expect(drawer.getByText(group, { exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: /EMS Training/ })).toContainText('CoAEMSP');
  await drawer.getByRole('link', { name: 'Students' }).click();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student Management');
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});

test('the header search finds a student on the device and opens the students screen with it', async ({ page }) => {
  await signIn(page, 'director');
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search' }).first();
  const visible = (await search.isVisible()) ? search : page.getByRole('combobox', { name: 'Search' }).last();
  await allChangesSent(page);
  const students = (await (await (await apiAs(page.request, 'director')).get('/api/students')).json()) as {
    firstName: string;
    lastName: string;
    studentId: string;
  }[];
  const target = students[0];
  await visible.fill(target.lastName);
  await page
    .getByRole('option', { name: new RegExp(`${target.firstName} ${target.lastName}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/students\\?q=${target.studentId}`));
});

test('the notification badge counts unread messages from data', async ({ page, request }) => {
  await signIn(page, 'preceptor');
  await allChangesSent(page);
  const bell = page.getByRole('button', { name: /^Notifications: / });
  const before = Number((await bell.getAttribute('aria-label'))!.replace('Notifications: ', ''));
  const director = await apiAs(request, 'director');
  const users = (await (await director.get('/api/users')).json()) as { id: string; email: string }[];
  const preceptor = users.find((u) => u.email === 'preceptor@demo.test')!;
  const sent = await director.post('/api/messages', {
    data: { recipientId: preceptor.id, subject: `Shift swap ${Date.now()}`, content: 'Can you cover Friday?' },
  });
  expect(sent.ok()).toBe(true);
  await page.reload();
  await expect(bell).toHaveAttribute('aria-label', `Notifications: ${before + 1}`);
  await bell.click();
  await expect(
    page.getByRole('menuitem', { name: `${before + 1} unread message${before + 1 === 1 ? '' : 's'}` }),
  ).toBeVisible();
});
