/**
 * What the sign-off specs share: the test's own SMTP server, a fresh student account per test (so each test's records,
 * counts and sign-offs are its own whatever ran before), the preceptor's part of the sheet, sign-offs made through the
 * REST route as a device would send them (for tests about what happens after), and the server's database file.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import Database from 'better-sqlite3';

import { startSmtpInbox } from '../api/test/smtp-inbox.ts';
import { BASE_URL, DEMO_PASSWORD, E2E_DATA_DIR, SMTP_PORT } from '../playwright.config.ts';
import { PRECEPTOR_CREDENTIALS, signedContent, type SignedRecords, signOffContent } from '../schema/sign-off.ts';
import { apiAsAccount } from './helpers.ts';

let smtp: Awaited<ReturnType<typeof startSmtpInbox>> | null = null;

/** The app under test sends to this server (SMTP_URL in playwright.config.ts); a spec starts it for its tests. */
export async function startInbox() {
  smtp = await startSmtpInbox(SMTP_PORT);
}
export const stopInbox = () => smtp?.close();

/** The confirm links mailed to this address so far, oldest first. */
const linksMailedTo = (address: string) =>
  (smtp?.inbox ?? []).filter((m) => m.to === address).map((m) => /https?:\/\/\S+\/sign-off\/[\w-]+/.exec(m.text)![0]);

