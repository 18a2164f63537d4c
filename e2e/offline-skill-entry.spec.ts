import { expect, test, type Page } from '@playwright/test';
import { allChangesSent, apiAs, signIn, waitForServiceWorker } from './helpers.ts';

async function openSkillEntry(page: Page) {
  await page.goto('/ems/skill-entry');
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  await expect(page.getByLabel('Student').locator('option')).not.toHaveCount(1);
  await page.getByLabel('Student').selectOption({ index: 1 });
  return page.getByLabel('Student').inputValue();
}

async function recordFirstSkill(page: Page, percent: number, notes = '') {
  await page.locator('main ul li button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Update Skill Progress' });
  await dialog.getByLabel('Progress %').fill(String(percent));
  await dialog.getByLabel('Total Attempts').fill('3');
  await dialog.getByLabel('Successful Attempts').fill('2');
  await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Save Progress' }).click();
  await expect(dialog).toBeHidden();
}

test('a preceptor records progress offline; it survives an offline reload and reaches the server once', async ({ page, context, request }) => {
  await signIn(page, 'preceptor');
  const studentId = await openSkillEntry(page);
  await waitForServiceWorker(page);
  const firstCard = page.locator('main ul li button').first();
  await expect(page.getByTestId('pending-count')).toHaveText('All changes saved');

  const note = `recorded offline ${Date.now()}`;
  await context.setOffline(true);
  await recordFirstSkill(page, 70, note);
  await expect(page.getByText('Skill progress updated successfully')).toBeVisible();
  await expect(firstCard).toContainText('70%');
  await expect(firstCard).toContainText('Pending sync');
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await page.getByLabel('Student').selectOption(studentId);
  await expect(firstCard).toContainText('70%');
  await expect(firstCard).toContainText('Pending sync');

  await context.setOffline(false);
  await allChangesSent(page);
  await expect(firstCard).not.toContainText('Pending sync');

  const api = await apiAs(request, 'director');
  const rows = await (await api.get(`/api/student-skills?studentId=${studentId}`)).json();
  const recorded = rows.filter((r: { notes: string | null }) => r.notes === note);
  expect(recorded).toHaveLength(1);
  expect(recorded[0]).toMatchObject({ progressPercentage: 70, attempts: 3, successfulAttempts: 2 });
});

test('two people editing the same student converge on the last write to reach the server', async ({ browser }) => {
  const preceptor = await browser.newPage();
  const instructor = await browser.newPage();
  await signIn(preceptor, 'preceptor');
  await signIn(instructor, 'instructor');
  const studentA = await openSkillEntry(preceptor);
  const studentB = await openSkillEntry(instructor);
  expect(studentA).toBe(studentB);

  await recordFirstSkill(preceptor, 40);
  await allChangesSent(preceptor);
  await recordFirstSkill(instructor, 85);
  await allChangesSent(instructor);

  for (const page of [preceptor, instructor]) {
    await page.reload();
    await page.getByLabel('Student').selectOption(studentA);
    await expect(page.locator('main ul li button').first()).toContainText('85%');
  }
  await preceptor.close();
  await instructor.close();
});
