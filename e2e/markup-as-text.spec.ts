import { expect, test } from '@playwright/test';

import { apiAs, signIn } from './helpers.ts';

const MARKUP = `<img src=x onerror="window.__injected=1">`;

test('names and notes containing markup show as text on every screen that shows them, and never run', async ({
  page,
  request,
}) => {
  const director = await apiAs(request, 'director');
  const programs = (await (await director.get('/api/programs')).json()) as { id: string; type: string }[];
  const ems = programs.find((p) => p.type === 'ems')!;
  const code = `XSS-${Date.now() % 100000}`;
  const created = await director.post('/api/students', {
    data: {
      firstName: MARKUP,
      lastName: '<b>Bold</b>',
      email: `${code.toLowerCase()}@example.org`,
      phone: '555-0101',
      studentId: code,
      programId: ems.id,
      enrollmentDate: '2026-01-12',
      expectedGraduation: '2027-01-15',
      address: '<script>window.__injected=2</script>',
    },
  });
  expect(created.ok()).toBe(true);
  const users = (await (await director.get('/api/users')).json()) as { id: string; email: string }[];
  const preceptor = users.find((u) => u.email === 'preceptor@demo.test')!;
  expect(
    (
      await director.post('/api/messages', {
        data: { recipientId: preceptor.id, subject: MARKUP, content: '<i>hello</i>' },
      })
    ).ok(),
  ).toBe(true);

  await signIn(page, 'director');
  for (const path of [
    '/students',
    `/students?q=${code}`,
    '/student-management',
    '/ems/skill-entry',
    '/reports/progress',
    '/audit-trail',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  }
  await page.goto(`/students?q=${code}`);
  await expect(page.getByText(MARKUP, { exact: false }).first()).toBeVisible();
  await page.goto(`/reports/progress?q=${code}`);
  await expect(page.getByText(MARKUP, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect(await page.locator('img[src="x"], b:text("Bold")').count()).toBe(0);

  await signIn(page, 'preceptor');
  await page.goto('/messages');
  await expect(page.getByText(MARKUP).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect(await page.locator('img[src="x"], i:text("hello")').count()).toBe(0);
});