/** Resolves with the confirm link of the `nth` mail (1 = first) to this address once it has arrived. */
export async function mailedLink(address: string, nth = 1): Promise<string> {
  await expect.poll(() => linksMailedTo(address).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(nth);
  return linksMailedTo(address)[nth - 1];
}

/** A name no other test or run uses, so mail and queue rows can be told apart. */
export const unique = (label: string) => `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A separate API client with its own cookies, signed in as the account. Dispose it at the end of the test. */
export async function clientAs(email: string) {
  const context = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const { api, user } = await apiAsAccount(context, email);
  return { api, user, dispose: () => context.dispose() };
}

export interface TestStudent {
  id: string;
  email: string;
  name: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A student account of its own, enrolled in the demo's program of that name (the paramedic one by default). */
export async function newStudent(
  director: APIRequestContext,
  lastName: string,
  programName = 'Paramedic Program 2026',
): Promise<TestStudent> {
  const email = `${lastName.toLowerCase()}@students.e2e.test`;
  const programs = (await (await director.get('/api/programs')).json()) as { id: string; name: string }[];
  const programId = programs.find((p) => p.name === programName)!.id;
  const user = await director.post('/api/users', {
    data: { firstName: 'Quinn', lastName, email, role: 'student', password: DEMO_PASSWORD },
  });
  expect(user.ok()).toBe(true);
  const userId = ((await user.json()) as { id: string }).id;
  const student = await director.post('/api/students', {
    data: {
      firstName: 'Quinn',
      lastName,
      email,
      phone: '555-0142',
      studentId: lastName,
      programId,
      enrollmentDate: '2026-01-12',
      expectedGraduation: '2027-01-12',
      emsCertificationLevel: 'paramedic',
      userId,
    },
  });
  expect(student.ok()).toBe(true);
  return { id: ((await student.json()) as { id: string }).id, email, name: `Quinn ${lastName}` };
}

export interface Preceptor {
  name: string;
  credential: (typeof PRECEPTOR_CREDENTIALS)[number];
  number: string;
  agency: string;
  contact: string;
}

export const preceptorNamed = (name: string, contact: string): Preceptor => ({
  name,
  credential: 'Paramedic',
  number: 'NRP 123456',
  agency: 'County EMS',
  contact,
});

/**
 * Has a clinical site of the EMS programs list the preceptor's address, as a director would: the program then knows
 * them, and their confirmation by link counts at once (from an unknown address it waits for a coordinator).
 */
export async function siteListsPreceptor(preceptor: Preceptor) {
  const director = await clientAs('director@demo.test');
  const site = await director.api.post('/api/clinical-sites', {
    data: {
      name: `${preceptor.agency}, ${preceptor.contact}`,
      type: 'Ambulance Service',
      address: '1 Station Rd',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      phone: '555-0100',
      email: preceptor.contact,
      contactPerson: preceptor.name,
      contactTitle: 'Preceptor',
      maxStudents: 4,
      programTypes: ['ems'],
    },
  });
  expect(site.status()).toBe(201);
  await director.dispose();
}

/** Opens a screen from the menu, as on a phone: a change of screen within the app, which works with no signal. */
export async function openFromMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: label }).click();
}

/** The first skill of the student's skill entry, and its card. */
export async function firstSkill(page: Page) {
  const details = page.getByRole('button', { name: /^Details: / }).first();
  await expect(details).toBeVisible();
  return { name: (await details.getAttribute('aria-label'))!.replace(/^Details: /, ''), card: details.locator('..') };
}

/** A drawn signature: one stroke across the pad. */
export async function drawSignature(page: Page) {
  const box = (await page.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 80);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 20 + i * 12, box.y + 80 - Math.sin(i / 2) * 30);
  await page.mouse.up();
}

/** On the Sign-offs screen: asks to sign every unsigned record offered (`count` of them), and hands the phone over. */
export async function askToSign(page: Page, count: number) {
  await page.getByRole('button', { name: `Ask preceptor to sign (${count} unsigned)` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(count);
  await dialog.getByRole('button', { name: `Ask preceptor to sign (${count})` }).click();
}

/** The preceptor's part of the sheet before Sign: who they are, the attestation and the signature. */
export async function fillPreceptor(page: Page, p: Preceptor, cosignCode?: string) {
  await page.getByLabel(/^Preceptor name/).fill(p.name);
  await page.getByRole('combobox', { name: /^Credential/ }).selectOption(p.credential);
  await page.getByLabel(/^Credential number/).fill(p.number);
  await page.getByLabel(/^Agency/).fill(p.agency);
  await page.getByLabel(/^E-mail or phone/).fill(p.contact);
  if (cosignCode) await page.getByLabel(/^Co-sign code/).fill(cosignCode);
  await page.getByLabel(/I directly observed/).check();
  await drawSignature(page);
}

/** The whole sheet: asked, filled in and signed. Resolves once the device holds the sign-off. */
export async function signOnPhone(page: Page, count: number, p: Preceptor, cosignCode?: string) {
  await askToSign(page, count);
  await fillPreceptor(page, p, cosignCode);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

type AttemptRow = SignedRecords['attempts'][number];
type ContactRow = SignedRecords['contacts'][number];

/** Logs attempts for the student through REST (as their own, unverified) and answers the stored rows. */
export async function logAttempts(
  api: APIRequestContext,
  studentId: string,
  skillId: string,
  outcomes: readonly ('successful' | 'unsuccessful')[],
  more: { clinicalSiteId?: string } = {},
): Promise<AttemptRow[]> {
  const rows: AttemptRow[] = [];
  for (const outcome of outcomes) {
    const res = await api.post('/api/skill-attempts', {
      data: { studentId, skillId, attemptedAt: new Date().toISOString(), setting: 'clinical', outcome, ...more },
    });
    expect(res.ok()).toBe(true);
    rows.push((await res.json()) as AttemptRow);
  }
  return rows;
}

/** Logs one patient contact for the student through REST and answers the stored row. */
export async function logContact(
  api: APIRequestContext,
  studentId: string,
  more: { clinicalSiteId?: string } = {},
): Promise<ContactRow> {
  const res = await api.post('/api/patient-contacts', {
    data: {
      studentId,
      date: today(),
      setting: 'clinical',
      ageYears: 54,
      gender: 'female',
      chiefComplaints: ['Chest pain'],
      primaryImpression: 'ACS',
      teamLead: false,
      careLevel: 'als',
      disposition: 'transported',
      ...more,
    },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as ContactRow;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A sign-off as a student's device builds it (same canonical content and hashes), ready for POST /api/sign-offs. */
export function deviceSignOff(
  studentId: string,
  records: { attempts?: AttemptRow[]; contacts?: ContactRow[] },
  preceptor: Preceptor,
  capturedAt = new Date().toISOString(),
) {
  const attempts = records.attempts ?? [];
  const contacts = records.contacts ?? [];
  const args = {
    id: crypto.randomUUID(),
    studentId,
    records: [
      ...attempts.map((a) => ({ kind: 'attempt' as const, id: a.id })),
      ...contacts.map((c) => ({ kind: 'contact' as const, id: c.id })),
    ],
    contentHash: sha256(signedContent(studentId, { attempts, contacts, hours: [] })),
    previousHash: null,
    deviceId: `e2e-${crypto.randomUUID()}`,
    capturedAt,
    preceptor,
    attested: true as const,
    evaluation: {},
    teamLeadScores: {},
    signature: { width: 300, height: 120, strokes: [[10, 10, 40, 30, 80, 20]] },
  };
  return { ...args, hash: sha256(signOffContent(args)) };
}

/** Sends such a sign-off, for tests of what happens after it arrives; answers the stored sign-off's id. */
export async function signOffByApi(studentApi: APIRequestContext, ...made: Parameters<typeof deviceSignOff>) {
  const signOff = deviceSignOff(...made);
  const res = await studentApi.post('/api/sign-offs', { data: signOff });
  expect(res.status(), await res.text()).toBe(201);
  return signOff.id;
}

/**
 * Moves a confirm link's expiry to this time in the server's database (opened beside the running server, WAL): what
 * only a week's wait would otherwise do. The link is then checked by a real request, as any other.
 */
export function setLinkExpiry(link: string, at: string) {
  const db = new Database(join(E2E_DATA_DIR, 'training-records.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const token = link.split('/').pop()!;
    const { changes } = db.prepare('update sign_off_links set expires_at = ? where id = ?').run(at, sha256(token));
    expect(changes).toBe(1);
  } finally {
    db.close();
  }
}

/** A sign-off as the server holds it. */
export async function serverSignOff(api: APIRequestContext, id: string) {
  const rows = (await (await api.get('/api/sign-offs')).json()) as { id: string; status: string }[];
  return rows.find((s) => s.id === id);
}
