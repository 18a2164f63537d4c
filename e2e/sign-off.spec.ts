import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

import { SAVED_OFFLINE } from '../schema/messages.ts';
import { SIGN_OFF_STATUS_LABELS } from '../schema/sign-off.ts';
import { TAP_BOUNCE_MS } from '../web/features/skill-entry/tap-bounce.ts';
import { allChangesSent, signInAs, waitUntilReadyOffline } from './helpers.ts';
import {
  askToSign,
  clientAs,
  drawSignature,
  firstSkill,
  logAttempts,
  logContact,
  mailedLink,
  newStudent,
  openFromMenu,
  preceptorNamed,
  signOnPhone,
  siteListsPreceptor,
  startInbox,
  stopInbox,
  type TestStudent,
  unique,
} from './sign-off-fixtures.ts';

test.beforeAll(startInbox);
test.afterAll(stopInbox);
test.use({ viewport: { width: 390, height: 844 } });

/** The value of a My progress figure: its label is a term, its value the definition after it. */
const progressFigure = (page: Page, label: string) =>
  page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');

/** Log Patient Contact on the EMS tracker, as the student fills it in. */
async function logContactOnScreen(page: Page) {
  await openFromMenu(page, 'EMS Training');
  await page.getByRole('button', { name: 'Log Patient Contact' }).click();
  const form = page.getByRole('dialog', { name: 'Log Patient Contact' });
  await form.getByLabel('Age (years)').fill('54');
  await form.getByLabel('Gender').selectOption('female');
  await form.getByLabel('Primary impression').selectOption('ACS');
  await form.getByRole('checkbox', { name: 'Chest pain' }).check();
  await form.getByRole('checkbox', { name: 'The student was team lead' }).check();
  await form.getByRole('button', { name: 'Log Contact' }).click();
  await expect(form).toBeHidden();
}

test('offline, a student logs a shift and a preceptor signs it on their phone; the mailed link confirms it and the counts turn verified', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(60_000);
  const director = await clientAs('director@demo.test');
  const student = await newStudent(director.api, unique('Shift'));
  await director.dispose();
  const preceptor = preceptorNamed('Sam Rivera', `${unique('sam.rivera')}@county-ems.example`);
  await siteListsPreceptor(preceptor);

  await signInAs(page, student.email);
  await page.goto('/ems/skill-entry');
  await waitUntilReadyOffline(page);
  const skill = await firstSkill(page);
  await expect(skill.card).toContainText('No attempts yet');

  await context.setOffline(true);
  for (const outcome of ['Successful', 'Successful', 'Unsuccessful']) {
    await page.getByRole('button', { name: `${outcome}: ${skill.name}`, exact: true }).click();
    // two deliberate taps, not one that bounced
    await page.waitForTimeout(TAP_BOUNCE_MS);
  }
  await expect(skill.card).toContainText('3 awaiting verification');
  await logContactOnScreen(page);
  await expect(page.getByText(SAVED_OFFLINE).first()).toBeVisible();
  await openFromMenu(page, 'Sign-offs');
  await signOnPhone(page, 4, preceptor);
  const signOff = page.getByRole('article', { name: `Sign-off of ${student.name} by Sam Rivera` });
  await expect(signOff).toContainText(SIGN_OFF_STATUS_LABELS.awaiting);
  await expect(page.getByTestId('pending-count')).toHaveText('5 pending');
  await openFromMenu(page, 'My progress');
  await expect(progressFigure(page, 'Attempts awaiting verification')).toHaveText('3');
  await expect(progressFigure(page, 'Sign-offs awaiting confirmation')).toHaveText('1');

  await context.setOffline(false);
  await allChangesSent(page);
  const link = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const linkPage = await link.newPage();
  await linkPage.goto(await mailedLink(preceptor.contact));
  await expect(linkPage.getByText(`${skill.name}, unsuccessful, lab`)).toBeVisible();
  await expect(linkPage.getByText(/patient contact, 54 y female, ACS, team lead/)).toBeVisible();
  await linkPage.getByRole('button', { name: 'Confirm' }).click();
  await expect(linkPage.getByText('The sign-off is confirmed')).toBeVisible();
  await link.close();

  // the student opens the app again: it syncs at start
  await page.goto('/');
  await expect(page.getByText('Everything you logged is verified.')).toBeVisible();
  await openFromMenu(page, 'Sign-offs');
  await expect(signOff).toContainText(SIGN_OFF_STATUS_LABELS.confirmed);
  await page.goto('/ems/skill-entry');
  await expect(skill.card).toContainText('2 of 3 successful');
  await expect(skill.card).not.toContainText('awaiting verification');
});

/** Counts what the preceptor does on the phone: each tap, and each character typed. */
function preceptorHands(page: Page) {
  const counted = { taps: 0, characters: 0, strokes: 0 };
  return {
    counted,
    tap: async (target: Locator) => {
      counted.taps++;
      await target.click();
    },
    type: async (field: Locator, text: string) => {
      counted.taps++;
      counted.characters += text.length;
      await field.fill(text);
    },
    choose: async (select: Locator, option: string) => {
      counted.taps += 2;
      await select.selectOption(option);
    },
    sign: async () => {
      counted.strokes++;
      await drawSignature(page);
    },
  };
}

/** An axe finding a user would hit: serious or critical. */
const serious = (v: { impact?: string | null }) => v.impact === 'serious' || v.impact === 'critical';

/** A shift of five records the student logged: four attempts and a patient contact. */
async function shiftOfFive(api: APIRequestContext, student: TestStudent) {
  const skills = (await (await api.get('/api/skills?programType=ems')).json()) as { id: string }[];
  await logAttempts(api, student.id, skills[0].id, ['successful', 'successful', 'successful', 'unsuccessful']);
  await logContact(api, student.id);
}

