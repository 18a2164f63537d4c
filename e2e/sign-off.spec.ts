import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SMTP_PORT } from '../playwright.config.ts';
import { allChangesSent, apiAs, signIn, waitUntilReadyOffline } from './helpers.ts';

/** The test's own mail server: the app under test sends to it (SMTP_URL in playwright.config.ts). */
const inbox: { to: string; text: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    simpleParser(stream)
      .then((mail) => {
        inbox.push({ to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '', text: mail.text ?? '' });
        done();
      })
      .catch(done);
  },
});
test.beforeAll(() => new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve)));
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

interface Summary {
  skillId: string;
  attempts: number;
  pendingAttempts: number;
}

async function drawSignature(page: Page) {
  const box = (await page.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 80);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 20 + i * 12, box.y + 80 - Math.sin(i / 2) * 30);
  await page.mouse.up();
}

test.use({ viewport: { width: 390, height: 844 } });

test('a preceptor signs a shift on the student phone offline; the mailed link confirms it and the attempts count', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await apiAs(request, 'student');
  const [own] = (await (await api.get('/api/students')).json()) as { id: string }[];
  const contact = await api.post('/api/patient-contacts', {
    data: {
      studentId: own.id,
      date: new Date().toISOString().slice(0, 10),
      setting: 'field',
      ageYears: 54,
      gender: 'female',
      chiefComplaints: ['Chest pain'],
      primaryImpression: 'ACS',
      teamLead: true,
      careLevel: 'als',
      disposition: 'transported',
    },
  });
  expect(contact.ok()).toBe(true);

  await signIn(page, 'student');
  await page.goto('/ems/skill-entry');
  await waitUntilReadyOffline(page);
  const details = page.getByRole('button', { name: /^Details: / }).first();
  await expect(details).toBeVisible();
  const skill = (await details.getAttribute('aria-label'))!.replace(/^Details: /, '');
  const skills = (await (await api.get('/api/skills?programType=ems')).json()) as { id: string; name: string }[];
  const skillId = skills.find((s) => s.name === skill)!.id;
  const figures = async () =>
    ((await (await api.get(`/api/student-skills?studentId=${own.id}&skillId=${skillId}`)).json()) as Summary[])[0];
  const before = (await figures()) ?? { attempts: 0, pendingAttempts: 0 };

  await context.setOffline(true);
  for (const outcome of ['Successful', 'Successful', 'Unsuccessful']) {
    await page.getByRole('button', { name: `${outcome}: ${skill}`, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Sign-offs' }).click();
  await page.getByRole('button', { name: /^Ask preceptor to sign \(/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Ask preceptor to sign (4)' }).click();
  await page.getByLabel(/^Preceptor name/).fill('Sam Rivera');
  await page.getByRole('combobox', { name: /^Credential/ }).selectOption('Paramedic');
  await page.getByLabel(/^Credential number/).fill('NRP 123456');
  await page.getByLabel(/^Agency/).fill('County EMS');
  await page.getByLabel(/^E-mail or phone/).fill('sam.rivera@county-ems.example');
  await page.getByLabel(/I directly observed/).check();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByRole('article', { name: /by Sam Rivera/ })).toContainText('Awaiting confirmation');
  await expect(page.getByTestId('pending-count')).toHaveText('4 pending');

  await context.setOffline(false);
  await allChangesSent(page);
  await expect.poll(() => inbox.length, { timeout: 15_000 }).toBe(1);
  expect(inbox[0].to).toBe('sam.rivera@county-ems.example');
  expect(await figures()).toMatchObject({
    attempts: before.attempts,
    pendingAttempts: before.pendingAttempts + 3,
  });

  const url = /https?:\/\/\S+\/sign-off\/[\w-]+/.exec(inbox[0].text)![0];
  const preceptor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const link = await preceptor.newPage();
  await link.goto(url);
  await expect(link.getByText(`${skill}, unsuccessful, lab`)).toBeVisible();
  await link.getByRole('button', { name: 'Confirm' }).click();
  await expect(link.getByText('The sign-off is confirmed')).toBeVisible();
  expect(await figures()).toMatchObject({ attempts: before.attempts + 3, pendingAttempts: before.pendingAttempts });
  await expect(page.getByRole('article', { name: /by Sam Rivera/ })).toContainText('Confirmed by preceptor', {
    timeout: 40_000,
  });

  await link.reload();
  await expect(link.getByText('This link was already used')).toBeVisible();
  await preceptor.close();
});
