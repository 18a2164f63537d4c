import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../playwright.config.ts';
import { SAVED_OFFLINE } from '../schema/messages.ts';
import { apiAs, signIn, waitUntilReadyOffline } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const card = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).locator('xpath=ancestor::section[1]');

test("the student's home answers how far they are from graduating, offline, with the server's figures", async ({
  page,
  context,
  request,
}) => {
  const api = await apiAs(request, 'student');
  const [report] = (await (await api.get('/api/reports/progress')).json()) as {
    skillsCompleted: number;
    skillsTotal: number;
    clinicalHours: number;
    requiredHours: number;
    unverifiedAttempts: number;
  }[];
  const me = (await (await api.get('/api/auth/session')).json()) as { user: { id: string } };
  const messages = (await (await api.get('/api/messages')).json()) as { recipientId: string; isRead: boolean }[];
  const unread = messages.filter((m) => m.recipientId === me.user.id && !m.isRead).length;

  await signIn(page, 'student');
  await expect(page.getByTestId('offline-readiness')).toHaveText('Ready offline', { timeout: 20_000 });
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My progress', level: 2 })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  await expect(card(page, 'Skills')).toContainText(`${report.skillsCompleted} of ${report.skillsTotal}`);
  await expect(card(page, 'Hours')).toContainText(`${report.clinicalHours} of ${report.requiredHours} h required`);
  const waiting = card(page, 'Waiting for a preceptor');
  if (report.unverifiedAttempts > 0)
    await expect(waiting.getByText('Attempts awaiting verification').locator('..')).toContainText(
      String(report.unverifiedAttempts),
    );
  else await expect(waiting).toContainText(/verified|0/);
  await expect(card(page, 'Messages')).toContainText(`${unread} unread`);

  await page.getByRole('link', { name: 'Patient contacts (SMC)' }).click();
  await expect(page.getByRole('heading', { name: 'Patient contacts and hours (SMC)' })).toBeInViewport();
  await context.setOffline(false);
});

test('before the app is stored, a screen that cannot load says so in place; the field screens still open', async ({
  browser,
}) => {
  // a device whose service worker has not taken over yet: the first seconds after the first sign-in
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, 'preceptor');
  await expect(page.getByTestId('offline-readiness')).toContainText('Field screens ready offline', { timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await context.setOffline(true);
  await expect(page.getByTestId('offline-readiness')).toHaveText(
    'Field screens work offline; other screens need a connection the first time',
  );

  await page.getByRole('button', { name: 'Schedule Evaluation' }).click();
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  await page.getByRole('tab', { name: 'Real-Time Tracker' }).click();
  await page.getByLabel('Student').selectOption({ index: 1 });
  await page
    .getByRole('button', { name: /^Details: / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  // a write still saves: the writes' code came with the field screens
  await page
    .getByRole('button', { name: /^Successful: / })
    .first()
    .click();
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This screen is not stored on this device yet: it needs a connection the first time. Nothing you entered is lost.',
  );
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Document Management', level: 2 })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('the header search keeps what is typed while it loads', async ({ page }) => {
  await signIn(page, 'director');
  await page.reload();
  const search = page.getByRole('combobox', { name: 'Search' }).or(page.getByRole('textbox', { name: 'Search' }));
  await search.first().pressSequentially('Grace', { delay: 30 });
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('Grace', { timeout: 15_000 });
});

test('signing out with no signal ends the session on the device at once, and on the server once back online', async ({
  page,
  context,
  playwright,
}) => {
  await signIn(page, 'student');
  await waitUntilReadyOffline(page);
  const session = (await context.cookies()).find((c) => c.httpOnly)!;
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();

  await context.setOffline(false);
  const probe = await playwright.request.newContext({ baseURL: page.url() });
  await expect
    .poll(async () => {
      const res = await probe.get('/api/auth/session', { headers: { cookie: `${session.name}=${session.value}` } });
      return ((await res.json()) as { user: unknown }).user;
    })
    .toBeNull();
  await probe.dispose();
});

test('the landing and sign-in pages load without an error in the console (no failing session probe)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(errors).toEqual([]);
});

test('when the session ends with a form open, the user signs in again over it and the draft is kept', async ({
  page,
  context,
}) => {
  await signIn(page, 'student');
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Compose' }).click();
  const compose = page.getByRole('dialog', { name: 'Compose New Message' });
  await compose.getByLabel('Subject').fill('Half-typed question');

  // the session is revoked elsewhere; the device learns it when it next syncs
  const revoke = await page.request.post('/api/logout', { headers: { origin: new URL(page.url()).origin } });
  expect(revoke.status()).toBe(204);
  await context.setOffline(true);
  await context.setOffline(false);

  const ended = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(ended).toContainText('Everything saved on this device is safe');
  await ended.getByLabel('Password').fill(DEMO_PASSWORD);
  await ended.getByRole('button', { name: 'Sign in again' }).click();
  await expect(ended).toBeHidden();
  await expect(compose.getByLabel('Subject')).toHaveValue('Half-typed question');
  await expect(page).toHaveURL(/\/messages$/);
});
