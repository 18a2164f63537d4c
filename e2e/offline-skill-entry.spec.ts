import { expect, test, type Page } from '@playwright/test';
import { allChangesSent, apiAs, signIn, waitForServiceWorker } from './helpers.ts';

const skillCards = (page: Page) => page.locator('main ul li button');

/** Opens skill entry on the given student, or the first one; answers the student's id. */
async function openSkillEntry(page: Page, studentId?: string) {
  await page.goto('/ems/skill-entry');
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  await expect(page.getByLabel('Student').locator('option')).not.toHaveCount(1);
  await page.getByLabel('Student').selectOption(studentId ?? { index: 1 });
  await expect(skillCards(page).first()).toBeVisible();
  return page.getByLabel('Student').inputValue();
}

async function recordSkill(page: Page, skill: number, percent: number, notes = '') {
  await skillCards(page).nth(skill).click();
  const dialog = page.getByRole('dialog', { name: 'Update Skill Progress' });
  await dialog.getByLabel('Progress %').fill(String(percent));
  await dialog.getByLabel('Total Attempts').fill('3');
  await dialog.getByLabel('Successful Attempts').fill('2');
  await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Save Progress' }).click();
  await expect(dialog).toBeHidden();
}

test('a preceptor records progress offline; it survives an offline reload and reaches the server once', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, 'preceptor');
  const studentId = await openSkillEntry(page);
  await waitForServiceWorker(page);
  const firstCard = page.locator('main ul li button').first();
  await expect(page.getByTestId('pending-count')).toHaveText('All changes saved');

  const note = `recorded offline ${Date.now()}`;
  await context.setOffline(true);
  await recordSkill(page, 0, 70, note);
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

  await recordSkill(preceptor, 0, 40);
  await allChangesSent(preceptor);
  await recordSkill(instructor, 0, 85);
  await allChangesSent(instructor);

  for (const page of [preceptor, instructor]) {
    await page.reload();
    await page.getByLabel('Student').selectOption(studentA);
    await expect(page.locator('main ul li button').first()).toContainText('85%');
  }
  await preceptor.close();
  await instructor.close();
});

test('one preceptor in two tabs and on a second device, all offline, then all back at once: each change once, the same data everywhere', async ({
  browser,
  request,
}) => {
  // three browser contexts with their own service workers: on a busy 2-core machine 30 s is not enough to load them
  test.setTimeout(90_000);
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const tab1 = await laptop.newPage();
  await signIn(tab1, 'preceptor');
  const studentId = await openSkillEntry(tab1);
  await waitForServiceWorker(tab1);
  const tab2 = await laptop.newPage();
  await openSkillEntry(tab2, studentId);
  const device2 = await phone.newPage();
  await signIn(device2, 'preceptor');
  await openSkillEntry(device2, studentId);
  await waitForServiceWorker(device2);

  const run = Date.now();
  const notes = [`tab one ${run}`, `tab two ${run}`, `second device ${run}`];
  await laptop.setOffline(true);
  await phone.setOffline(true);
  await recordSkill(tab1, 0, 50, notes[0]);
  await recordSkill(tab2, 1, 60, notes[1]);
  await recordSkill(device2, 2, 70, notes[2]);
  // the same skill changed offline on both devices: the write that reaches the server last wins everywhere
  await recordSkill(tab2, 3, 20, `laptop ${run}`);
  await recordSkill(device2, 3, 90, `phone ${run}`);
  await expect(tab1.getByTestId('pending-count')).toHaveText('3 pending');

  await Promise.all([laptop.setOffline(false), phone.setOffline(false)]);
  await Promise.all([allChangesSent(tab1), allChangesSent(tab2), allChangesSent(device2)]);

  const api = await apiAs(request, 'director');
  const rows = (await (await api.get(`/api/student-skills?studentId=${studentId}`)).json()) as {
    skillId: string;
    notes: string | null;
    progressPercentage: number;
  }[];
  for (const note of notes)
    expect(
      rows.filter((r) => r.notes === note),
      note,
    ).toHaveLength(1);
  const bySkill = new Map(rows.map((r) => [r.skillId, r]));
  expect(bySkill.size).toBe(rows.length);
  const shared = rows.find((r) => r.notes === `laptop ${run}` || r.notes === `phone ${run}`)!;

  for (const page of [tab1, tab2, device2]) {
    await page.reload();
    await openSkillEntry(page, studentId);
    await expect(skillCards(page).nth(0)).toContainText('50%');
    await expect(skillCards(page).nth(1)).toContainText('60%');
    await expect(skillCards(page).nth(2)).toContainText('70%');
    await expect(skillCards(page).nth(3)).toContainText(`${shared.progressPercentage}%`);
  }
  await laptop.close();
  await phone.close();
});
