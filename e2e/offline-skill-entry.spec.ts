import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { SAVED_OFFLINE } from '../schema/messages.ts';
import { TAP_BOUNCE_MS } from '../web/features/skill-entry/tap-bounce.ts';
import { allChangesSent, apiAs, signIn, waitUntilReadyOffline } from './helpers.ts';

interface Summary {
  skillId: string;
  attempts: number;
  successfulAttempts: number;
  status: string;
  notes: string | null;
}

/** Opens skill entry on the given student, or the first one; answers the student's id. */
async function openSkillEntry(page: Page, studentId?: string) {
  await page.goto('/ems/skill-entry');
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  await expect(page.getByLabel('Student').locator('option')).not.toHaveCount(1);
  await page.getByLabel('Student').selectOption(studentId ?? { index: 1 });
  await expect(page.getByRole('button', { name: /^Details: / }).first()).toBeVisible();
  return page.getByLabel('Student').inputValue();
}

/** The first skill card of the list: its name, and its figures. */
async function firstSkill(page: Page) {
  const details = page.getByRole('button', { name: /^Details: / }).first();
  const name = (await details.getAttribute('aria-label'))!.replace(/^Details: /, '');
  return { name, card: details.locator('..') };
}

const summaryOf = async (api: APIRequestContext, studentId: string, skillId: string) =>
  ((await (await api.get(`/api/student-skills?studentId=${studentId}&skillId=${skillId}`)).json()) as Summary[])[0];

async function skillIdOf(api: APIRequestContext, name: string) {
  const skills = (await (await api.get('/api/skills?programType=ems')).json()) as { id: string; name: string }[];
  return skills.find((s) => s.name === name)!.id;
}

async function tap(page: Page, skill: string, outcome: 'Successful' | 'Unsuccessful', times = 1) {
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name: `${outcome}: ${skill}`, exact: true }).click();
    // deliberate taps: a second within the bounce window on the same button is the same tap
    if (i < times - 1) await page.waitForTimeout(TAP_BOUNCE_MS);
  }
}

test('a preceptor logs an attempt offline with one tap; it survives an offline reload and reaches the server once', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, 'preceptor');
  const studentId = await openSkillEntry(page);
  await waitUntilReadyOffline(page);
  await expect(page.getByTestId('pending-count')).toHaveText('All changes saved');
  const { name, card } = await firstSkill(page);
  const api = await apiAs(request, 'director');
  const skillId = await skillIdOf(api, name);
  const before = (await summaryOf(api, studentId, skillId))?.attempts ?? 0;

  await context.setOffline(true);
  await tap(page, name, 'Successful');
  // nothing has left the device yet: the toast says so
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  await expect(card).toContainText(`of ${before + 1} successful`);
  await expect(card).toContainText('Pending sync');
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await page.getByLabel('Student').selectOption(studentId);
  await expect((await firstSkill(page)).card).toContainText(`of ${before + 1} successful`);

  await context.setOffline(false);
  await allChangesSent(page);
  await expect((await firstSkill(page)).card).not.toContainText('Pending sync');
  expect((await summaryOf(api, studentId, skillId)).attempts).toBe(before + 1);
});

test('two people offline log 3 and 4 attempts at the same skill of the same student: after both sync, both show all 7', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const preceptorDevice = await browser.newContext();
  const instructorDevice = await browser.newContext();
  const preceptor = await preceptorDevice.newPage();
  const instructor = await instructorDevice.newPage();
  await signIn(preceptor, 'preceptor');
  await signIn(instructor, 'instructor');
  const studentId = await openSkillEntry(preceptor);
  await openSkillEntry(instructor, studentId);
  // the preceptor's device has the app in two tabs: both queue into one outbox
  const secondTab = await preceptorDevice.newPage();
  await openSkillEntry(secondTab, studentId);
  const { name } = await firstSkill(preceptor);
  const api = await apiAs(request, 'director');
  const skillId = await skillIdOf(api, name);
  const before = (await summaryOf(api, studentId, skillId))?.attempts ?? 0;

  await Promise.all([waitUntilReadyOffline(preceptor), waitUntilReadyOffline(instructor)]);
  await preceptorDevice.setOffline(true);
  await instructorDevice.setOffline(true);
  await tap(preceptor, name, 'Successful', 2);
  await tap(secondTab, name, 'Unsuccessful');
  await tap(instructor, name, 'Successful', 4);
  await expect((await firstSkill(instructor)).card).toContainText(`of ${before + 4} successful`);

  await instructorDevice.setOffline(false);
  await allChangesSent(instructor);
  await preceptorDevice.setOffline(false);
  await Promise.all([allChangesSent(preceptor), allChangesSent(secondTab)]);

  expect((await summaryOf(api, studentId, skillId)).attempts).toBe(before + 7);
  for (const page of [preceptor, instructor]) {
    await page.reload();
    await openSkillEntry(page, studentId);
    await expect((await firstSkill(page)).card).toContainText(`of ${before + 7} successful`);
  }
  await preceptorDevice.close();
  await instructorDevice.close();
});

test('conflicting status edits made offline: the later save stands everywhere, and the other device says so', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const preceptorDevice = await browser.newContext();
  const instructorDevice = await browser.newContext();
  const preceptor = await preceptorDevice.newPage();
  const instructor = await instructorDevice.newPage();
  await signIn(preceptor, 'preceptor');
  await signIn(instructor, 'instructor');
  const studentId = await openSkillEntry(preceptor);
  await openSkillEntry(instructor, studentId);
  // the dialog's code loads when first opened: offline, the service worker serves it
  await Promise.all([waitUntilReadyOffline(preceptor), waitUntilReadyOffline(instructor)]);
  const { name } = await firstSkill(preceptor);

  const setStatus = async (page: Page, status: string) => {
    await page.getByRole('button', { name: `Details: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Skill Progress' });
    await dialog.getByRole('tab', { name: 'Assessment' }).click();
    await dialog.getByLabel('Status').selectOption(status);
    await dialog.getByRole('button', { name: 'Save Progress' }).click();
    await expect(dialog).toBeHidden();
  };
  await preceptorDevice.setOffline(true);
  await instructorDevice.setOffline(true);
  await setStatus(preceptor, 'needs_improvement');
  // saved later, synced first: it must still win over the earlier save that arrives after it
  await setStatus(instructor, 'completed');
  await instructorDevice.setOffline(false);
  await allChangesSent(instructor);
  await preceptorDevice.setOffline(false);
  await allChangesSent(preceptor);

  const api = await apiAs(request, 'director');
  expect((await summaryOf(api, studentId, await skillIdOf(api, name))).status).toBe('completed');
  await expect((await firstSkill(preceptor)).card).toContainText('Completed');
  const notice = preceptor.getByRole('status').filter({ hasText: 'was not kept' });
  await expect(notice).toContainText(`Your change to Status on `);
  await expect(notice).toContainText(`${name} was not kept: Irene Okafor's later change`);
  await instructor.reload();
  await openSkillEntry(instructor, studentId);
  await expect((await firstSkill(instructor)).card).toContainText('Completed');
  await expect(instructor.getByText('was not kept')).toHaveCount(0);
  await preceptorDevice.close();
  await instructorDevice.close();
});