test('a preceptor signs a shift of five records on the student phone, offline, in a timed count of taps', async ({
  page,
  context,
}) => {
  const director = await clientAs('director@demo.test');
  const student = await newStudent(director.api, unique('Five'));
  await director.dispose();
  const own = await clientAs(student.email);
  await shiftOfFive(own.api, student);
  await signInAs(page, student.email);
  await page.goto('/sign-offs');
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  await askToSign(page, 5);
  await expect(page.getByText('You are signing 5 records:')).toBeVisible();

  const hands = preceptorHands(page);
  const started = Date.now();
  await hands.type(page.getByLabel(/^Preceptor name/), 'Sam Rivera');
  await hands.choose(page.getByRole('combobox', { name: /^Credential/ }), 'Paramedic');
  await hands.type(page.getByLabel(/^Credential number/), 'NRP 123456');
  await hands.type(page.getByLabel(/^Agency/), 'County EMS');
  await hands.type(page.getByLabel(/^E-mail or phone/), 'sam.rivera@county-ems.example');
  await hands.tap(page.getByLabel(/I directly observed/));
  await hands.sign();
  await hands.tap(page.getByRole('button', { name: 'Sign', exact: true }));
  await expect(page.getByRole('dialog')).toBeHidden();
  const seconds = (Date.now() - started) / 1000;
  const { taps, characters, strokes } = hands.counted;
  console.log(
    `sign-off timing: 5 records signed in ${seconds.toFixed(1)} s, ${taps} taps, ${characters} characters typed, ${strokes} signature stroke`,
  );
  await expect(page.getByRole('article', { name: /by Sam Rivera$/ })).toContainText('4 attempts, 1 patient contact');

  await context.setOffline(false);
  await allChangesSent(page);
  const stored = (await (await own.api.get('/api/sign-offs')).json()) as { status: string; records: unknown[] }[];
  expect(stored.map((s) => [s.status, s.records.length])).toEqual([['awaiting', 5]]);
  await expect(page.getByRole('button', { name: /need attention/ })).toBeHidden();
  await mailedLink('sam.rivera@county-ems.example');
  await own.dispose();
});

test('a repeat contact in 4 taps and a repeat preceptor in 4 taps plus the signature, offline', async ({
  page,
  context,
}) => {
  const director = await clientAs('director@demo.test');
  const student = await newStudent(director.api, unique('Repeat'));
  await director.dispose();
  const own = await clientAs(student.email);
  await logContact(own.api, student.id);
  await own.dispose();
  await signInAs(page, student.email);
  await page.goto('/sign-offs');
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  // the preceptor's first sign-off on this phone: typed in full
  await signOnPhone(page, 1, preceptorNamed('Pat Nguyen', 'pat.nguyen@county-ems.example'));

  await openFromMenu(page, 'EMS Training');
  const contact = preceptorHands(page);
  await contact.tap(page.getByRole('button', { name: 'Log Patient Contact' }));
  const form = page.getByRole('dialog', { name: 'Log Patient Contact' });
  await contact.type(form.getByLabel('Age (years)'), '61');
  await contact.tap(form.getByRole('button', { name: 'ACS · Chest pain' }));
  expect(
    (
      await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze()
    ).violations.filter(serious),
  ).toEqual([]);
  await contact.tap(form.getByRole('button', { name: 'Log Contact' }));
  await expect(form).toBeHidden();
  expect(contact.counted.taps).toBe(4);

  await openFromMenu(page, 'Sign-offs');
  await page.getByRole('button', { name: 'Ask preceptor to sign (1 unsigned)' }).click();
  const signing = preceptorHands(page);
  await signing.tap(page.getByRole('dialog').getByRole('button', { name: 'Ask preceptor to sign (1)' }));
  await signing.tap(page.getByRole('button', { name: 'Pat Nguyen, Paramedic, County EMS' }));
  await signing.tap(page.getByLabel(/I directly observed/));
  await signing.sign();
  expect(
    (
      await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze()
    ).violations.filter(serious),
  ).toEqual([]);
  await signing.tap(page.getByRole('button', { name: 'Sign', exact: true }));
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(signing.counted).toEqual({ taps: 4, characters: 0, strokes: 1 });
  await expect(page.getByRole('article', { name: /by Pat Nguyen$/ }).first()).toBeVisible();
});

test('Back closes the contact form and stays; a reload keeps what was typed; a typed-name signature passes axe', async ({
  page,
}) => {
  const director = await clientAs('director@demo.test');
  const student = await newStudent(director.api, unique('Back'));
  await director.dispose();
  const own = await clientAs(student.email);
  await logContact(own.api, student.id);
  await own.dispose();
  await signInAs(page, student.email);
  await openFromMenu(page, 'EMS Training');
  const screenUrl = page.url();
  await page.getByRole('button', { name: 'Log Patient Contact' }).click();
  const form = page.getByRole('dialog', { name: 'Log Patient Contact' });
  await form.getByLabel('Age (years)').fill('47');
  await page.goBack();
  await expect(form).toBeHidden();
  expect(page.url()).toBe(screenUrl);
  await page.reload();
  await page.getByRole('button', { name: 'Log Patient Contact' }).click();
  await expect(form.getByText(/Draft restored/)).toBeVisible();
  await expect(form.getByLabel('Age (years)')).toHaveValue('47');

  await page.goBack();
  await openFromMenu(page, 'Sign-offs');
  await askToSign(page, 1);
  await page.getByRole('button', { name: 'Type your name instead of drawing' }).click();
  await expect(page.getByLabel(/^Signature: type your full name/)).toBeVisible();
  expect(
    (
      await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze()
    ).violations.filter(serious),
  ).toEqual([]);
});
