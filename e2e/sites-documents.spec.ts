import { readFile } from 'node:fs/promises';

import { expect, type Page, test } from '@playwright/test';
import { addDays, format } from 'date-fns';

import { apiAs, signIn } from './helpers.ts';

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const siteCard = (page: Page, name: string) => page.getByRole('article', { name });
/** The dialog element itself has no box of its own (its panel is fixed-positioned), so its title tells whether it shows. */
const dialogTitle = (page: Page, name: string) => page.getByRole('dialog').getByRole('heading', { name, exact: true });

test('a director adds, edits and deletes a clinical site', async ({ page, request }) => {
  const name = unique('E2E Mercy Hospital');
  await signIn(page, 'director');
  await page.goto('/clinical-sites');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Clinical Sites', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Clinical Site' }).click();
  const add = page.getByRole('dialog', { name: 'Add Clinical Site' });
  await add.getByLabel('Site Name').fill(name);
  await add.getByLabel('Site Type').selectOption('Hospital');
  await add.getByLabel('Address').fill('12 Harbor Road');
  await add.getByLabel('City').fill('Riverton');
  await add.getByLabel('State').fill('WY');
  await add.getByLabel('ZIP Code').fill('82501');
  await add.getByLabel('Phone').fill('555-0142');
  await add.getByLabel('Email').fill('education@mercy-e2e.example');
  await add.getByLabel('Contact Person').fill('Dana Reyes');
  await add.getByLabel('Contact Title').fill('Clinical Educator');
  await add.getByLabel('Maximum Students').fill('5');
  await add.getByLabel('EMS').check();
  await add.getByLabel('Insurance required').uncheck();
  await add.getByRole('button', { name: 'Add Clinical Site' }).click();
  await expect(page.getByText('Clinical site created successfully')).toBeVisible();
  await expect(dialogTitle(page, 'Add Clinical Site')).toBeHidden();

  const card = siteCard(page, name);
  await expect(card).toContainText('12 Harbor Road, Riverton, WY 82501');
  await expect(card).toContainText('0/5 students');
  await expect(card).toContainText('Dana Reyes, Clinical Educator');
  await expect(card).toContainText('Background Check');
  await expect(card).not.toContainText('Insurance');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Clinical Site' });
  await expect(edit.getByLabel('Site Name')).toHaveValue(name);
  await edit.getByLabel('Maximum Students').fill('9');
  await edit.getByLabel('Phone').fill('555-0199');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Clinical site updated successfully')).toBeVisible();
  await expect(card).toContainText('0/9 students');
  await expect(card).toContainText('555-0199');

  const api = await apiAs(request, 'director');
  const stored = (await (await api.get('/api/clinical-sites')).json()).find((s: { name: string }) => s.name === name);
  expect(stored).toMatchObject({ maxStudents: 9, phone: '555-0199', requiresInsurance: false, programTypes: ['ems'] });

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Clinical Site' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Clinical site deleted successfully')).toBeVisible();
  await expect(card).toBeHidden();
  const after = await (await api.get('/api/clinical-sites')).json();
  expect(after.some((s: { name: string }) => s.name === name)).toBe(false);
});

