/**
 * Issue 15's proof at 390x844 with touch, beside phone-first.spec.ts: queued writes kept over an offline sign-out,
 * readiness shown while the app is stored, a lazily loaded part that cannot load, the layout of every menu screen, the
 * progress sheet, the papercuts and the install hint.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { DEMO_PASSWORD } from '../playwright.config.ts';
import type { Role } from '../schema/enums.ts';
import { FIGURES } from '../schema/figures.ts';
import { MSG, SAVED_OFFLINE } from '../schema/messages.ts';
import { plural } from '../schema/plural.ts';
import { TOTAL_HOURS_LABEL } from '../schema/reports.ts';
import { navGroupsFor } from '../web/features/shell/navigation.ts';
import { allChangesSent, allRecordsHere, apiAs, signIn, waitUntilReadyOffline } from './helpers.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(PHONE);

/** Opens skill entry on the first student offered; answers the first skill card's name. */
async function openSkillEntry(page: Page) {
  // the page may still be settling (the service worker taking over) when the test navigates: a navigation it aborts is
  // tried once more, as a user's second tap would
  await page.goto('/ems/skill-entry').catch(() => page.goto('/ems/skill-entry'));
  await expect(page.getByLabel('Student').locator('option')).not.toHaveCount(1);
  await page.getByLabel('Student').selectOption({ index: 1 });
  const details = page.getByRole('button', { name: /^Details: / }).first();
  await expect(details).toBeVisible();
  return (await details.getAttribute('aria-label'))!.replace(/^Details: /, '');
}

async function skillIdOf(api: APIRequestContext, name: string) {
  const skills = (await (await api.get('/api/skills?programType=ems')).json()) as { id: string; name: string }[];
  return skills.find((s) => s.name === name)!.id;
}

/** How many attempts the server holds for the student at the skill. */
async function attemptsOnServer(api: APIRequestContext, studentId: string, skillId: string) {
  const res = await api.get(`/api/skill-attempts?studentId=${studentId}&skillId=${skillId}`);
  return ((await res.json()) as unknown[]).length;
}

const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const samePage = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere);

