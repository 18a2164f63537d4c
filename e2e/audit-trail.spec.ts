import { expect, test } from '@playwright/test';

import { apiAs, signIn } from './helpers.ts';

test('a director reads who changed a student, filters to that record and exports the trail as CSV', async ({
  page,
  request,
}) => {
  const director = await apiAs(request, 'director');
  const students = (await (await director.get('/api/students')).json()) as { id: string; phone: string }[];
  const target = students[0];
  const newPhone = `555-${Date.now() % 10000}`;
  expect((await director.patch(`/api/students/${target.id}`, { data: { phone: newPhone } })).ok()).toBe(true);

  await signIn(page, 'director');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 2 })).toBeVisible();
  await page.getByLabel('Record type').selectOption('students');
  await page.getByLabel('Record id').fill(target.id);
  await page.getByRole('button', { name: 'Apply' }).click();
  const latest = page.getByRole('main').getByRole('listitem').first();
  await expect(latest).toContainText('update · Students');
  await expect(latest).toContainText(`${target.phone} → ${newPhone}`);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await (await download).createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv).toContain(`,update,phone,${target.phone},${newPhone}`);
  expect(
    csv
      .split('\r\n')
      .filter(Boolean)
      .every((line, i) => i === 0 || line.includes(target.id)),
  ).toBe(true);
});

test('the audit trail is not offered to an instructor, and refused if opened directly', async ({ page }) => {
  await signIn(page, 'instructor');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Trail' })).toHaveCount(
    0,
  );
  await page.goto('/audit-trail');
  await expect(page.getByText('Only directors and administrators can read the audit trail.')).toBeVisible();
});
