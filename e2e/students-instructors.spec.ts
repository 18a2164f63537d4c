import { expect, type Page, test } from '@playwright/test';

import { SAVED_OFFLINE } from '../schema/messages.ts';
import { allChangesSent, apiAs, signIn, waitUntilReadyOffline } from './helpers.ts';

// each test fills whole forms and waits for several sync rounds: more than the default 30 s on a busy machine
test.describe.configure({ timeout: 60_000 });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

const cardOf = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

const waitForSync = allChangesSent;

/** The server's answer, asked again until it matches: a change reaches it moments after the screen shows it. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

async function addStudent(page: Page, s: { firstName: string; lastName: string; code: string; email: string }) {
  await page.getByRole('button', { name: 'Add Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Student' });
  await dialog.getByLabel('First Name').fill(s.firstName);
  await dialog.getByLabel('Last Name').fill(s.lastName);
  await dialog.getByLabel('Email').fill(s.email);
  await dialog.getByLabel('Phone', { exact: true }).fill('555-0199');
  await dialog.getByLabel('Student ID').fill(s.code);
  await dialog.getByRole('combobox', { name: /^Program/ }).selectOption({ label: 'EMT Basic Spring' });
  await dialog.getByLabel('Enrollment Date').fill('2026-01-12');
  await dialog.getByLabel('Expected Graduation').fill('2026-06-30');
  await dialog.getByLabel('Emergency Contact (optional)').fill('Lee Chen');
  await dialog.getByRole('button', { name: 'Add Student' }).click();
  // the dialog's root has no box of its own (its panel is fixed): its button tells whether it is open
  await expect(dialog.getByRole('button', { name: 'Add Student' })).toBeHidden();
}

test('a director adds, edits and deletes a student; each change reaches the server', async ({ page, request }) => {
  await signIn(page, 'director');
  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Student Management', level: 2 })).toBeVisible();
  const id = unique();
  const student = { firstName: 'Robin', lastName: `Tester${id}`, code: `E2E-${id}`, email: `robin.${id}@example.test` };
  const name = `${student.firstName} ${student.lastName}`;
  const api = await apiAs(request, 'director');
  const onServer = async () =>
    (
      (await (await api.get('/api/students')).json()) as {
        studentId: string;
        phone: string;
        emergencyContact: string | null;
      }[]
    ).find((s) => s.studentId === student.code);

  await addStudent(page, student);
  await expect(page.getByText('Student added successfully')).toBeVisible();
  // the list draws the cards in view; among many students, a director finds the new one by its code
  await page.getByRole('main').getByLabel('Search', { exact: true }).fill(student.code);
  await expect(page.getByRole('tab', { name: 'All Students (1)' })).toBeVisible();
  await expect(cardOf(page, name)).toContainText('EMT Basic Spring');
  await eventually(onServer).toMatchObject({ phone: '555-0199', emergencyContact: 'Lee Chen' });

  await cardOf(page, name)
    .getByRole('button', { name: `View ${name}` })
    .click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText('Lee Chen');
  await details.getByRole('button', { name: 'Close' }).click();

  await cardOf(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Student' });
  await expect(edit.getByLabel('Student ID')).toHaveValue(student.code);
  await edit.getByLabel('Phone', { exact: true }).fill('555-0142');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Student updated successfully')).toBeVisible();
  await expect(cardOf(page, name)).toContainText('555-0142');
  await eventually(onServer).toMatchObject({ phone: '555-0142', emergencyContact: 'Lee Chen' });

  await cardOf(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete Student' });
  await expect(confirm).toContainText('remove the student from all programs');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Student has been removed successfully.')).toBeVisible();
  await expect(cardOf(page, name)).toHaveCount(0);
  await eventually(onServer).toBeUndefined();
});

test('a student added offline shows at once as pending and reaches the server once back online', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, 'director');
  await page.goto('/students');
  // the device's first pull has brought the students and programs (the form needs a program to choose)
  await expect(page.getByRole('tab', { name: /^All Students \(\d+\)$/ })).toBeVisible();
  await waitForSync(page);
  await waitUntilReadyOffline(page);
  const id = unique();
  const student = {
    firstName: 'Offline',
    lastName: `Entry${id}`,
    code: `OFF-${id}`,
    email: `offline.${id}@example.test`,
  };
  const name = `${student.firstName} ${student.lastName}`;

  await context.setOffline(true);
  await addStudent(page, student);
  // nothing has left the device yet: the toast says so
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  await page.getByRole('main').getByLabel('Search', { exact: true }).fill(student.code);
  await expect(cardOf(page, name)).toContainText('Pending sync');
  await expect(page.getByTestId('pending-count')).toHaveText('1 pending');

  await context.setOffline(false);
  await waitForSync(page);
  await expect(cardOf(page, name)).not.toContainText('Pending sync');
  const api = await apiAs(request, 'director');
  const rows = (await (await api.get('/api/students')).json()) as { studentId: string; firstName: string }[];
  // the pending badge went only once the server acknowledged the change, so it is there now, exactly once
  expect(rows.filter((s) => s.studentId === student.code)).toEqual([expect.objectContaining({ firstName: 'Offline' })]);
});

test('administration adds, edits and deletes an instructor; each change reaches the server', async ({
  page,
  request,
}) => {
  await signIn(page, 'administration');
  await page.goto('/instructors');
  await expect(page.getByRole('heading', { name: 'Instructor Management' })).toBeVisible();
  const id = unique();
  const name = `Jamie Coach${id}`;
  const employeeId = `EMP-${id}`;
  const api = await apiAs(request, 'administration');
  type ApiInstructor = {
    employeeId: string;
    title: string;
    programTypes: string[];
    certifications: string[];
    isActive: boolean;
  };
  const onServer = async () =>
    ((await (await api.get('/api/instructors')).json()) as ApiInstructor[]).find((i) => i.employeeId === employeeId);

  await page.getByRole('button', { name: 'Add Instructor' }).click();
  const add = page.getByRole('dialog', { name: 'Add Instructor' });
  await add.getByLabel('First Name').fill('Jamie');
  await add.getByLabel('Last Name').fill(`Coach${id}`);
  await add.getByLabel('Email').fill(`jamie.${id}@example.test`);
  await add.getByLabel('Phone').fill('555-0177');
  await add.getByLabel('Employee ID').fill(employeeId);
  await add.getByLabel('Job Title').fill('Fire Instructor');
  await add.getByRole('combobox', { name: /^Department/ }).selectOption('Fire Science');
  await add.getByLabel('Hire Date').fill('2021-03-01');
  await add.getByRole('checkbox', { name: 'Fire', exact: true }).check();
  await add.getByRole('checkbox', { name: 'Hazmat Operations' }).check();
  await add.getByRole('button', { name: 'Add Instructor' }).click();
  await expect(page.getByText('Instructor added successfully')).toBeVisible();
  await expect(add.getByRole('button', { name: 'Add Instructor' })).toBeHidden();
  await expect(cardOf(page, name)).toContainText('Fire Instructor');
  await expect(cardOf(page, name)).toContainText('Hazmat Operations');
  expect(await onServer()).toMatchObject({
    title: 'Fire Instructor',
    programTypes: ['fire'],
    certifications: ['Hazmat Operations'],
    isActive: true,
  });

  await cardOf(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Instructor' });
  await expect(edit.getByLabel('Employee ID')).toHaveValue(employeeId);
  await edit.getByLabel('Job Title').fill('Senior Fire Instructor');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Instructor updated successfully')).toBeVisible();
  await expect(cardOf(page, name)).toContainText('Senior Fire Instructor');
  expect(await onServer()).toMatchObject({ title: 'Senior Fire Instructor', certifications: ['Hazmat Operations'] });

  await cardOf(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete Instructor' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Instructor deleted successfully')).toBeVisible();
  await expect(cardOf(page, name)).toHaveCount(0);
  expect(await onServer()).toBeUndefined();
});

test('the server refuses a second instructor with the same e-mail; the message shows under the field', async ({
  page,
}) => {
  await signIn(page, 'administration');
  await page.goto('/instructors');
  await page.getByRole('button', { name: 'Add Instructor' }).click();
  const add = page.getByRole('dialog', { name: 'Add Instructor' });
  await add.getByLabel('First Name').fill('Dup');
  await add.getByLabel('Last Name').fill('Licate');
  await add.getByLabel('Email').fill('instructor@demo.test');
  await add.getByLabel('Phone').fill('555-0178');
  await add.getByLabel('Employee ID').fill(`DUP-${unique()}`);
  await add.getByLabel('Job Title').fill('Instructor');
  await add.getByRole('combobox', { name: /^Department/ }).selectOption('Administration');
  await add.getByLabel('Hire Date').fill('2022-01-01');
  await add.getByRole('checkbox', { name: 'EMS', exact: true }).check();
  await add.getByRole('button', { name: 'Add Instructor' }).click();
  await expect(page.getByText('Failed to add instructor')).toBeVisible();
  await expect(add.getByRole('alert')).toHaveText('An account with this email already exists');
  await expect(add.getByRole('button', { name: 'Add Instructor' })).toBeVisible();
});

test('an instructor sees the student screen; a director sees the instructor screen', async ({ browser }) => {
  const instructor = await browser.newPage();
  await signIn(instructor, 'instructor');
  await instructor.goto('/students');
  await expect(instructor.getByRole('tab', { name: /^All Students \(\d+\)$/ })).toBeVisible();
  await expect(instructor.getByRole('main').getByRole('listitem').first()).toContainText('Overall Progress');
  await expect(instructor.getByRole('button', { name: 'Add Student' })).toBeVisible();
  await expect(instructor.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  // the header search and the dashboard link here with ?q= and ?add=1
  await instructor.goto('/students?q=STU-2026002');
  await expect(instructor.getByRole('searchbox', { name: 'Search' })).toHaveValue('STU-2026002');
  await expect(instructor.getByRole('tab', { name: 'All Students (1)' })).toBeVisible();
  await instructor.goto('/students?add=1');
  await expect(instructor.getByRole('heading', { name: 'Add Student' })).toBeVisible();
  await instructor.close();

  const director = await browser.newPage();
  await signIn(director, 'director');
  await director.goto('/instructors');
  await expect(cardOf(director, 'Irene Okafor')).toContainText('Lead Paramedic Instructor');
  await expect(cardOf(director, 'Irene Okafor').getByRole('button', { name: 'Delete Irene Okafor' })).toBeVisible();
  await director.close();
});
