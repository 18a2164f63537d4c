import { expect, test } from '@playwright/test';

import { FIRE_DEMO_EMAILS } from '../api/seed/fire-demo.ts';
import { cosignTotp } from '../schema/cosign.ts';
import { allChangesSent, apiAsAccount, signInAs, waitUntilReadyOffline } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('offline on the candidate phone: the candidate starts the book, the evaluator signs a JPR with their code, the tracker shows it', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  // the evaluator's own phone shows codes from the secret its sign-in carries
  const { user: evaluator } = await apiAsAccount(request, FIRE_DEMO_EMAILS.evaluator);

  await signInAs(page, FIRE_DEMO_EMAILS.candidate);
  await page.goto('/fire/task-book');
  await waitUntilReadyOffline(page);
  await context.setOffline(true);

  await page.getByRole('button', { name: 'Start task book' }).click();
  await expect(page.getByText('In progress')).toBeVisible();
  const firstJpr = page.getByRole('list', { name: 'JPRs' }).getByRole('listitem').first();
  await firstJpr.getByRole('button', { name: 'Sign JPR' }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel('Evaluator name').fill('Rosa Diaz');
  await sheet.getByLabel('Evaluator ID').fill('FD-2042');
  await sheet.getByLabel('Evaluator sign-in e-mail').fill(FIRE_DEMO_EMAILS.evaluator);
  await sheet
    .getByLabel("Co-sign code from the evaluator's phone")
    .fill(cosignTotp(evaluator.cosignSecret!).generate({ timestamp: Date.now() }));
  await sheet.getByLabel("Or type the evaluator's full name to sign").fill('Rosa Diaz');
  await sheet.getByRole('button', { name: 'Sign JPR' }).click();
  await expect(sheet).toBeHidden();
  await expect(firstJpr).toContainText('Signed');
  await expect(page.getByText('Task book: 1 / 30 JPRs signed')).toBeVisible();

  await context.setOffline(false);
  await allChangesSent(page);

  const staff = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staffPage = await staff.newPage();
  await signInAs(staffPage, FIRE_DEMO_EMAILS.evaluator);
  await staffPage.goto('/fire/competency-tracker');
  // the innermost block holding both the candidate's name and their task book line: their card
  const card = staffPage
    .locator('div', { has: staffPage.getByRole('heading', { name: 'Riley Carter' }) })
    .filter({ hasText: 'Task book:' })
    .last();
  await expect(card).toContainText('Task book: 1 / 30 JPRs signed');
  await expect(card).toContainText('In progress');
  // the candidate's line opens that candidate's book, not the first of the list
  await card.getByRole('link', { name: 'Open task book' }).click();
  await expect(staffPage.getByRole('heading', { name: 'Riley Carter', level: 3 })).toBeVisible();
  await expect(staffPage.getByText('Task book: 1 / 30 JPRs signed')).toBeVisible();
  await staff.close();
});
