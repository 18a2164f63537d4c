import { randomUUID } from 'node:crypto';

import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

import { DEMO_PASSWORD } from '../playwright.config.ts';
import { contactFigures, type ContactLike } from '../schema/contact-figures.ts';
import { addDays, daysBetween, localDay } from '../schema/dates.ts';
import { ATTEMPT_SETTING_LABELS, ATTEMPT_SETTINGS, type AttemptSetting } from '../schema/enums.ts';
import { SAVED_OFFLINE } from '../schema/messages.ts';
import { hoursRemaining } from '../schema/progress.ts';
import { HOLDING_STATES, type SignedRecords, signOffState, type SignOffStatus } from '../schema/sign-off.ts';
import { skillMinimum } from '../schema/skill-figures.ts';
import { formatDate, formatDateTime, plural } from '../web/lib/format.ts';
import { LANDING_TYPE_STYLES } from '../web/lib/ui/warm-fonts.ts';
import { allRecordsHere, apiAs, signIn, waitUntilReadyOffline } from './helpers.ts';
import { preceptorNamed, signOffByApi } from './sign-off-fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const card = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).locator('xpath=ancestor::section[1]');

/** A figure's value on a home card, by the start of its label. */
const figure = (section: Locator, label: string) =>
  section
    .locator('dl > div')
    .filter({
      has: section
        .page()
        .locator('dt')
        .filter({ hasText: new RegExp(`^${label}`) }),
    })
    .locator('dd');

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/**
 * An attempt the student logged themselves, and a sign-off of it made on their phone (sent as the device sends it),
 * awaiting the preceptor's confirmation: the demo student has neither, and the home must show both.
 */
async function attemptSignedAwaitingConfirmation(api: APIRequestContext, studentId: string, skillId: string) {
  const logged = await api.post('/api/skill-attempts', {
    data: {
      id: randomUUID(),
      studentId,
      skillId,
      attemptedAt: new Date().toISOString(),
      setting: 'lab',
      outcome: 'successful',
    },
  });
  expect(logged.status()).toBe(201);
  const attempt = (await logged.json()) as SignedRecords['attempts'][number];
  // a phone number, not an e-mail: no confirmation mail goes out
  await signOffByApi(api, studentId, { attempts: [attempt] }, preceptorNamed('Jordan Lee', '555-0188'));
}

interface Row {
  id: string;
}
type Student = Row & {
  programId: string;
  emsCertificationLevel: string | null;
  expectedGraduation: string;
  clinicalHours: number;
  fieldHours: number;
  totalHours: number;
  requiredHours: number;
};
type Program = Row & { type: string; certificationLevel: string | null; skillMinimums: null; contactRules: null };
type Skill = Row & { name: string; programType: string; certificationLevel: string; minimumAttempts: number };
type Progress = {
  skillId: string;
  nextAssessmentDate: string | null;
  attemptsBySetting: Record<AttemptSetting, { successful: number }>;
};
type SignOff = Row & { status: string; linkExpiresAt: string | null; records: { id: string }[] };
type Attempt = Row & { kind: string; verifiedBy: string | null; voided: unknown };
type Recorded = Row & { recordedBy: string };
type BoardShift = Row & {
  date: string;
  startTime: string;
  endsAt: string;
  site: string | null;
  unit: string | null;
  cancelled: boolean;
  booked: { studentId: string; clock: string }[];
};

/** The board's shifts the student may see, for two weeks from `from` (the board answers a week at a time). */
async function boardFrom(api: APIRequestContext, from: string) {
  const weeks = [from, addDays(from, 7)].map((day) => json<{ data: BoardShift[] }>(api, `/api/shifts?from=${day}`));
  return (await Promise.all(weeks)).flatMap((w) => w.data);
}