test('signing out with no signal keeps the queued attempt; it reaches the server once at the next sign-in', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, 'preceptor');
  const skill = await openSkillEntry(page);
  const studentId = await page.getByLabel('Student').inputValue();
  await waitUntilReadyOffline(page);
  const api = await apiAs(request, 'director');
  const skillId = await skillIdOf(api, skill);
  const before = await attemptsOnServer(api, studentId, skillId);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Successful: ${skill}`, exact: true }).click();
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending');
  const warned = page.waitForEvent('dialog').then(async (d) => {
    await d.accept();
    return d.message();
  });
  await page.getByRole('link', { name: 'Logout' }).click();
  expect(await warned).toContain('1 change(s) on this device have not reached the server yet');
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Sign In to Platform' }).click();
  await page.getByLabel('Email').fill('preceptor@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => attemptsOnServer(api, studentId, skillId), { timeout: 20_000 }).toBe(before + 1);
  await allChangesSent(page);
  expect(await attemptsOnServer(api, studentId, skillId)).toBe(before + 1);
});

test('on a first sign-in the header shows how far the app is stored, then "Ready offline"', async ({
  page,
  context,
}) => {
  // a slow network for the service worker's downloads only: the app itself opens at the usual speed
  await context.route('**/*', async (route) => {
    if (route.request().serviceWorker()) await new Promise((resolve) => setTimeout(resolve, 15));
    await route.fallback();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { readinessSeen: string[] }).readinessSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="offline-readiness"]')?.textContent;
      if (text && text !== seen.at(-1)) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await signIn(page, 'student');
  await expect(page.getByTestId('offline-readiness')).toHaveText('Ready offline', { timeout: 30_000 });

  const seen = await page.evaluate(() => (window as unknown as { readinessSeen: string[] }).readinessSeen);
  expect(seen[0]).toMatch(/^Preparing offline use… \d+ %$/);
  expect(seen.at(-1)).toBe('Ready offline');
  const preparing = seen.slice(0, -1);
  for (const text of preparing)
    expect(text).toMatch(/^(Preparing offline use…|Field screens ready offline · preparing the rest) \d+ %$/);
  const percents = preparing.map((text) => Number(/(\d+) %$/.exec(text)![1]));
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  expect(percents.at(-1)).toBeGreaterThan(percents[0]);
});

test('as soon as the service worker takes over after a first sign-in, a reload with no signal opens the app', async ({
  page,
  context,
}) => {
  // the rest of the app never arrives: the worker must take over with the app shell alone
  await context.route(/\/(screens|desk)-[\w-]+\.js$/, (route) =>
    route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback(),
  );
  await signIn(page, 'student');
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 20_000 });
  await expect(page.getByTestId('offline-readiness')).toHaveText(
    /^(Preparing offline use…|Field screens ready offline · preparing the rest) \d+ %$/,
  );

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: 'My progress', level: 2 })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await context.setOffline(false);
});

test('a student who loses signal right after "Ready offline" opens every screen of their menu', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'student');
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  const heading = page.getByRole('main').getByRole('heading', { level: 2 }).first();
  const notStored = page.getByText('This screen is not stored on this device yet', { exact: false });
  for (const { to } of navGroupsFor('student').flatMap((g) => g.items)) {
    const before = await heading.textContent();
    // a tap in the menu: the router loads the screen's code, which must come from the device
    if (to !== new URL(page.url()).pathname) {
      await page.evaluate((path) => history.pushState({}, '', path), to);
      await expect(heading, to).not.toHaveText(before!);
    }
    await expect(heading, to).toBeVisible();
    await expect(notStored, to).toHaveCount(0);
  }
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await context.setOffline(false);
});

test('before the app is stored, the progress form that cannot load says so in place and keeps the search typed', async ({
  browser,
}) => {
  // no service worker in control yet: the first seconds after the first sign-in
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  // the progress form comes in the field screens' file (vite.config.ts)
  await context.route(/\/field-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, 'preceptor');
  const skill = await openSkillEntry(page);
  await markPage(page);
  const search = page.getByLabel('Search skills');
  await search.fill(skill);
  await page.getByRole('button', { name: `Details: ${skill}`, exact: true }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'The progress form' });
  await expect(alert).toHaveText(/The progress form could not open\. Nothing you entered is lost\./);
  await expect(search).toHaveValue(skill);
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  expect(await samePage(page)).toBe(true);

  await context.unrouteAll();
  // the browser keeps a failed module fetch for the page's life (Chromium answers a second import() at once with
  // the same failure): with signal again, Try again opens a fresh page, where the form opens
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => samePage(page)).toBeUndefined();
  await openSkillEntry(page);
  await search.fill(skill);
  await page.getByRole('button', { name: `Details: ${skill}`, exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Update Skill Progress' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

/** The assessment form's Progress % as the server holds it for the student's skill. */
async function progressOverride(api: APIRequestContext, studentId: string, skillId: string) {
  const res = await api.get(`/api/student-skills?studentId=${studentId}&skillId=${skillId}`);
  return ((await res.json()) as { progressOverride: number | null }[])[0]?.progressOverride;
}

test('the progress sheet on a phone: the first skill is in sight, Save stays on screen, and Progress % takes whole numbers and clears to none', async ({
  page,
  request,
}) => {
  await signIn(page, 'preceptor');
  const skill = await openSkillEntry(page);
  const studentId = await page.getByLabel('Student').inputValue();
  const api = await apiAs(request, 'director');
  const skillId = await skillIdOf(api, skill);
  const details = page.getByRole('button', { name: `Details: ${skill}`, exact: true });

  const open = async () => {
    await details.click();
    const sheet = page.getByRole('dialog', { name: 'Update Skill Progress' });
    await sheet.getByRole('tab', { name: 'Assessment' }).click();
    return sheet;
  };
  const sheet = await open();
  const save = sheet.getByRole('button', { name: 'Save Progress' });
  await expect(save).toBeInViewport({ ratio: 1 });
  const percent = sheet.getByLabel('Progress %');
  await percent.fill('2.5');
  // the keyboard takes the lower half of the screen
  await page.setViewportSize({ width: 390, height: 450 });
  await expect(save).toBeInViewport({ ratio: 1 });
  await save.click();
  await expect(sheet.getByText(MSG.wholeNumber)).toBeVisible();
  await page.setViewportSize(PHONE.viewport);

  await percent.fill('40');
  await save.click();
  await expect(sheet).toBeHidden();
  await expect.poll(() => progressOverride(api, studentId, skillId), { timeout: 15_000 }).toBe(40);
  await open();
  await expect(percent).toHaveValue('40');
  await percent.clear();
  await save.click();
  await expect(sheet).toBeHidden();
  await expect.poll(() => progressOverride(api, studentId, skillId), { timeout: 15_000 }).toBeNull();

  // picked a student: the first skill card starts on the first screen, not a swipe below the picker
  const firstCard = page
    .getByRole('button', { name: /^Details: / })
    .first()
    .locator('xpath=ancestor::li[1]');
  await page.evaluate(() => window.scrollTo(0, 0));
  expect((await firstCard.boundingBox())!.y).toBeLessThan(PHONE.viewport.height);
});

test("a student's skill entry has the first card's outcome buttons on the first screen, with no picker of one", async ({
  page,
}) => {
  await signIn(page, 'student');
  await page.goto('/ems/skill-entry');
  const successful = page.getByRole('button', { name: /^Successful: / }).first();
  await expect(successful).toBeVisible();
  await expect(page.getByText(/^Student:/)).toBeVisible();
  await expect(page.getByLabel('Student')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const name of [/^Successful: /, /^Unsuccessful: /]) {
    const box = (await page.getByRole('button', { name }).first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.viewport.height);
  }
});

/** The screens the menu offers, as links: read from the menu itself. */
async function menuPaths(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link').first()).toBeVisible();
  const paths = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  await page.keyboard.press('Escape');
  return [...new Set(paths)];
}

/** What is wrong with the layout of the screen shown: a clipped title, a tab row running off with no cue. */
const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const title = document.querySelector('header h1')!;
    if (title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight)
      problems.push(`title "${title.textContent}" is cut off`);
    for (const tabs of document.querySelectorAll('[role=tablist]'))
      if (tabs.scrollWidth > tabs.clientWidth && !tabs.classList.contains('scroll-cue'))
        problems.push(`tab row "${tabs.textContent}" runs off the screen with no cue`);
    return problems;
  });

for (const role of ['director', 'student']) {
  test(`every screen in the ${role}'s menu fits a phone: whole titles, tab rows that show they scroll`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, role);
    const paths = await menuPaths(page);
    // the whole menu was read: every item this role's menu holds (the demo student is a paramedic: EMS screens only)
    const discipline = role === 'student' ? 'ems' : null;
    expect(paths).toHaveLength(navGroupsFor(role as Role, discipline).flatMap((g) => g.items).length);
    const problems: Record<string, string[]> = {};
    const heading = page.getByRole('main').getByRole('heading', { level: 2 }).first();
    for (const path of paths) {
      const before = await heading.textContent();
      // the router follows the address bar: a screen change without reloading the app, as a tap in the menu makes
      if (path !== new URL(page.url()).pathname) {
        await page.evaluate((to) => history.pushState({}, '', to), path);
        await expect(heading).not.toHaveText(before!);
      }
      await expect(heading).toBeVisible();
      const found = await layoutProblems(page);
      if (found.length) problems[path] = found;
    }
    expect(problems).toEqual({});
  });
}

