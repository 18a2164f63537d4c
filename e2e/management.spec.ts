import { expect, type Page, test } from '@playwright/test';
import { addDays, format } from 'date-fns';

import { allChangesSent, apiAs, signIn } from './helpers.ts';

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function openTab(page: Page, path: string, tab: string) {
  await page.goto(path);
  await page.getByRole('tab', { name: tab }).click();
}

const allChangesSaved = allChangesSent;

for (const role of ['director', 'clinical_coordinator', 'instructor']) {
  test(`the management screens render for ${role}`, async ({ page }) => {
    await signIn(page, role);

    await page.goto('/student-management');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Student Records', exact: true })).toBeVisible();
    for (const tile of ['Total Students', 'Active', 'Graduates', 'Average Progress']) {
      await expect(page.getByText(tile, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole('list', { name: 'Students' }).getByRole('button').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Full Profile' })).toBeVisible();

    await page.goto('/clinical-management');
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Clinical Management', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Active Sites', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Clinical sites' }).getByRole('button').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Clinical Site' })).toHaveCount(role === 'instructor' ? 0 : 1);

    await page.goto('/accreditation-management');
    await expect(page.getByRole('heading', { name: 'Accreditation Management', exact: true })).toBeVisible();
    const requirements = page.getByRole('list', { name: 'Accreditation requirements' });
    await expect(requirements.getByRole('article').first()).toBeVisible();
    // only directors and administration update requirements
    if (role === 'director') await expect(requirements.getByRole('button', { name: 'Complete' }).first()).toBeVisible();
    else await expect(requirements.getByRole('button', { name: 'Complete' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Resource Assessment Matrix (RAM)' }).click();
    await expect(page.getByRole('heading', { name: 'Resource Assessment Matrix 2025' })).toBeVisible();
  });
}

test('student search covers the student ID only; the detail panel links to the progress report', async ({ page }) => {
  await signIn(page, 'director');
  await page.goto('/student-management');
  const list = page.getByRole('list', { name: 'Students' });
  const first = list.getByRole('button').first();
  await expect(first).toBeVisible();
  const studentId = (await first.textContent())!.match(/STU-\d+/)![0];
  await page.getByLabel('Search by student ID').fill(studentId.toLowerCase());
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'View Progress Report' })).toHaveAttribute(
    'href',
    `/reports/progress?q=${studentId}`,
  );
  await expect(page.getByRole('link', { name: 'Schedule Assessment' })).toHaveAttribute(
    'href',
    '/ems/skill-entry?tab=scheduled',
  );
  await page.getByRole('button', { name: 'View Full Profile' }).click();
  await expect(page.getByRole('dialog')).toContainText(studentId);
  await page.keyboard.press('Escape');

  // a first name is not a student ID
  await page.getByLabel('Search by student ID').fill('Adams');
  await expect(page.getByText('No students found')).toBeVisible();
});

test('a clinical time request appears in My Requests and reaches the server', async ({ page, request }) => {
  const note = unique('E2E bring own stethoscope');
  const day = format(addDays(new Date(), 10), 'yyyy-MM-dd');
  await signIn(page, 'clinical_coordinator');
  await openTab(page, '/clinical-management', 'Time Requests');
  const form = page.getByRole('form', { name: 'Clinical time request' });
  await form.getByLabel('Clinical Site').selectOption({ label: 'St. Mary Regional Medical Center' });
  await form.getByLabel('Student').selectOption({ index: 1 });
  await form.getByLabel('Start Date & Time').fill(`${day}T07:00`);
  await form.getByLabel('End Date & Time').fill(`${day}T19:00`);
  await form.getByLabel('Requested Hours').fill('12');
  await form.getByLabel('Certification Level').selectOption('paramedic');
  await form.getByLabel('Skills Focus').fill('Airway management');
  await form.getByLabel('Special Requirements').fill(note);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Clinical time request submitted successfully')).toBeVisible();

  const mine = page
    .getByRole('list', { name: 'My requests' })
    .getByRole('listitem')
    .filter({ hasText: 'St. Mary Regional Medical Center' })
    .first();
  await expect(mine).toContainText('12 hours');
  await expect(mine).toContainText('Pending');
  await allChangesSaved(page);

  const api = await apiAs(request, 'director');
  const rows = await (await api.get('/api/requests/clinical-time')).json();
  const filed = rows.filter((r: { specialRequirements: string | null }) => r.specialRequirements === note);
  expect(filed).toHaveLength(1);
  expect(filed[0]).toMatchObject({
    status: 'pending',
    requestedHours: 12,
    certificationLevel: 'paramedic',
    skillsFocus: 'Airway management',
  });
});

