import { expect, test, type Page } from '@playwright/test';
import { allChangesSent, apiAs, signIn, waitForServiceWorker } from './helpers.ts';

const skillCards = (page: Page) => page.locator('main ul li button');

async function openStudent(page: Page, studentId?: string) {
  await page.goto('/ems/skill-entry');
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  await expect(page.getByLabel('Student').locator('option')).not.toHaveCount(1);
  if (studentId) await page.getByLabel('Student').selectOption(studentId);
  else await page.getByLabel('Student').selectOption({ index: 1 });
  await expect(skillCards(page).nth(2)).toBeVisible();
  return page.getByLabel('Student').inputValue();
}

async function record(page: Page, skill: number, percent: number, notes: string) {
  await skillCards(page).nth(skill).click();
  const dialog = page.getByRole('dialog', { name: 'Update Skill Progress' });
  await dialog.getByLabel('Progress %').fill(String(percent));
  await dialog.getByLabel('Total Attempts').fill('2');
  await dialog.getByLabel('Successful Attempts').fill('1');
  await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Save Progress' }).click();
  await expect(dialog).toBeHidden();
}

test('one preceptor in two tabs and on a second device, all offline, then all back at once: each change once, the same data everywhere', async ({ browser, request }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const tab1 = await laptop.newPage();
  await signIn(tab1, 'preceptor');
  const studentId = await openStudent(tab1);
  await waitForServiceWorker(tab1);
  const tab2 = await laptop.newPage();
  await openStudent(tab2, studentId);
  const device2 = await phone.newPage();
  await signIn(device2, 'preceptor');
  await openStudent(device2, studentId);
  await waitForServiceWorker(device2);

  const run = Date.now();
  const notes = [`tab one ${run}`, `tab two ${run}`, `second device ${run}`];
  await laptop.setOffline(true);
  await phone.setOffline(true);
  await record(tab1, 0, 50, notes[0]);
  await record(tab2, 1, 60, notes[1]);
  await record(device2, 2, 70, notes[2]);
  // the same skill changed offline on both devices: the write that reaches the server last wins everywhere
  await record(tab2, 3, 20, `laptop ${run}`);
  await record(device2, 3, 90, `phone ${run}`);
  await expect(tab1.getByTestId('pending-count')).toHaveText('3 pending');

  await Promise.all([laptop.setOffline(false), phone.setOffline(false)]);
  await Promise.all([allChangesSent(tab1), allChangesSent(tab2), allChangesSent(device2)]);

  const api = await apiAs(request, 'director');
  const rows = (await (await api.get(`/api/student-skills?studentId=${studentId}`)).json()) as { skillId: string; notes: string | null; progressPercentage: number }[];
  for (const note of notes) expect(rows.filter((r) => r.notes === note), note).toHaveLength(1);
  const bySkill = new Map(rows.map((r) => [r.skillId, r]));
  expect(bySkill.size).toBe(rows.length);
  const shared = rows.find((r) => r.notes === `laptop ${run}` || r.notes === `phone ${run}`)!;

  for (const page of [tab1, tab2, device2]) {
    await page.reload();
    await openStudent(page, studentId);
    await expect(skillCards(page).nth(0)).toContainText('50%');
    await expect(skillCards(page).nth(1)).toContainText('60%');
    await expect(skillCards(page).nth(2)).toContainText('70%');
    await expect(skillCards(page).nth(3)).toContainText(`${shared.progressPercentage}%`);
  }
  await laptop.close();
  await phone.close();
});
