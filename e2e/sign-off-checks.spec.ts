/**
 * What makes a sign-off worth something: records changed after signing, sign-offs altered on the way, used and
 * expired links, co-sign codes that are not the preceptor's, who sees and acts on which sign-off, and the
 * coordinator's verification queue at a desk. Each test has its own student, so none depends on another.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { BASE_URL, DEMO_PASSWORD } from '../playwright.config.ts';
import { cosignTotp } from '../schema/cosign.ts';
import { ERR, MSG } from '../schema/messages.ts';
import { NEEDS_ATTENTION, SIGN_OFF_STATUS_LABELS } from '../schema/sign-off.ts';
import { allChangesSent, HOME_HEADING, seriousViolations, signIn, signInAs } from './helpers.ts';
import {
  askToSign,
  clientAs,
  deviceSignOff,
  fillPreceptor,
  firstSkill,
  logAttempts,
  logContact,
  mailedLink,
  newStudent,
  preceptorNamed,
  serverSignOff,
  setLinkExpiry,
  signOffByApi,
  signOnPhone,
  siteListsPreceptor,
  startInbox,
  stopInbox,
  unique,
} from './sign-off-fixtures.ts';

test.beforeAll(startInbox);
test.afterAll(stopInbox);

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 900 };

/** A student account of this test's own, and an API client signed in as them. Call `done` at the end. */
async function studentOfThisTest(label: string, programName?: string) {
  const director = await clientAs('director@demo.test');
  const student = await newStudent(director.api, unique(label), programName);
  await director.dispose();
  const own = await clientAs(student.email);
  return { student, api: own.api, done: own.dispose };
}

/** A paramedic skill (the tests' students are in the paramedic program): a name repeats across levels. */
async function emsSkillId(api: APIRequestContext, name?: string) {
  const skills = (await (await api.get('/api/skills?programType=ems&certificationLevel=paramedic')).json()) as {
    id: string;
    name: string;
  }[];
  return (name ? skills.find((s) => s.name === name)! : skills[0]).id;
}

/** The student's attempts as the server counts them: verified, and awaiting verification. */
async function counts(api: APIRequestContext, studentId: string) {
  const rows = (await (await api.get(`/api/student-skills?studentId=${studentId}`)).json()) as {
    attempts: number;
    pendingAttempts: number;
  }[];
  return {
    verified: rows.reduce((n, r) => n + r.attempts, 0),
    pending: rows.reduce((n, r) => n + r.pendingAttempts, 0),
  };
}

const signOffsOf = async (api: APIRequestContext) =>
  (await (await api.get('/api/sign-offs')).json()) as {
    id: string;
    status: string;
    chainBroken: boolean;
    preceptor: { contact: string };
  }[];

/**
 * The sync status shows the changes the server refused, its panel each one's reason (all refusals so far, in order).
 * A refused sign-off leaves the device, so its records are offered for signing again.
 */