test('a site e-mail address is validated, added and listed', async ({ page, request }) => {
  const address = `e2e-${Date.now().toString(36)}@sites.example`;
  await signIn(page, 'director');
  await openTab(page, '/clinical-management', 'Email Management');
  const form = page.getByRole('form', { name: 'Add email address' });
  await form.getByRole('button', { name: 'Add Email' }).click();
  await expect(page.getByText('Please select a clinical site').first()).toBeVisible();
  await form.getByRole('combobox').selectOption({ label: 'Metro County EMS Station 4' });
  await form.getByRole('button', { name: 'Add Email' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();

  await form.getByLabel(/^Email Address/).fill(address);
  await form.getByLabel('Contact Name').fill('E2E Dispatch');
  await form.getByLabel('Primary contact address').check();
  await form.getByRole('button', { name: 'Add Email' }).click();
  await expect(page.getByText('Email address added successfully')).toBeVisible();
  const listed = page
    .getByRole('list', { name: 'E-mail addresses of Metro County EMS Station 4' })
    .getByRole('listitem')
    .filter({ hasText: address });
  await expect(listed).toContainText('E2E Dispatch');
  await expect(listed).toContainText('Primary');

  const api = await apiAs(request, 'director');
  const emails = await (await api.get('/api/site-emails')).json();
  expect(emails.filter((e: { emailAddress: string }) => e.emailAddress === address)).toHaveLength(1);

  await listed.getByRole('button', { name: `Remove ${address}` }).click();
  await page.getByRole('dialog', { name: 'Remove Email Address' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Email address removed successfully')).toBeVisible();
  await expect(listed).toHaveCount(0);
  const after = await (await api.get('/api/site-emails')).json();
  expect(after.filter((e: { emailAddress: string }) => e.emailAddress === address)).toHaveLength(0);
});

test('a director starts an accreditation requirement', async ({ page, request }) => {
  await signIn(page, 'director');
  await page.goto('/accreditation-management');
  const pending = page
    .getByRole('list', { name: 'Accreditation requirements' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Start', exact: true }) })
    .first();
  const title = (await pending.getByRole('heading').textContent())!;
  await pending.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('Requirement updated successfully')).toBeVisible();
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card).toContainText('In Progress');
  await expect(card.getByRole('button', { name: 'Started' })).toBeDisabled();

  const api = await apiAs(request, 'director');
  const stored = (await (await api.get('/api/accreditation/requirements')).json()).find(
    (r: { title: string }) => r.title === title,
  );
  expect(stored.completionStatus).toBe('in_progress');
});

test('a director saves a RAM assessment', async ({ page, request }) => {
  await signIn(page, 'director');
  await openTab(page, '/accreditation-management', 'Resource Assessment Matrix (RAM)');
  const open = page
    .getByRole('list', { name: 'RAM 2025' })
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Complete Assessment' }) })
    .first();
  const area = (await open.getByRole('heading').textContent())!;
  const card = page.getByRole('article', { name: area, exact: true });
  await card.getByRole('button', { name: 'Complete Assessment' }).click();
  const save = card.getByRole('button', { name: 'Save Assessment' });
  await expect(save).toBeDisabled();
  await card.getByLabel('Compliance Percentage').selectOption('85');
  await card.getByLabel('Improvement Plan').fill('  Recruit two more adjunct instructors.  ');
  await save.click();
  await expect(page.getByText('RAM assessment updated successfully')).toBeVisible();
  await expect(card).toContainText('Completed');
  await expect(card).toContainText('85%');
  await expect(card.getByRole('button', { name: 'Complete Assessment' })).toHaveCount(0);

  const api = await apiAs(request, 'director');
  const stored = (await (await api.get('/api/ram/assessments?year=2025')).json()).find(
    (r: { componentArea: string }) => r.componentArea === area,
  );
  expect(stored).toMatchObject({
    status: 'completed',
    compliancePercentage: 85,
    improvementPlan: 'Recruit two more adjunct instructors.',
  });
  expect(stored.assessmentDate).toBeTruthy();
});

test('a clinical coordinator adds a site with the simple Add Clinical Site modal', async ({ page }) => {
  const name = unique('E2E Lakeside Clinic');
  await signIn(page, 'clinical_coordinator');
  await page.goto('/clinical-management');
  await page.getByRole('button', { name: 'Add Clinical Site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Clinical Site' });
  await dialog.getByRole('button', { name: 'Add Site' }).click();
  await expect(dialog.getByText('Site name is required')).toBeVisible();
  await dialog.getByLabel('Site Name').fill(name);
  await dialog.getByLabel('Site Type').selectOption('clinic');
  await dialog.getByLabel('Capacity').fill('3');
  await dialog.getByLabel('Address').fill('9 Lake Road');
  await dialog.getByLabel('Contact Person').fill('Pat Quinn');
  await dialog.getByLabel('Contact Email').fill('pat@lakeside.example');
  await dialog.getByLabel('Contact Phone').fill('555-0177');
  await dialog.getByRole('button', { name: 'Add Site' }).click();
  await expect(page.getByText('Clinical site added successfully')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Clinical sites' }).getByRole('button', { name: new RegExp(name) }),
  ).toContainText('0/3');
});
