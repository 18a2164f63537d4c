import { expect, type Page, test } from '@playwright/test';

import { FIRE_DEMO_EMAILS } from '../api/seed/fire-demo.ts';
import { cosignTotp } from '../schema/cosign.ts';
import { allChangesSent, apiAsAccount, signInAs, waitUntilReadyOffline } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** The first JPR of the book not yet attempted, and its sheet filled in by the evaluator Rosa Diaz. */
function nextJpr(page: Page) {
  return page.getByRole('list', { name: 'JPRs' }).getByRole('listitem').filter({ hasText: 'Not attempted' }).first();
}
async function fillSheet(page: Page) {
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel('Evaluator name').fill('Rosa Diaz');
  await sheet.getByLabel('Evaluator ID').fill('FD-2042');
  await sheet.getByLabel("Or type the evaluator's full name to sign").fill('Rosa Diaz');
  return sheet;
}

test('offline on both phones: the evaluator signs a JPR on the candidate phone with their code and on their own, the tracker shows it', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // the evaluator's own phone shows codes from the secret its sign-in carries
  const { user: evaluator } = await apiAsAccount(request, FIRE_DEMO_EMAILS.evaluator);

  // the demo candidate's book: 8 of 30 JPRs signed over three weeks
  await signInAs(page, FIRE_DEMO_EMAILS.candidate);
  await page.goto('/fire/task-book');
  await expect(page.getByText('Task book: 8 / 30 JPRs signed')).toBeVisible();
  await waitUntilReadyOffline(page);
  await context.setOffline(true);

  const jpr = nextJpr(page);
  const jprName = (await jpr.locator('span').first().textContent())!;
  await jpr.getByRole('button', { name: 'Sign JPR' }).click();
  const sheet = await fillSheet(page);
  await sheet.getByLabel('Evaluator sign-in e-mail').fill(FIRE_DEMO_EMAILS.evaluator);
  await sheet
    .getByLabel("Co-sign code from the evaluator's phone")
    .fill(cosignTotp(evaluator.cosignSecret!).generate({ timestamp: Date.now() }));
  await sheet.getByRole('button', { name: 'Sign JPR' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: jprName })).toContainText('Signed');
  await expect(page.getByText('Task book: 9 / 30 JPRs signed')).toBeVisible();

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
  await expect(card).toContainText('Task book: 9 / 30 JPRs signed');
  await expect(card).toContainText('In progress');
  // the candidate's line opens that candidate's book, not the first of the list
  await card.getByRole('link', { name: 'Open task book' }).click();
  await expect(staffPage.getByRole('heading', { name: 'Riley Carter', level: 3 })).toBeVisible();
  await expect(staffPage.getByText('Task book: 9 / 30 JPRs signed')).toBeVisible();

  // on the evaluator's own phone, offline: no code, the account signing is theirs
  await waitUntilReadyOffline(staffPage);
  await staff.setOffline(true);
  await nextJpr(staffPage).getByRole('button', { name: 'Sign JPR' }).click();
  const own = await fillSheet(staffPage);
  await expect(own.getByLabel("Co-sign code from the evaluator's phone")).toHaveCount(0);
  await own.getByRole('button', { name: 'Sign JPR' }).click();
  await expect(own).toBeHidden();
  await expect(staffPage.getByText('Task book: 10 / 30 JPRs signed')).toBeVisible();
  await staff.setOffline(false);
  await allChangesSent(staffPage);
  await staff.close();

  // the candidate's phone receives it
  await page.reload();
  await expect(page.getByText('Task book: 10 / 30 JPRs signed')).toBeVisible();
});