test('deny with an empty reason is refused in Request Management, and the request stays pending', async ({
  page,
  request,
}) => {
  const director = await apiAs(request, 'director');
  const programName = `Deny Reason Academy ${Date.now().toString(36)}`;
  const program = (await (
    await director.post('/api/programs', { data: { name: programName, type: 'fire', duration: 2, requiredHours: 8 } })
  ).json()) as { id: string };
  const student = await apiAs(request, 'student');
  const filed = await student.post('/api/requests/program-join', {
    data: { programId: program.id, justification: 'I would like to join the academy.' },
  });
  expect(filed.ok()).toBe(true);
  const { id } = (await filed.json()) as { id: string };

  await signIn(page, 'clinical_coordinator');
  await page.goto('/request-management');
  const row = page.getByRole('listitem').filter({ hasText: programName });
  await row.getByRole('button', { name: 'Deny' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deny Request' });
  await dialog.getByLabel('Reason for denial').fill('   ');
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await expect(dialog.getByText(MSG.denyReasonRequired)).toBeVisible();
  await expect(dialog).toBeVisible();

  const coordinator = await apiAs(request, 'clinical_coordinator');
  const requests = (await (await coordinator.get('/api/requests/program-join')).json()) as {
    id: string;
    status: string;
  }[];
  expect(requests.find((r) => r.id === id)?.status).toBe('pending');
});

test('the graduation report names what it counts, and "About this figure" opens on the screen', async ({
  page,
  request,
}) => {
  const [student] = (await (await (await apiAs(request, 'student')).get('/api/students')).json()) as {
    firstName: string;
    lastName: string;
    totalHours: number;
    requiredHours: number;
  }[];
  await signIn(page, 'administration');
  await page.goto('/reports/graduation');
  const tiles = page.getByRole('region', { name: 'Graduation statistics' });
  await expect(tiles.getByText(FIGURES.graduatingThisMonth.name, { exact: true })).toBeVisible();
  // the hours shown are clinical plus field hours, and say so
  const name = `${student.firstName} ${student.lastName}`;
  const hours = page.getByRole('progressbar', { name: `${name} ${TOTAL_HOURS_LABEL.toLowerCase()}` }).locator('..');
  await expect(hours).toContainText(TOTAL_HOURS_LABEL);
  await expect(hours).toContainText(`${student.totalHours}/${student.requiredHours}`);

  await tiles.getByRole('button', { name: `About this figure: ${FIGURES.graduatingThisMonth.name}` }).tap();
  const about = page.getByText(FIGURES.graduatingThisMonth.about);
  await expect(about).toBeInViewport({ ratio: 1 });
  // checked by its box too: a panel running off the side widens a phone's page, and still counts as in view
  const box = (await about.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.viewport.width);
});

test('offline, saving hours, a patient contact or an assessment says it is saved on this phone, never "successfully"', async ({
  page,
  context,
}) => {
  await signIn(page, 'preceptor');
  await page.goto('/ems/competency-tracker');
  await waitUntilReadyOffline(page);
  // the app is stored before the first sync has brought the students: the saves below need them on the device
  await allRecordsHere(page);
  await context.setOffline(true);
  // each save's own toast: the ones shown before it are marked as read
  const toasts = page.locator('[data-sonner-toast]');
  const fresh = page.locator('[data-sonner-toast]:not([data-read])');
  const saving = () => toasts.evaluateAll((shown) => shown.forEach((t) => t.setAttribute('data-read', '')));
  const saysSavedOnPhone = async () => {
    await expect(fresh).toHaveCount(1);
    await expect(fresh).toContainText(SAVED_OFFLINE);
    await expect(fresh).not.toContainText(/successfully/i);
  };

  await page.getByLabel('Student').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Log Hours' }).click();
  const hours = page.getByRole('dialog', { name: 'Log Hours' });
  await hours.getByLabel('Hours (or start and end)').fill('2');
  await saving();
  await hours.getByRole('button', { name: 'Log Hours' }).click();
  await saysSavedOnPhone();

  await page.getByRole('button', { name: 'Log Patient Contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Log Patient Contact' });
  await contact.getByLabel('Age (years)').fill('45');
  await contact.getByLabel('Primary impression').selectOption('ACS');
  await contact.getByRole('checkbox', { name: 'Chest pain' }).check();
  await saving();
  await contact.getByRole('button', { name: 'Log Contact' }).click();
  await saysSavedOnPhone();

  const skill = await openSkillEntry(page);
  await page.getByRole('button', { name: `Details: ${skill}`, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Update Skill Progress' });
  await sheet.getByRole('tab', { name: 'Assessment' }).click();
  await sheet.getByLabel('Notes').fill('Checked on the ambulance');
  await saving();
  await sheet.getByRole('button', { name: 'Save Progress' }).click();
  await saysSavedOnPhone();
});

/**
 * The browser's offer to install, as Chromium makes it (an event with prompt() and userChoice), and two frames for
 * the home to show what it does with it.
 */
const offerInstall = (page: Page) =>
  page.evaluate(async () => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
  });

test("the home screen icon loads, and the student's home offers to install where the browser does; Not now is kept", async ({
  page,
}) => {
  await signIn(page, 'student');
  const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/png/);
  expect((await icon.body()).subarray(1, 4).toString()).toBe('PNG');

  const install = page.getByRole('button', { name: 'Install', exact: true });
  const notNow = page.getByRole('button', { name: 'Not now' });
  await expect(install).toBeHidden();
  await offerInstall(page);
  await install.tap();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(install).toBeHidden();

  await offerInstall(page);
  await notNow.tap();
  await expect(install).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My progress', level: 2 })).toBeVisible();
  await offerInstall(page);
  await expect(install).toBeHidden();
});

test('the Upcoming shifts card opens My Shifts, which shows the booked shift', async ({ page, request }) => {
  const api = await apiAs(request, 'student');
  const [me] = (await (await api.get('/api/students')).json()) as { id: string }[];
  const today = new Date().toISOString().slice(0, 10);
  const board = (await (await api.get(`/api/shifts?from=${today}`)).json()) as {
    data: { date: string; startTime: string; cancelled: boolean; booked: { studentId: string }[] }[];
  };
  // the demo's approved clinical time request is a shift the student is booked on, as every approved request is
  const next = board.data.find((s) => !s.cancelled && s.booked.some((b) => b.studentId === me.id));
  expect(next, 'a booked shift ahead').toBeDefined();
  await signIn(page, 'student');
  await page.getByRole('link', { name: 'Upcoming shifts', exact: true }).tap();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'My progress' })).toBeHidden();
  await expect(main.getByRole('heading', { name: 'My Shifts', level: 2 })).toBeVisible();
  const booked = main.getByRole('region', { name: 'Booked' });
  await expect(booked.getByText(`${next!.date} ${next!.startTime}`)).toBeInViewport();
});

