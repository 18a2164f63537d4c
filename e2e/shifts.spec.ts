/**
 * Shift scheduling on two phones at 390x844 (issue 30): both book the last slot of a shift while offline and see it
 * pending; back online, exactly one is confirmed and the other is told "slot taken" with other shifts offered. A
 * student whose immunization has expired sees why they cannot book a shift that requires one.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';

import { BASE_URL, DEMO_PASSWORD } from '../playwright.config.ts';
import { SHIFT_MSG } from '../schema/messages.ts';
import { allChangesSent, apiAs, waitUntilReadyOffline } from './helpers.ts';

const PHONE = { width: 390, height: 844 };
const SECOND = { email: 'second.phone@demo.test', password: 'second-phone-password' };
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A phone of its own (cookies, storage, offline switch) signed in as this account, on its shifts screen. */
async function phone(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: BASE_URL });
  const page = await context.newPage();
  const res = await page.request.post('/api/login', { data: { email, password }, headers: { origin: BASE_URL } });
  expect(res.ok()).toBe(true);
  await page.goto('/shifts');
  await expect(page.getByRole('heading', { name: 'My Shifts' })).toBeVisible();
  await waitUntilReadyOffline(page);
  return page;
}

const shiftCard = (page: Page, unit: string) => page.locator('div.rounded-xl').filter({ hasText: unit });

test('two phones book the last slot offline: one is confirmed, the other told "slot taken"', async ({
  browser,
  request,
}) => {
  const api = await apiAs(request, 'director');
  const students = (await (await api.get('/api/students?search=student@demo.test')).json()) as {
    id: string;
    email: string;
    programId: string;
  }[];
  const demo = students.find((s) => s.email === 'student@demo.test')!;
  const user = await api.post('/api/users', {
    data: { firstName: 'Second', lastName: 'Phone', email: SECOND.email, role: 'student', password: SECOND.password },
  });
  expect(user.ok()).toBe(true);
  const record = await api.post('/api/students', {
    data: {
      firstName: 'Second',
      lastName: 'Phone',
      email: SECOND.email,
      phone: '555-0190',
      studentId: 'STU-E2E-2',
      programId: demo.programId,
      enrollmentDate: day(-30),
      expectedGraduation: day(200),
      userId: ((await user.json()) as { id: string }).id,
    },
  });
  expect(record.ok()).toBe(true);
  const post = (unit: string, over: Record<string, unknown> = {}) =>
    api.post('/api/shifts', {
      data: {
        programId: demo.programId,
        type: 'clinical',
        unit,
        date: day(4),
        startTime: '07:00',
        durationMinutes: 720,
        slots: 1,
        ...over,
      },
    });
  expect((await post('Last slot ED')).ok()).toBe(true);
  expect((await post('Other ED', { date: day(5), slots: 3 })).ok()).toBe(true);
  expect((await post('Needs shots', { date: day(6), requiredCredentials: ['immunization'] })).ok()).toBe(true);
  const lapsed = await api.post('/api/student-credentials', {
    data: { studentId: demo.id, kind: 'immunization', expiresOn: day(-2) },
  });
  expect(lapsed.ok()).toBe(true);

  const first = await phone(browser, 'student@demo.test', DEMO_PASSWORD);
  const second = await phone(browser, SECOND.email, SECOND.password);
  await expect(shiftCard(first, 'Needs shots')).toContainText(`Cannot book: Immunization expired on ${day(-2)}`);
  await expect(shiftCard(first, 'Needs shots').getByRole('button', { name: 'Book' })).toBeDisabled();

  for (const page of [first, second]) {
    await page.context().setOffline(true);
    await shiftCard(page, 'Last slot ED').getByRole('button', { name: 'Book' }).click();
    await expect(shiftCard(page, 'Last slot ED')).toContainText('Pending sync');
  }

  await first.context().setOffline(false);
  await allChangesSent(first);
  await expect(shiftCard(first, 'Last slot ED')).toContainText('Confirmed');

  await second.context().setOffline(false);
  await second.getByRole('button', { name: '1 need attention' }).click();
  const panel = second.getByRole('heading', { name: 'Changes the server did not accept' }).locator('..');
  await expect(panel).toContainText(SHIFT_MSG.slotTaken);
  await expect(panel.getByTestId('next-open-shifts')).toContainText('Other ED');

  const booked = (await (await api.get(`/api/shifts?from=${day(4)}&days=1`)).json()) as {
    data: { unit: string; booked: { name: string }[] }[];
  };
  expect(booked.data.find((s) => s.unit === 'Last slot ED')!.booked).toHaveLength(1);
});
