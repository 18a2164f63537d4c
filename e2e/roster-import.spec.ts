import { expect, test } from '@playwright/test';

import { signIn } from './helpers.ts';

const HEADER = 'First Name,Last Name,Email,Phone,Student ID,Enrollment Date,Expected Graduation\n';
const roster = (suffix: string, firstOfSecond: string) =>
  Buffer.from(
    `${HEADER}Ana,Import,ana.${suffix}@example.org,555-0100,E2E-A-${suffix},2026-01-12,2026-12-15\n` +
      `${firstOfSecond},Import,ben.${suffix}@example.org,555-0101,E2E-B-${suffix},2026-01-12,2026-12-15\n`,
  );

test('a director maps a roster, sees each row’s error, then imports the corrected file at a desk', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const suffix = String(Date.now());
  await signIn(page, 'director');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster Import' }).click();
  await expect(page.getByRole('heading', { name: 'Roster Import', level: 2 })).toBeVisible();
  await page.getByLabel('Program').selectOption({ index: 1 });
  await page.getByLabel('The file holds').selectOption('students');

  const file = page.getByLabel('File (CSV or XLSX)');
  await file.setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: roster(suffix, '') });
  await page.getByRole('button', { name: 'Read file' }).click();
  await expect(page.getByLabel('Student ID *')).toHaveValue('Student ID');
  await page.getByRole('button', { name: 'Check every row' }).click();
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row', { name: /3 First name First Name First name is required/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();

  await file.setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: roster(suffix, 'Ben') });
  await page.getByRole('button', { name: 'Read file' }).click();
  await page.getByRole('button', { name: 'Check every row' }).click();
  await expect(
    page.getByText('Every row can be imported: 2 new, 0 updated, 0 unchanged. Nothing is saved yet.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Imported: 2 new, 0 updated, 0 unchanged.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('roster-import-desk.png'), fullPage: true });
});