/** The server's records of the signed-in student. */
async function serverRecords(api: APIRequestContext) {
  const { user } = await json<{ user: { id: string } }>(api, '/api/auth/session');
  const [student] = await json<Student[]>(api, '/api/students');
  const program = (await json<Program[]>(api, '/api/programs')).find((p) => p.id === student.programId)!;
  const of = `?studentId=${student.id}`;
  return {
    userId: user.id,
    student,
    program,
    skills: await json<Skill[]>(api, `/api/skills?programType=${program.type}`),
    progress: await json<Progress[]>(api, `/api/student-skills${of}`),
    contacts: await json<(ContactLike & Recorded)[]>(api, `/api/patient-contacts${of}`),
    hours: await json<Recorded[]>(api, `/api/clinical-hours${of}`),
    attempts: await json<Attempt[]>(api, `/api/skill-attempts${of}`),
    signOffs: await json<SignOff[]>(api, `/api/sign-offs${of}`),
    shifts: await boardFrom(api, addDays(localDay(new Date()), -1)),
    messages: await json<{ recipientId: string; isRead: boolean }[]>(api, '/api/messages'),
    report: (
      await json<
        { skillsCompleted: number; skillsTotal: number; overallProgress: number; unverifiedAttempts: number }[]
      >(api, '/api/reports/progress')
    )[0],
  };
}
type ServerRecords = Awaited<ReturnType<typeof serverRecords>>;

/** Successful attempts by setting over the student's track skills, as the Skills card lists them. */
function bySetting(r: ServerRecords): [string, string][] {
  const level = r.student.emsCertificationLevel ?? r.program.certificationLevel;
  const track = r.skills.filter((s) => s.certificationLevel === level);
  const progress = new Map(r.progress.map((p) => [p.skillId, p]));
  return ATTEMPT_SETTINGS.flatMap((setting): [string, string][] => {
    let successful = 0;
    let required = 0;
    let met = 0;
    for (const skill of track) {
      const done = progress.get(skill.id)?.attemptsBySetting[setting].successful ?? 0;
      const need = skillMinimum(r.program.skillMinimums, skill).bySetting[setting] ?? 0;
      successful += done;
      required += need;
      met += Math.min(done, need);
    }
    if (required === 0 && successful === 0) return [];
    return [
      [ATTEMPT_SETTING_LABELS[setting], required > 0 ? `${met} of ${required} required` : `${successful} successful`],
    ];
  });
}

/** The records the student logged that no sign-off holds yet. */
function unsigned(r: ServerRecords) {
  const held = new Set(
    r.signOffs
      .filter((s) => HOLDING_STATES.includes(s.status as SignOffStatus))
      .flatMap((s) => s.records.map((x) => x.id)),
  );
  const attempts = r.attempts.filter((a) => a.kind === 'attempt' && !a.verifiedBy && !a.voided && !held.has(a.id));
  const own = [...r.contacts, ...r.hours].filter((x) => x.recordedBy === r.userId && !held.has(x.id));
  return attempts.length + own.length;
}

const groupsMet = (rows: { count: number; minimum: number }[]) =>
  `${rows.filter((g) => g.count >= g.minimum).length} of ${rows.length} groups met`;

/** What the home shows, worked out from the server's records. */
function expectedHome(r: ServerRecords) {
  const today = localDay(new Date());
  const now = new Date().toISOString();
  const names = new Map(r.skills.map((s) => [s.id, s.name]));
  const contacts = contactFigures(r.contacts, r.program.contactRules, r.student.emsCertificationLevel);
  const short = [...contacts.byAgeBand, ...contacts.byPathology].filter((g) => g.count < g.minimum);
  const days = daysBetween(today, r.student.expectedGraduation);
  // booked, not cancelled, not over and not clocked out of: a shift made of an approved request as one from the board
  const upcoming = r.shifts.filter(
    (s) =>
      !s.cancelled &&
      s.endsAt.slice(0, 10) >= today &&
      s.booked.some((b) => b.studentId === r.student.id && b.clock !== 'clocked out'),
  );
  return {
    graduation: `expected graduation ${formatDate(r.student.expectedGraduation)} (${days} days left)`,
    settings: bySetting(r),
    contacts: {
      total: plural(contacts.total, 'patient contact'),
      byAge: groupsMet(contacts.byAgeBand),
      byPathology: groupsMet(contacts.byPathology),
      teamLeads: contacts.teamLeads && `${contacts.teamLeads.count} of ${contacts.teamLeads.minimum}`,
      short: `Still short: ${short
        .slice(0, 4)
        .map((g) => `${g.label} ${g.count} of ${g.minimum}`)
        .join(
          ' · ',
        )}${short.length > 4 ? `, and ${plural(short.length - 4, 'more group')} (open for the full table)` : ''}`,
    },
    awaitingConfirmation: r.signOffs.filter((s) => signOffState(s, now) === 'awaiting').length,
    unsigned: unsigned(r),
    assessments: r.progress
      .filter((p) => p.nextAssessmentDate && p.nextAssessmentDate >= today)
      .sort((a, b) => a.nextAssessmentDate!.localeCompare(b.nextAssessmentDate!))
      .slice(0, 3)
      .map((p) => `${names.get(p.skillId)}${formatDate(p.nextAssessmentDate)}`),
    shifts: upcoming
      .slice(0, 3)
      .map((s) => `${[s.site, s.unit].filter(Boolean).join(' · ')}${formatDateTime(`${s.date}T${s.startTime}`)}`),
    shiftsBooked: `${plural(upcoming.length, 'shift')} booked`,
    unread: r.messages.filter((m) => m.recipientId === r.userId && !m.isRead).length,
  };
}