async function expectRefused(page: Page, reasons: readonly string[], unsigned: number) {
  await page.getByRole('button', { name: `${reasons.length} need attention` }).click();
  const panel = page.getByRole('heading', { name: 'Changes the server did not accept' }).locator('..');
  const refused = panel.getByRole('list').first().locator(':scope > li');
  await expect(refused).toHaveCount(reasons.length);
  for (const [i, reason] of reasons.entries()) await expect(refused.nth(i)).toContainText(reason);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Ask preceptor to sign (${unsigned} unsigned)` })).toBeVisible();
}

test.describe('on the student phone', () => {
  test.use({ viewport: PHONE });

  test('a record voided after signing shows the sign-off changed after signing, and the rest are signed again', async ({
    page,
  }) => {
    const { student, api, done } = await studentOfThisTest('Changed');
    await signInAs(page, student.email);
    await page.goto('/ems/skill-entry');
    const skill = await firstSkill(page);
    await logAttempts(api, student.id, await emsSkillId(api, skill.name), ['successful', 'successful']);
    await logContact(api, student.id);
    await page.goto('/sign-offs');
    await signOnPhone(page, 3, preceptorNamed('Sam Rivera', `${unique('sam')}@county-ems.example`));
    await allChangesSent(page);

    await page.goto('/ems/skill-entry');
    await page.getByRole('button', { name: `Details: ${skill.name}` }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Void', exact: true }).first().click();
    await page.getByLabel('Reason for voiding').fill('Logged on the wrong skill');
    await page.getByRole('button', { name: 'Void attempt' }).click();
    await expect(page.getByText('Voided', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await allChangesSent(page);

    await page.goto('/sign-offs');
    const first = page.getByRole('article', { name: /by Sam Rivera$/ });
    await expect(first).toContainText(SIGN_OFF_STATUS_LABELS.changed);
    await signOnPhone(page, 2, preceptorNamed('Lee Park', `${unique('lee')}@county-ems.example`));
    await allChangesSent(page);
    await expect(page.getByRole('article', { name: /by Lee Park$/ })).toContainText(SIGN_OFF_STATUS_LABELS.awaiting);
    await expect(page.getByRole('button', { name: /need attention/ })).toBeHidden();
    expect((await signOffsOf(api)).map((s) => s.status).sort()).toEqual(['awaiting', 'changed']);
    await done();
  });

  test.describe('with its pushes intercepted', () => {
    // a page the service worker has taken over sends its requests through the worker, where the route below never
    // sees them: the push went out unaltered in 1 run of 6
    test.use({ serviceWorkers: 'block' });

    test('a sign-off altered on its way to the server is refused with the reason, and its records stay unsigned', async ({
      page,
    }) => {
      const { student, api, done } = await studentOfThisTest('Altered');
      await logAttempts(api, student.id, await emsSkillId(api), ['successful', 'unsuccessful']);
      await signInAs(page, student.email);
      await page.goto('/sign-offs');
      await page.route('**/api/sync/push', async (route) => {
        const body = route.request().postDataJSON() as {
          mutations: { name: string; args: { preceptor: { name: string } } }[];
        };
        for (const m of body.mutations) if (m.name === 'signOff') m.args.preceptor.name = 'Someone Else';
        await route.continue({ postData: JSON.stringify(body) });
      });
      await signOnPhone(page, 2, preceptorNamed('Sam Rivera', `${unique('sam')}@county-ems.example`));
      await expectRefused(page, [ERR.signOffAltered], 2);
      expect(await signOffsOf(api)).toEqual([]);
      expect(await counts(api, student.id)).toEqual({ verified: 0, pending: 2 });
      await done();
    });
  });

  test('a used link and an expired link each say so, and change nothing', async ({ browser }) => {
    const { student, api, done } = await studentOfThisTest('Links');
    const skillId = await emsSkillId(api);
    const used = preceptorNamed('Sam Rivera', `${unique('used')}@county-ems.example`);
    await siteListsPreceptor(used);
    const usedId = await signOffByApi(
      api,
      student.id,
      { attempts: await logAttempts(api, student.id, skillId, ['successful']) },
      used,
    );
    const expiring = preceptorNamed('Lee Park', `${unique('expiring')}@county-ems.example`);
    const expiringId = await signOffByApi(
      api,
      student.id,
      { attempts: await logAttempts(api, student.id, skillId, ['successful']) },
      expiring,
    );

    const preceptor = await browser.newContext({ viewport: PHONE });
    const [answering, stale] = [await preceptor.newPage(), await preceptor.newPage()];
    const usedLink = await mailedLink(used.contact);
    await answering.goto(usedLink);
    await stale.goto(usedLink);
    // both tabs show the summary and its buttons before either answers
    await expect(stale.getByRole('button', { name: 'Dispute' })).toBeVisible();
    await answering.bringToFront();
    await answering.getByRole('button', { name: 'Confirm' }).click();
    await expect(answering.getByText('The sign-off is confirmed')).toBeVisible();
    const afterConfirm = await counts(api, student.id);
    expect(afterConfirm).toEqual({ verified: 1, pending: 1 });
    // the second tab still shows the buttons: its answer reaches the server and is refused
    await stale.getByRole('button', { name: 'Dispute' }).click();
    await stale.getByLabel('What is wrong?').fill('I was not there');
    await stale.getByRole('button', { name: 'Send dispute' }).click();
    await expect(stale.getByRole('status')).toHaveText(ERR.linkUsed);
    await answering.reload();
    await expect(answering.getByRole('status')).toHaveText(ERR.linkUsed);
    await expect(answering.getByRole('button', { name: 'Confirm' })).toBeHidden();

    const expiredLink = await mailedLink(expiring.contact);
    setLinkExpiry(expiredLink, new Date(Date.now() - 8 * 86_400_000).toISOString());
    await answering.goto(expiredLink);
    await expect(answering.getByRole('status')).toHaveText(ERR.linkExpired);
    await expect(answering.getByRole('button', { name: 'Confirm' })).toBeHidden();

    expect((await serverSignOff(api, usedId))?.status).toBe('confirmed');
    expect((await serverSignOff(api, expiringId))?.status).toBe('awaiting');
    expect(await counts(api, student.id)).toEqual(afterConfirm);
    await preceptor.close();
    await done();
  });

  test("co-sign codes of another preceptor, of an old window or given with a student's e-mail are refused; the preceptor's own code verifies at once", async ({
    page,
    browser,
  }) => {
    const { student, api, done } = await studentOfThisTest('Codes');
    await logAttempts(api, student.id, await emsSkillId(api), ['successful', 'unsuccessful']);
    const instructor = await clientAs('instructor@demo.test');
    const preceptorSecret = (await clientAs('preceptor@demo.test')).user.cosignSecret!;
    const byPreceptor = preceptorNamed('Pat Nguyen', 'preceptor@demo.test');
    await signInAs(page, student.email);
    await page.goto('/sign-offs');

    await signOnPhone(page, 2, byPreceptor, cosignTotp(instructor.user.cosignSecret!).generate());
    await expectRefused(page, [ERR.cosignRefused], 2);
    const fiveMinutesAgo = Date.now() - 5 * 60_000;
    await signOnPhone(page, 2, byPreceptor, cosignTotp(preceptorSecret).generate({ timestamp: fiveMinutesAgo }));
    await expectRefused(page, [ERR.cosignRefused, ERR.cosignRefused], 2);
    const studentContact = preceptorNamed('Sam Rivera', 'student@demo.test');
    await signOnPhone(page, 2, studentContact, cosignTotp(preceptorSecret).generate());
    await expectRefused(page, [ERR.cosignRefused, ERR.cosignRefused, ERR.cosignRefused], 2);
    expect(await signOffsOf(api)).toEqual([]);
    expect(await counts(api, student.id)).toEqual({ verified: 0, pending: 2 });

    const preceptorPhone = await browser.newContext({ viewport: PHONE });
    const code = await codeOnPreceptorPhone(await preceptorPhone.newPage());
    await signOnPhone(page, 2, byPreceptor, code);
    await allChangesSent(page);
    const verified = page.getByRole('article', { name: /by Pat Nguyen$/ });
    await expect(verified).toContainText(SIGN_OFF_STATUS_LABELS.code_verified);
    // the refused sign-offs were never stored: the genuine one after them still links to this device's chain
    await expect(verified).not.toContainText('Device chain broken');
    expect(await counts(api, student.id)).toEqual({ verified: 2, pending: 0 });
    expect((await signOffsOf(api)).map((s) => [s.status, s.chainBroken])).toEqual([['code_verified', false]]);
    await preceptorPhone.close();
    await instructor.dispose();
    await done();
  });

  test('a student who gives their own e-mail as the preceptor contact is refused on the phone and by the server', async ({
    page,
  }) => {
    const { student, api, done } = await studentOfThisTest('Own');
    const attempts = await logAttempts(api, student.id, await emsSkillId(api), ['successful']);
    const self = preceptorNamed('Quinn Self', student.email.toUpperCase());
    await signInAs(page, student.email);
    await page.goto('/sign-offs');
    await askToSign(page, 1);
    await fillPreceptor(page, self);
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('alert').filter({ hasText: ERR.ownSignOff })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('pending-count')).toHaveText('All changes saved');

    // a device that sent it anyway
    const sent = await api.post('/api/sign-offs', { data: deviceSignOff(student.id, { attempts }, self) });
    expect([sent.status(), ((await sent.json()) as { error: string }).error]).toEqual([403, ERR.ownSignOff]);
    expect(await signOffsOf(api)).toEqual([]);
    expect(await counts(api, student.id)).toEqual({ verified: 0, pending: 1 });
    await done();
  });
});

/** The preceptor's own phone, signed in through the form (which keeps the co-sign secret): the code it shows. */
async function codeOnPreceptorPhone(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('preceptor@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: HOME_HEADING })).toBeVisible();
  await page.goto('/sign-offs');
  const shown = page.getByRole('region', { name: 'Your co-sign code' }).getByText(/^\d{3} \d{3}$/);
  return (await shown.textContent())!.replace(' ', '');
}

test.describe('who may see and act', () => {
  test.use({ viewport: PHONE });

  test('a student sees their own sign-offs, a preceptor those in their name (a shift confirmed in one tap), a reviewer their programs, a link nothing more', async ({
    page,
    browser,
  }) => {
    const a = await studentOfThisTest('Mine');
    const b = await studentOfThisTest('Elsewhere', 'Firefighter I Academy');
    const skillId = await emsSkillId(a.api);
    const toPat = preceptorNamed('Pat Nguyen', 'preceptor@demo.test');
    const toSam = preceptorNamed('Sam Rivera', `${unique('sam')}@county-ems.example`);
    const attempts = await logAttempts(a.api, a.student.id, skillId, ['successful', 'successful']);
    const patsShift = await signOffByApi(a.api, a.student.id, { attempts }, toPat);
    const samsShift = await signOffByApi(
      a.api,
      a.student.id,
      { contacts: [await logContact(a.api, a.student.id)] },
      toSam,
    );
    const bAttempts = await logAttempts(b.api, b.student.id, skillId, ['successful']);
    const toLee = preceptorNamed('Lee Park', `${unique('lee')}@county-ems.example`);
    const otherProgram = await signOffByApi(b.api, b.student.id, { attempts: bAttempts }, toLee);

    await signInAs(page, a.student.email);
    await page.goto('/sign-offs');
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('article', { name: `Sign-off of ${a.student.name} by Pat Nguyen` })).toBeVisible();
    await expect(page.getByRole('article', { name: `Sign-off of ${a.student.name} by Sam Rivera` })).toBeVisible();
    expect((await signOffsOf(a.api)).map((s) => s.id).sort()).toEqual([patsShift, samsShift].sort());
    expect(await (await a.api.get(`/api/sign-offs?studentId=${b.student.id}`)).json()).toEqual([]);

    const preceptorPhone = await browser.newContext({ viewport: PHONE });
    const preceptor = await preceptorPhone.newPage();
    await signIn(preceptor, 'preceptor');
    await preceptor.goto('/sign-offs');
    const toConfirm = preceptor.getByRole('region', { name: /^Sign-offs to confirm/ });
    const shift = toConfirm.getByRole('listitem').filter({ hasText: a.student.name });
    await expect(shift).toContainText('2 records signed with your name');
    await shift.getByRole('button', { name: 'Confirm shift' }).click();
    await expect(shift).toBeHidden();
    await expect(preceptor.getByRole('article', { name: `Sign-off of ${a.student.name} by Pat Nguyen` })).toContainText(
      SIGN_OFF_STATUS_LABELS.confirmed,
    );
    await expect(preceptor.getByRole('article', { name: /by Sam Rivera$/ })).toHaveCount(0);
    expect((await serverSignOff(a.api, patsShift))?.status).toBe('confirmed');
    expect(await counts(a.api, a.student.id)).toEqual({ verified: 2, pending: 0 });
    const pat = await clientAs('preceptor@demo.test');
    const patSees = await signOffsOf(pat.api);
    expect(patSees.map((s) => s.id)).toContain(patsShift);
    expect(patSees.every((s) => s.preceptor.contact === 'preceptor@demo.test')).toBe(true);
    await pat.dispose();
    await preceptorPhone.close();

    // the clinical coordinator's role spans every program; an instructor reviews only the students of their programs
    const coordinator = await clientAs('clinical_coordinator@demo.test');
    expect((await signOffsOf(coordinator.api)).map((s) => s.id)).toEqual(
      expect.arrayContaining([samsShift, otherProgram]),
    );
    await coordinator.dispose();
    const instructor = await clientAs('instructor@demo.test');
    const instructorSees = (await signOffsOf(instructor.api)).map((s) => s.id);
    expect(instructorSees).toContain(samsShift);
    expect(instructorSees).not.toContain(otherProgram);
    expect((await instructor.api.post(`/api/sign-offs/${otherProgram}/link`, { data: {} })).status()).toBe(404);
    expect(
      (
        await instructor.api.post(`/api/sign-offs/${otherProgram}/review`, { data: { action: 'reject', note: 'x' } })
      ).status(),
    ).toBe(404);
    expect((await serverSignOff(b.api, otherProgram))?.status).toBe('awaiting');
    await instructor.dispose();

    const link = await browser.newContext({ viewport: PHONE });
    const linkPage = await link.newPage();
    const url = await mailedLink(toSam.contact);
    await linkPage.goto(url);
    await expect(linkPage.getByText(a.student.name)).toBeVisible();
    const summary = (await (await linkPage.request.get(`/api/sign-off-links/${url.split('/').pop()}`)).json()) as {
      attempts: unknown[];
      contacts: unknown[];
    };
    expect([summary.attempts.length, summary.contacts.length]).toEqual([0, 1]);
    for (const path of ['/api/auth/user', '/api/students', '/api/sign-offs', `/api/students/${a.student.id}`]) {
      expect((await linkPage.request.get(path)).status(), path).toBe(401);
    }
    const confirm = await linkPage.request.post(`/api/sign-offs/${samsShift}/confirm`, {
      headers: { origin: BASE_URL },
      data: {},
    });
    expect(confirm.status()).toBe(401);
    expect((await serverSignOff(a.api, samsShift))?.status).toBe('awaiting');
    await link.close();
    await a.done();
    await b.done();
  });
});

test.describe('the verification queue at a desk', () => {
  test.use({ viewport: DESK });

  test('a disputed sign-off is counted in the menu and shown when the queue opens, with no serious axe issue', async ({
    page,
    browser,
  }) => {
    const { student, api, done } = await studentOfThisTest('Dispute');
    const disputing = preceptorNamed('Jo Kim', `${unique('jo')}@county-ems.example`);
    await signOffByApi(
      api,
      student.id,
      { attempts: await logAttempts(api, student.id, await emsSkillId(api), ['successful']) },
      disputing,
    );
    const preceptor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await preceptor.goto(await mailedLink(disputing.contact));
    await preceptor.getByRole('button', { name: 'Dispute' }).click();
    await preceptor.getByLabel('What is wrong?').fill('I was not on that shift');
    await preceptor.getByRole('button', { name: 'Send dispute' }).click();
    await expect(preceptor.getByRole('status')).toBeVisible();

    await signIn(page, 'clinical_coordinator');
    const menuEntry = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Sign-offs, \d+ needs? attention$/ });
    await expect(menuEntry).toBeVisible();
    await menuEntry.click();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue(NEEDS_ATTENTION);
    const disputed = page.getByRole('article', { name: `Sign-off of ${student.name} by Jo Kim` });
    await expect(disputed).toContainText(SIGN_OFF_STATUS_LABELS.disputed);
    await expect(disputed).toContainText('I was not on that shift');
    expect(await seriousViolations(page)).toEqual([]);
    await preceptor.context().close();
    await done();
  });

  test('the coordinator filters by site, preceptor and dates, accepts with a note, asks again by mail, rejects and gets a link', async ({
    page,
    browser,
  }) => {
    const { student, api, done } = await studentOfThisTest('Queue');
    const sites = (await (await api.get('/api/clinical-sites')).json()) as { id: string; name: string }[];
    const siteId = (name: string) => sites.find((s) => s.name === name)!.id;
    const [hospital, station] = [siteId('St. Mary Regional Medical Center'), siteId('Metro County EMS Station 4')];
    const skillId = await emsSkillId(api);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const alex = { ...preceptorNamed('Alex Stone', `${unique('alex')}@county-ems.example`), number: 'NRP 111111' };
    const bo = { ...preceptorNamed('Bo Lane', `${unique('bo')}@county-ems.example`), number: 'NRP 222222' };
    const boAgain = { ...bo, contact: `${unique('bo')}@county-ems.example` };
    const today = await signOffByApi(
      api,
      student.id,
      { attempts: await logAttempts(api, student.id, skillId, ['successful'], { clinicalSiteId: hospital }) },
      alex,
    );
    const lastWeek = await signOffByApi(
      api,
      student.id,
      { attempts: await logAttempts(api, student.id, skillId, ['successful'], { clinicalSiteId: station }) },
      bo,
      daysAgo(5),
    );
    const earlier = await signOffByApi(
      api,
      student.id,
      { contacts: [await logContact(api, student.id, { clinicalSiteId: hospital })] },
      boAgain,
      daysAgo(10),
    );

    await signIn(page, 'clinical_coordinator');
    await page.goto('/sign-offs');
    const queue = page.getByRole('main');
    // earlier tests leave disputes, so the queue may open on "Needs attention": these three await their preceptors
    await queue.getByLabel(/^Status/).selectOption({ label: SIGN_OFF_STATUS_LABELS.awaiting });
    await queue.getByLabel('Search').fill(student.name);
    const cards = page.getByRole('article');
    const card = (preceptor: string, text: string) =>
      page.getByRole('article', { name: `Sign-off of ${student.name} by ${preceptor}` }).filter({ hasText: text });
    await expect(cards).toHaveCount(3);
    await queue.getByLabel(/^Site/).selectOption({ label: 'Metro County EMS Station 4' });
    await expect(cards).toHaveCount(1);
    await expect(card('Bo Lane', '1 attempt')).toBeVisible();
    await queue.getByLabel(/^Site/).selectOption({ label: 'St. Mary Regional Medical Center' });
    await expect(cards).toHaveCount(2);
    await expect(card('Bo Lane', '1 patient contact')).toBeVisible();
    await queue.getByLabel(/^Site/).selectOption('');
    await queue.getByLabel(/^Preceptor/).selectOption({ label: 'Bo Lane (Paramedic NRP 222222)' });
    await expect(cards).toHaveCount(2);
    await queue.getByLabel('Signed from').fill(daysAgo(7).slice(0, 10));
    await expect(cards).toHaveCount(1);
    await expect(card('Bo Lane', '1 attempt')).toBeVisible();
    await queue.getByLabel(/^Preceptor/).selectOption('');
    await expect(cards).toHaveCount(2);
    await queue.getByLabel('Signed from').fill('');
    await queue.getByLabel('Signed to').fill(daysAgo(7).slice(0, 10));
    await expect(cards).toHaveCount(1);
    await expect(card('Bo Lane', '1 patient contact')).toBeVisible();
    await queue.getByLabel('Signed to').fill('');
    await expect(cards).toHaveCount(3);

    const dialog = page.getByRole('dialog');
    await card('Alex Stone', '').getByRole('button', { name: 'Accept as attested' }).click();
    await dialog.getByRole('button', { name: 'Accept as attested' }).click();
    await expect(dialog.getByText(MSG.acceptNoteRequired)).toBeVisible();
    await dialog.getByLabel('Why it is accepted (required)').fill('Called Alex Stone; he confirmed by phone');
    await dialog.getByRole('button', { name: 'Accept as attested' }).click();
    await expect(dialog).toBeHidden();
    await expect(cards).toHaveCount(2);
    expect((await serverSignOff(api, today))?.status).toBe('accepted');

    const firstLink = await mailedLink(bo.contact);
    await card('Bo Lane', '1 attempt').getByRole('button', { name: 'Ask again' }).click();
    await dialog.getByRole('button', { name: 'Ask the preceptor again' }).click();
    // mailed, and so not shown: staff who saw it could answer it in the preceptor's place
    await expect(dialog).toBeHidden();
    expect(await mailedLink(bo.contact, 2)).not.toBe(firstLink);
    const preceptor = await (await browser.newContext({ viewport: PHONE })).newPage();
    await preceptor.goto(firstLink);
    await expect(preceptor.getByRole('status')).toHaveText(ERR.linkExpired);

    await card('Bo Lane', '1 attempt').getByRole('button', { name: 'Get link' }).click();
    const byHand = await dialog.getByLabel('Confirmation link').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await preceptor.goto(byHand);
    await preceptor.getByRole('button', { name: 'Confirm' }).click();
    // staff saw this link and could have answered it: it is not the preceptor's own word until another accepts it
    await expect(preceptor.getByText(/a coordinator checks it before the records count/)).toBeVisible();
    expect((await serverSignOff(api, lastWeek))?.status).toBe('link_confirmed');

    await card('Bo Lane', '1 patient contact').getByRole('button', { name: 'Reject' }).click();
    await dialog.getByLabel('Note').fill('The preceptor named was not on shift that day');
    await dialog.getByRole('button', { name: 'Reject sign-off' }).click();
    await expect(dialog).toBeHidden();
    // the sync after this action also brings the confirmation through the link: nothing awaits any more
    await expect(cards).toHaveCount(0);
    expect((await serverSignOff(api, earlier))?.status).toBe('rejected');
    await queue.getByLabel(/^Status/).selectOption({ label: SIGN_OFF_STATUS_LABELS.accepted });
    await expect(card('Alex Stone', 'Called Alex Stone; he confirmed by phone')).toBeVisible();
    await queue.getByLabel(/^Status/).selectOption({ label: SIGN_OFF_STATUS_LABELS.rejected });
    await expect(card('Bo Lane', 'The preceptor named was not on shift that day')).toBeVisible();
    await preceptor.context().close();
    await done();
  });
});