test('a director uploads a document, downloads the same bytes and deletes it', async ({ page, request }) => {
  const name = unique('E2E Rotation Policy');
  const content = `Rotation policy\nArrive 15 minutes early.\n${name}\n`;
  await signIn(page, 'director');
  await page.goto('/documents?upload=1');
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialogTitle(page, 'Upload Document')).toBeVisible();
  await expect(page).toHaveURL(/\/documents$/);
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'rotation-policy.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
  await dialog.getByLabel('Document Name').fill(name);
  await dialog.getByLabel('Description').fill('What students must know before a rotation');
  await dialog.getByLabel('Document Type').selectOption('Policy');
  await dialog.getByLabel('Program Type').selectOption('ems');
  await dialog.getByLabel(/^Public/).check();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Document uploaded successfully')).toBeVisible();
  await expect(dialogTitle(page, 'Upload Document')).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Policy');
  await expect(card).toContainText('EMS');
  await expect(card).toContainText('Public');
  await expect(card).toContainText(`${Buffer.byteLength(content)} Bytes`);

  await page.getByLabel('Search documents').fill(name);
  await expect(page.getByRole('article')).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download ${name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.txt`);
  expect((await readFile(await download.path())).toString()).toBe(content);

  await card.getByRole('button', { name: `View ${name}` }).click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText('rotation-policy.txt');
  await details.getByRole('button', { name: 'Close' }).first().click();

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Document' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted successfully')).toBeVisible();
  await expect(card).toBeHidden();
  const api = await apiAs(request, 'director');
  const docs = await (await api.get('/api/documents')).json();
  expect(docs.some((d: { name: string }) => d.name === name)).toBe(false);
});

test("a preceptor request filed by a student reaches the director's review panel, and approving it places the student", async ({
  browser,
  request,
}) => {
  const siteName = unique('E2E Placement Site');
  const api = await apiAs(request, 'director');
  const created = await api.post('/api/clinical-sites', {
    data: {
      name: siteName,
      type: 'Ambulance Service',
      address: '4 Depot Lane',
      city: 'Riverton',
      state: 'WY',
      zipCode: '82501',
      phone: '555-0150',
      email: 'ops@placement-e2e.example',
      contactPerson: 'Capt. Rosa Diaz',
      contactTitle: 'Field Supervisor',
      maxStudents: 2,
      programTypes: ['ems'],
    },
  });
  expect(created.status()).toBe(201);
  const site = await created.json();
  const preferred = format(addDays(new Date(), 3), 'yyyy-MM-dd');
  const justification = `Need supervised airway practice before my exam (${siteName})`;

  const student = await browser.newPage();
  await signIn(student, 'student');
  await student.goto('/clinical-sites');
  await expect(siteCard(student, siteName)).toBeVisible();
  await expect(student.getByRole('heading', { name: 'Preceptor Requests' })).toHaveCount(0);
  await siteCard(student, siteName).getByRole('button', { name: 'Request Preceptor' }).click();
  const form = student.getByRole('dialog', { name: 'Request Preceptor' });
  await expect(form.getByLabel('Clinical Site')).toHaveValue(site.id);
  await form.getByLabel('Preferred date').fill(preferred);
  await form.getByRole('button', { name: 'Add Date' }).click();
  await form.getByLabel('Airway Management').check();
  await form.getByLabel('Justification').fill(justification);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(student.getByText('Your preceptor request has been submitted for approval')).toBeVisible();
  // the student's device keeps the request until it reaches the server: wait for the server to have it
  await expect
    .poll(
      async () =>
        ((await (await api.get('/api/preceptor-requests')).json()) as { justification: string }[]).some(
          (r) => r.justification === justification,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await student.close();

  const director = await browser.newPage();
  await signIn(director, 'director');
  await director.goto('/clinical-sites');
  const panel = director.getByRole('region', { name: 'Preceptor Requests' });
  const pending = panel.getByRole('listitem', { name: /^Request from / }).filter({ hasText: justification });
  await expect(pending).toContainText(siteName);
  await expect(pending).toContainText('Airway Management');
  await expect(pending).toContainText(format(addDays(new Date(), 3), 'MMM d, yyyy'));
  await expect(siteCard(director, siteName)).toContainText('0/2 students');

  await pending.getByLabel('Review notes').fill('Cleared with the field supervisor');
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(director.getByText('Request Approved')).toBeVisible();
  await expect(pending).toBeHidden();
  const recent = panel.getByRole('listitem').filter({ hasText: siteName });
  await expect(recent).toContainText('Approved');
  await expect(recent).toContainText('Cleared with the field supervisor');
  await expect(siteCard(director, siteName)).toContainText('1/2 students');

  const reviewed = (await (await api.get('/api/preceptor-requests')).json()).find(
    (r: { justification: string }) => r.justification === justification,
  );
  expect(reviewed).toMatchObject({
    status: 'approved',
    approvalLevel: 'director',
    reviewNotes: 'Cleared with the field supervisor',
    requestedDates: [preferred],
  });
  await director.close();
});