/** Each card's figures, and where tapping the card lands: the detail screen's heading. */
const LANDINGS: { card: string; heading: RegExp }[] = [
  { card: 'Skills', heading: /^CoAEMSP Competency Matrix$/ },
  { card: 'Hours', heading: /^Patient contacts and hours \(SMC\)$/ },
  { card: 'Patient contacts (SMC)', heading: /^Patient contacts and hours \(SMC\)$/ },
  { card: 'Waiting for a preceptor', heading: /^My sign-offs$/ },
  { card: 'Upcoming assessments', heading: /^EMS Skill Entry & Tracking$/ },
  { card: 'Upcoming shifts', heading: /^My Shifts$/ },
  { card: 'Messages', heading: /^Messages/ },
];

/** The figures of a card a thumb could land on that do not open the card's detail. */
const untappable = (section: Locator) =>
  section.evaluate((el) => {
    const link = el.querySelector('h3 a');
    return [...el.querySelectorAll('p, dt, dd, li')]
      .filter((f) => {
        const box = f.getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('a') !== link;
      })
      .map((f) => f.textContent);
  });

test("the student's home answers how far they are from graduating, offline, with the server's figures", async ({
  page,
  context,
  request,
}) => {
  const api = await apiAs(request, 'student');
  const [own] = await json<Student[]>(api, '/api/students');
  const [skill] = await json<Progress[]>(api, `/api/student-skills?studentId=${own.id}`);
  await attemptSignedAwaitingConfirmation(api, own.id, skill.skillId);
  const server = await serverRecords(api);
  const { report, student } = server;
  const home = expectedHome(server);
  expect(report.unverifiedAttempts).toBeGreaterThan(0);
  expect(home.awaitingConfirmation).toBeGreaterThan(0);
  expect(home.shifts.length * home.assessments.length * home.unread).toBeGreaterThan(0);

  await signIn(page, 'student');
  // a student's search finds skills and standards, not students
  await expect(page.getByLabel('Search', { exact: true }).last()).toHaveAttribute(
    'placeholder',
    'Search skills and standards...',
  );
  await waitUntilReadyOffline(page);
  await context.setOffline(true);
  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'My progress', level: 2 })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  // working with no signal already: "Ready offline" beside "Offline" would read as a contradiction
  await expect(page.getByTestId('offline-readiness')).toBeHidden();
  await expect(main).toContainText(home.graduation);

  const skills = card(page, 'Skills');
  await expect(skills).toContainText(`${report.skillsCompleted} of ${report.skillsTotal}`);
  await expect(skills).toContainText(`(${report.overallProgress}% overall)`);
  await expect(skills.getByRole('definition')).toHaveText(home.settings.map(([, value]) => value));
  await expect(skills.getByRole('term')).toHaveText(home.settings.map(([label]) => label));

  const hours = card(page, 'Hours');
  await expect(hours).toContainText(`${student.totalHours} of ${student.requiredHours} h required`);
  await expect(figure(hours, 'Clinical')).toHaveText(`${student.clinicalHours} h`);
  await expect(figure(hours, 'Field')).toHaveText(`${student.fieldHours} h`);
  await expect(figure(hours, 'Still to do')).toHaveText(
    `${hoursRemaining(student.totalHours, student.requiredHours)} h`,
  );

  const contacts = card(page, 'Patient contacts (SMC)');
  await expect(contacts).toContainText(home.contacts.total);
  await expect(figure(contacts, 'By age')).toHaveText(home.contacts.byAge);
  await expect(figure(contacts, 'By pathology')).toHaveText(home.contacts.byPathology);
  // a level without team leads (below paramedic) shows none
  if (home.contacts.teamLeads) await expect(figure(contacts, 'Team leads')).toHaveText(home.contacts.teamLeads);
  else await expect(figure(contacts, 'Team leads')).toHaveCount(0);
  await expect(contacts).toContainText(home.contacts.short);

  const waiting = card(page, 'Waiting for a preceptor');
  await expect(figure(waiting, 'Attempts awaiting verification')).toHaveText(String(report.unverifiedAttempts));
  await expect(figure(waiting, 'Sign-offs awaiting confirmation')).toHaveText(String(home.awaitingConfirmation));
  await expect(figure(waiting, 'Records not yet signed')).toHaveText(String(home.unsigned));

  await expect(card(page, 'Upcoming assessments').getByRole('listitem')).toHaveText(home.assessments);
  await expect(card(page, 'Upcoming shifts').getByRole('listitem')).toHaveText(home.shifts);
  await expect(card(page, 'Upcoming shifts')).toContainText(home.shiftsBooked);
  await expect(card(page, 'Messages')).toContainText(`${home.unread} unread`);

  for (const { card: name, heading } of LANDINGS) {
    const section = card(page, name);
    await section.scrollIntoViewIfNeeded();
    expect(await untappable(section), name).toEqual([]);
    const box = (await section.locator('p, dl, ul').first().boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect(main.getByRole('heading', { name: heading }), name).toBeInViewport();
    await page.goBack();
    await expect(main.getByRole('heading', { name: 'My progress', level: 2 })).toBeVisible();
  }
  await context.setOffline(false);
});

