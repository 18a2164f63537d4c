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
  await expect(visible).toHaveAttribute('placeholder', 'Search students, courses, standards...');
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
  const preceptorApi = await apiAs(request, 'preceptor');
  const me = (await (await preceptorApi.get('/api/auth/session')).json()) as { user: { id: string } };
  // other specs message this preceptor too, in parallel: the server's unread count is the reference
  const unreadOnServer = async () => {
    const messages = (await (await preceptorApi.get('/api/messages')).json()) as {
      recipientId: string;
      isRead: boolean;
    }[];
    return messages.filter((m) => m.recipientId === me.user.id && !m.isRead).length;
  };
  const bell = page.getByRole('button', { name: /^Notifications: / });
  const before = await unreadOnServer();
  const director = await apiAs(request, 'director');
  const sent = await director.post('/api/messages', {
    data: { recipientId: me.user.id, subject: `Shift swap ${Date.now()}`, content: 'Can you cover Friday?' },
  });
  expect(sent.ok()).toBe(true);
  await page.reload();
  let shown = 0;
  // a message another spec sends after the reload's pull comes with the 30 s pull
  await expect
    .poll(
      async () => {
        shown = Number((await bell.getAttribute('aria-label'))!.replace('Notifications: ', ''));
        return shown > before && shown === (await unreadOnServer());
      },
      { timeout: 40_000 },
    )
    .toBe(true);
  await bell.click();
  await expect(page.getByRole('menuitem', { name: `${shown} unread message${shown === 1 ? '' : 's'}` })).toBeVisible();
});
