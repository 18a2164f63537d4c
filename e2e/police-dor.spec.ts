import { expect, type Page, test } from '@playwright/test';

import { POLICE_DEMO_EMAILS } from '../api/seed/police-demo.ts';
import { DOR_MSG, SAVED_OFFLINE } from '../schema/messages.ts';
import { allChangesSent, apiAsAccount, signInAs, waitUntilReadyOffline } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Draws a stroke in the signature box, as a finger would. */
async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Your signature' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await page.mouse.move(box.x + 200, box.y + 50, { steps: 8 });
  await page.mouse.up();
}

test('an FTO completes a DOR offline in a patrol car, the trainee acknowledges it, a supervisor reviews it offline', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, POLICE_DEMO_EMAILS.fto);
  await page.goto('/police/dors');
  await expect(page.getByRole('heading', { name: 'Daily Observation Reports', level: 2 })).toBeVisible();
  await waitUntilReadyOffline(page);

  await context.setOffline(true);
  await page.getByLabel('Shift start').fill('07:00');
  await page.getByRole('button', { name: 'New report' }).click();
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to the list' })).toBeVisible();
  await page.getByLabel('Assignment').fill('Patrol, district 2');
  await page.getByLabel('Narrative').fill('Calm and thorough at a two-car collision.');
  // every category rated; a 2 without its comment is refused on the phone, with the rule's message
  const selects = page.locator('select[name^="ratings."]');
  for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption('4');
  await page.locator('select[name="ratings.dor19-report-organization-details.rating"]').selectOption('2');
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText(DOR_MSG.commentRequired(2))).toBeVisible();
  await page.getByLabel('Comment on Report Writing: Organization/Details').fill('Left out the second driver.');
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByRole('button', { name: 'Save report' })).toBeDisabled();

  await drawSignature(page);
  await page.getByLabel(/I observed this trainee/).check();
  await page.getByRole('button', { name: 'Complete and sign' }).click();
  await expect(page.getByText('Completed: awaiting trainee').first()).toBeVisible();
  await expect(page.getByText('Pending sync').first()).toBeVisible();

  await context.setOffline(false);
  await allChangesSent(page);
  const reportId = new URL(page.url()).searchParams.get('id')!;

  const trainee = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await trainee.newPage();
  await signInAs(phone, POLICE_DEMO_EMAILS.recruit);
  await phone.goto(`/police/dors?id=${reportId}`);
  await expect(phone.getByText('Completed: awaiting trainee')).toBeVisible();
  await expect(phone.getByLabel('Narrative')).toHaveValue('Calm and thorough at a two-car collision.');
  await drawSignature(phone);
  await phone.getByLabel(/I have read this report/).check();
  await phone.getByRole('button', { name: 'Acknowledge and sign' }).click();
  await expect(phone.getByText('Acknowledged: awaiting review')).toBeVisible();
  await allChangesSent(phone);
  await trainee.close();

  // the supervisor reviews at the station with no signal, signing with their name typed
  const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const sergeant = await desk.newPage();
  await signInAs(sergeant, POLICE_DEMO_EMAILS.supervisor);
  await sergeant.goto(`/police/dors?id=${reportId}`);
  await expect(sergeant.getByText('Acknowledged: awaiting review')).toBeVisible();
  await waitUntilReadyOffline(sergeant);
  await desk.setOffline(true);
  await sergeant.getByRole('button', { name: 'Type your name instead of drawing' }).click();
  await sergeant.getByLabel('Signature: type your full name').fill('Frank Torres');
  await sergeant.getByLabel(/I have reviewed this report/).check();
  await sergeant.getByRole('button', { name: 'Review and sign' }).click();
  await expect(sergeant.getByText(DOR_MSG.typedNotSigner)).toBeVisible();
  await sergeant.getByLabel('Signature: type your full name').fill('Maria Delgado');
  await sergeant.getByRole('button', { name: 'Review and sign' }).click();
  await expect(sergeant.getByText('Reviewed', { exact: true }).first()).toBeVisible();
  await desk.setOffline(false);
  await allChangesSent(sergeant);
  await desk.close();

  const { api } = await apiAsAccount(request, POLICE_DEMO_EMAILS.supervisor);
  const reports = (await (await api.get('/api/dors')).json()) as { id: string; status: string; ratings: object }[];
  expect(reports.find((r) => r.id === reportId)).toMatchObject({
    status: 'reviewed',
    ratings: { 'dor19-report-organization-details': { rating: 2, comment: 'Left out the second driver.' } },
    signatures: { review: { signature: { kind: 'typed', name: 'Maria Delgado' } } },
  });
});

test('an FTO and a supervisor edit one DOR offline on two phones: both converge, the losing text kept', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, POLICE_DEMO_EMAILS.fto);
  await page.goto('/police/dors');
  await page.getByLabel('Shift start').fill('15:00');
  await page.getByRole('button', { name: 'New report' }).click();
  await page.getByLabel('Assignment').fill('Patrol, district 4');
  await page.getByRole('button', { name: 'Save report' }).click();
  await allChangesSent(page);
  const reportUrl = page.url();

  const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const sergeant = await desk.newPage();
  await signInAs(sergeant, POLICE_DEMO_EMAILS.supervisor);
  await sergeant.goto(reportUrl);
  await expect(sergeant.getByLabel('Assignment')).toHaveValue('Patrol, district 4');
  await waitUntilReadyOffline(page);
  await waitUntilReadyOffline(sergeant);

  await context.setOffline(true);
  await desk.setOffline(true);
  await page.getByLabel('Narrative').fill('Slow to call in the plate.');
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  await sergeant.getByLabel('Narrative').fill('Good officer safety on the stop.');
  await sergeant.getByRole('button', { name: 'Save report' }).click();
  await expect(sergeant.getByText(SAVED_OFFLINE)).toBeVisible();

  // the supervisor's later edit reaches the server last
  await context.setOffline(false);
  await allChangesSent(page);
  await desk.setOffline(false);
  await allChangesSent(sergeant);
  await page.reload();
  for (const phone of [page, sergeant]) {
    await expect(phone.getByLabel('Narrative')).toHaveValue('Good officer safety on the stop.');
    const notice = phone.getByText('Edits a later save stood over').locator('..');
    await expect(notice).toContainText("Frank Torres's Narrative was replaced by Maria Delgado's later edit");
    await expect(notice.getByText('Slow to call in the plate.')).toBeVisible();
  }
  await desk.close();
});