test('before the app is stored, a screen that cannot load says so in place; the field screens still open', async ({
  browser,
}) => {
  // a device whose service worker has not taken over yet: the first seconds after the first sign-in
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, 'preceptor');
  await expect(page.getByTestId('offline-readiness')).toContainText('Field screens ready offline', { timeout: 20_000 });
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await context.setOffline(true);
  await expect(page.getByTestId('offline-readiness')).toHaveText(
    'Field screens work offline; other screens need a connection the first time',
  );

  await page.getByRole('button', { name: 'Schedule Evaluation' }).click();
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
  await page.getByRole('tab', { name: 'Real-Time Tracker' }).click();
  await page.getByLabel('Student').selectOption({ index: 1 });
  await page
    .getByRole('button', { name: /^Details: / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  // a write still saves: the writes' code came with the field screens
  await page
    .getByRole('button', { name: /^Successful: / })
    .first()
    .click();
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This screen is not stored on this device yet: it needs a connection the first time. Nothing you entered is lost.',
  );
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Document Management', level: 2 })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('the header search keeps what is typed while it loads', async ({ page }) => {
  await signIn(page, 'director');
  await page.reload();
  const search = page.getByRole('combobox', { name: 'Search' }).or(page.getByRole('textbox', { name: 'Search' }));
  await search.first().pressSequentially('Grace', { delay: 30 });
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('Grace', { timeout: 15_000 });
});

test('signing out with no signal ends the session on the device at once, and on the server once back online', async ({
  page,
  context,
  playwright,
}) => {
  await signIn(page, 'student');
  await waitUntilReadyOffline(page);
  const session = (await context.cookies()).find((c) => c.httpOnly)!;
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();

  await context.setOffline(false);
  const probe = await playwright.request.newContext({ baseURL: page.url() });
  await expect
    .poll(async () => {
      const res = await probe.get('/api/auth/session', { headers: { cookie: `${session.name}=${session.value}` } });
      return ((await res.json()) as { user: unknown }).user;
    })
    .toBeNull();
  await probe.dispose();
});

test('the landing and sign-in pages load without an error in the console (no failing session probe)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In to Platform' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(errors).toEqual([]);
});