test("a student's own hours and contacts wait for verification: the home shows them apart, out of the figures", async ({
  page,
  request,
}) => {
  const api = await apiAs(request, 'student');
  const [me] = (await (await api.get('/api/students')).json()) as { id: string }[];
  const date = new Date().toISOString().slice(0, 10);
  const logged = await api.post('/api/clinical-hours', { data: { studentId: me.id, date, hoursCompleted: 2.5 } });
  expect(logged.status()).toBe(201);
  const contact = await api.post('/api/patient-contacts', {
    data: {
      studentId: me.id,
      date,
      setting: 'field',
      ageYears: 40,
      gender: 'female',
      chiefComplaints: ['Chest pain'],
      primaryImpression: 'ACS',
      teamLead: true,
      careLevel: 'als',
      disposition: 'transported',
    },
  });
  expect(contact.status()).toBe(201);
  const contacts = (await (await api.get(`/api/patient-contacts?studentId=${me.id}`)).json()) as {
    teamLead: boolean;
    verifiedBy: string | null;
  }[];
  const verified = contacts.filter((c) => c.verifiedBy);
  await signIn(page, 'student');
  const hours = page.getByRole('link', { name: 'Hours', exact: true }).locator('xpath=ancestor::section[1]');
  await expect(hours).toContainText('2.5 h awaiting verification');
  await hours.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(tmpdir(), 'phone-own-hours-awaiting.png') });
  // the student's own team-lead contact waits apart: team leads and the tables count the verified ones only
  const card = page
    .getByRole('link', { name: 'Patient contacts (SMC)', exact: true })
    .locator('xpath=ancestor::section[1]');
  await expect(card).toContainText(
    `${verified.length} verified · ${contacts.length - verified.length} awaiting verification`,
  );
  const leads = verified.filter((c) => c.teamLead).length;
  await expect(card.getByText('Team leads').locator('xpath=following-sibling::*[1]')).toHaveText(
    new RegExp(`^${leads} of \\d+$`),
  );
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(tmpdir(), 'phone-own-contacts-awaiting.png') });
  // the tracker's contacts and hours panel, where the card leads, says the same
  await card.getByRole('link', { name: 'Patient contacts (SMC)', exact: true }).click();
  const panel = page.locator('#patient-contacts');
  const awaiting = panel.getByText(
    `${plural(contacts.length - verified.length, 'patient contact')} and 2.5 h awaiting verification`,
  );
  await expect(awaiting).toBeVisible();
  await awaiting.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(tmpdir(), 'phone-smc-panel-awaiting.png') });
});