test('pages are styled from their own bytes: no stylesheet is fetched before the first paint or after', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (r) => r.resourceType() === 'stylesheet' && stylesheets.push(r.url()));
  await page.goto('/login');
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  // Tailwind's brand colour, not the browser's grey: the styles came with the page
  await expect(signInButton).not.toHaveCSS('background-color', 'rgb(239, 239, 239)');
  await expect(signInButton).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await signIn(page, 'preceptor');
  // a screen whose code is loaded after the first page (the preload helper would fetch a stylesheet it lists)
  await page.goto('/ems/skill-entry');
  await expect(page.getByRole('tab', { name: 'Real-Time Tracker' })).toBeVisible();
  expect(stylesheets).toEqual([]);
});

test("the code a landing page runs as it opens asks to be compiled as it downloads; code loaded later doesn't", async ({
  request,
}) => {
  const hint = '//# allFunctionsCalledOnLoad\n';
  const startsWithHint = async (file: string) => (await (await request.get(file)).text()).startsWith(hint);
  for (const path of ['/login', '/', '/ems/skill-entry']) {
    const page = await (await request.get(path)).text();
    const files = [...page.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g)];
    expect(files.length, path).toBeGreaterThan(2);
    for (const [, file] of files) expect(await startsWithHint(file), `${path}: ${file}`).toBe(true);
  }
  // zod comes with the first form or write (web/first-screen.test.ts), in a file of its own
  const zod = /assets\/zod-[\w-]+\.js/.exec(await (await request.get('/sw.js')).text());
  expect(zod).not.toBeNull();
  expect(await startsWithHint(`/${zod![0]}`)).toBe(false);
});

/** The fonts (style, weight, size, family) the page draws text in that none of the landing styles asks for. */
const fontsNotWarmed = (page: Page) =>
  page.evaluate((styles) => {
    const font = (el: Element) => {
      const s = getComputedStyle(el);
      return `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    };
    const warmed = new Set(
      styles.map((style) => {
        const sample = document.body.appendChild(document.createElement('span'));
        sample.className = style;
        const found = font(sample);
        sample.remove();
        return found;
      }),
    );
    const drawsText = (el: Element) =>
      ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(el.tagName) ||
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    // laid out, so its font is looked up, whether shown or visibility: hidden
    const drawn = [...document.querySelectorAll('#root *')].filter((el) => drawsText(el) && el.checkVisibility());
    return [...new Set(drawn.map(font))].filter((f) => !warmed.has(f));
  }, LANDING_TYPE_STYLES);

test('the fonts the landing screens draw are all found before the first screen is drawn', async ({ page, context }) => {
  const landings = [
    { role: null, path: '/', heading: 'Public Safety Training Platform' },
    { role: null, path: '/login', heading: 'Sign in' },
    { role: 'student', path: '/', heading: 'My progress' },
    { role: 'preceptor', path: '/ems/skill-entry', heading: 'EMS Skill Entry & Tracking' },
    { role: 'director', path: '/', heading: /^Welcome back, / },
  ];
  for (const { role, path, heading } of landings) {
    await page.setViewportSize({ width: 390, height: 844 });
    if (role) {
      await context.clearCookies();
      await signIn(page, role);
    }
    if (!role || path !== '/') await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    if (role) await allRecordsHere(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await expect.poll(() => fontsNotWarmed(page), `${role ?? 'signed out'} ${path} at ${width}px`).toEqual([]);
    }
  }
});

test('when the session ends with a form open, the user signs in again over it and the draft is kept', async ({
  page,
  context,
}) => {
  await signIn(page, 'student');
  await page.goto('/messages');
  await page.getByRole('button', { name: 'Compose' }).click();
  const compose = page.getByRole('dialog', { name: 'Compose New Message' });
  await compose.getByLabel('Subject').fill('Half-typed question');

  // the session is revoked elsewhere; the device learns it when it next syncs
  const revoke = await page.request.post('/api/logout', { headers: { origin: new URL(page.url()).origin } });
  expect(revoke.status()).toBe(204);
  await context.setOffline(true);
  await context.setOffline(false);

  const ended = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(ended).toContainText('Everything saved on this device is safe');
  await ended.getByLabel('Password').fill(DEMO_PASSWORD);
  // Enter submits the form as the button does (a fresh-clone run once found the password field over the button's
  // centre for 30 s, not reproduced since: see the session note)
  await ended.getByLabel('Password').press('Enter');
  await expect(ended).toBeHidden();
  await expect(compose.getByLabel('Subject')).toHaveValue('Half-typed question');
  await expect(page).toHaveURL(/\/messages$/);
});
