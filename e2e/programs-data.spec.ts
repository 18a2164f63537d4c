import { expect, type Page, test } from '@playwright/test';

import { apiAs, signIn } from './helpers.ts';

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
/** The dialog element itself has no box of its own (its panel is fixed-positioned), so its title tells whether it shows. */
const dialogTitle = (page: Page, name: string) => page.getByRole('dialog').getByRole('heading', { name, exact: true });

interface ProgramApi {
  id: string;
  name: string;
  durationWeeks: number;
  requiredHours: number;
  directorId: string | null;
}
interface MemberApi {
  userId: string;
  assignedRole: string;
}

test('a director creates and edits a program, assigns a user and removes them again', async ({ page, request }) => {
  const name = unique('E2E Wildland Academy');
  const api = await apiAs(request, 'director');
  const users = (await (await api.get('/api/users')).json()) as {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
  }[];
  const coordinator = users.find((u) => u.email === 'clinical_coordinator@demo.test')!;
  const coordinatorName = `${coordinator.firstName} ${coordinator.lastName}`;

  await signIn(page, 'director');
  await page.goto('/program-management');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Program Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Program' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Program' });
  await create.getByRole('button', { name: 'Create Program' }).click();
  await expect(create.getByText('Program name is required')).toBeVisible();
  await expect(create.getByText('Duration must be at least 1 week')).toBeVisible();
  await create.getByLabel('Program Name').fill(name);
  await create.getByLabel('Program Type').selectOption('fire');
  await create.getByLabel('Description').fill('Seasonal wildland firefighting cohort');
  await create.getByLabel('Duration (weeks)').fill('10');
  await create.getByLabel('Required Hours').fill('80');
  await create.getByLabel('Director').selectOption('No Director');
  await create.getByRole('button', { name: 'Create Program' }).click();
  await expect(page.getByText('Program created successfully')).toBeVisible();
  await expect(dialogTitle(page, 'Create New Program')).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toContainText('10 weeks');
  await expect(card).toContainText('80 hours');
  await expect(card).toContainText('Assigned Users (0)');
  await expect(card).toContainText('No users assigned');
  const created = ((await (await api.get('/api/programs')).json()) as ProgramApi[]).find((p) => p.name === name)!;
  expect(created).toMatchObject({ durationWeeks: 10, requiredHours: 80, directorId: null });

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Program' });
  await expect(edit.getByLabel('Program Name')).toHaveValue(name);
  await edit.getByLabel('Required Hours').fill('96');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Program updated successfully')).toBeVisible();
  await expect(card).toContainText('96 hours');
  const edited = ((await (await api.get('/api/programs')).json()) as ProgramApi[]).find((p) => p.id === created.id)!;
  expect(edited).toMatchObject({ durationWeeks: 10, requiredHours: 96 });

  await card.getByRole('button', { name: `Assign user to ${name}` }).click();
  const assign = page.getByRole('dialog', { name: 'Assign User to Program' });
  await expect(assign.getByLabel('Role')).toHaveValue('instructor');
  await assign.getByLabel('User').selectOption(coordinator.id);
  await assign.getByLabel('Role').selectOption('clinical_coordinator');
  await assign.getByRole('button', { name: 'Assign User' }).click();
  await expect(page.getByText('User assigned to program successfully')).toBeVisible();
  await expect(card).toContainText('Assigned Users (1)');
  await expect(card).toContainText('clinical_coordinator@demo.test');
  let members = (await (await api.get(`/api/programs/${created.id}/users`)).json()) as MemberApi[];
  expect(members).toEqual([expect.objectContaining({ userId: coordinator.id, assignedRole: 'clinical_coordinator' })]);

  // someone already in the program is not offered again
  await card.getByRole('button', { name: `Assign user to ${name}` }).click();
  await expect(assign.getByLabel('User').locator(`option[value="${coordinator.id}"]`)).toHaveCount(0);
  await assign.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: `Remove ${coordinatorName} from ${name}` }).click();
  await page.getByRole('dialog', { name: 'Remove User' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('User removed from program successfully')).toBeVisible();
  await expect(card).toContainText('No users assigned');
  members = (await (await api.get(`/api/programs/${created.id}/users`)).json()) as MemberApi[];
  expect(members).toEqual([]);

  expect((await api.delete(`/api/programs/${created.id}`)).ok()).toBe(true);
});

test("data management counts are the lengths of the API's lists", async ({ page, request }) => {
  const api = await apiAs(request, 'director');
  const lengthOf = async (path: string) => ((await (await api.get(path)).json()) as unknown[]).length;
  const expected: [string, number][] = [
    ['Users', await lengthOf('/api/users')],
    ['Training Programs', await lengthOf('/api/programs')],
    ['Clinical Sites', await lengthOf('/api/clinical-sites')],
    ['Skills', await lengthOf('/api/skills')],
    ['Documents', await lengthOf('/api/documents')],
    ['Standards', await lengthOf('/api/accreditation/requirements')],
  ];
  await signIn(page, 'director');
  await page.goto('/data-management');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Data Management' })).toBeVisible();
  for (const [label, count] of expected) {
    const value = page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');
    await expect(value, label).toHaveText(String(count));
  }

  await page.getByRole('button', { name: 'Browse Skills' }).click();
  await expect(page).toHaveURL(/tab=skills/);
  await expect(page.getByRole('tab', { name: 'Skills' })).toHaveAttribute('aria-selected', 'true');
});

test('a director edits a catalogue skill and sees its new name, then deletes it', async ({ page, request }) => {
  const name = unique('E2E Ladder raise');
  const renamed = `${name} (two-firefighter)`;
  const api = await apiAs(request, 'director');
  const res = await api.post('/api/skills', {
    data: {
      name,
      category: 'Ladders',
      programType: 'fire',
      certificationLevel: 'firefighter_1',
      confidence: 'uncertain',
      source: 'E2E fixture',
    },
  });
  expect(res.ok()).toBe(true);
  const skill = (await res.json()) as { id: string };

  await signIn(page, 'director');
  await page.goto('/data-management?tab=skills');
  await page.getByLabel('Search skills').fill(name);
  const row = page.getByRole('article', { name });
  await expect(row).toContainText('Uncertain: needs verification');
  await expect(row).toContainText('Source: E2E fixture');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Skill' });
  await expect(edit.getByLabel('Certification Level')).toHaveValue('firefighter_1');
  await edit.getByLabel('Skill Name').fill(renamed);
  await edit.getByLabel('Confidence').selectOption('verbatim');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Skill updated successfully')).toBeVisible();
  const updated = page.getByRole('article', { name: renamed });
  await expect(updated).toBeVisible();
  await expect(updated).toContainText('Verbatim');
  const stored = (
    (await (await api.get('/api/skills?programType=fire')).json()) as { id: string; name: string; confidence: string }[]
  ).find((s) => s.id === skill.id);
  expect(stored).toMatchObject({ name: renamed, confidence: 'verbatim' });

  await updated.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog', { name: 'Delete Skill' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Skill deleted successfully')).toBeVisible();
  await expect(updated).toBeHidden();
});

test('a director adds a user with the role cards', async ({ page, request }) => {
  const email = `e2e-${Date.now().toString(36)}@example.test`;
  await signIn(page, 'director');
  await page.goto('/data-management?tab=users');
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await expect(dialog.getByLabel('First Name')).toBeHidden();
  await dialog.getByText('Preceptor', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Valid email is required')).toBeVisible();
  await dialog.getByLabel('First Name').fill('Rosa');
  await dialog.getByLabel('Last Name').fill('Diaz');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Department').selectOption('Emergency Medical Services');
  await dialog.getByLabel('Certifications').fill('Paramedic, ACLS');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User Created')).toBeVisible();
  await expect(dialogTitle(page, 'Add New User')).toBeHidden();
  await page.getByLabel('Search users').fill(email);
  await expect(page.getByText('Rosa Diaz')).toBeVisible();

  const api = await apiAs(request, 'director');
  const created = (
    (await (await api.get('/api/users')).json()) as {
      id: string;
      email: string;
      role: string;
      certifications: string[];
    }[]
  ).find((u) => u.email === email)!;
  expect(created).toMatchObject({ role: 'preceptor', certifications: ['Paramedic', 'ACLS'] });
  expect((await api.delete(`/api/users/${created.id}`)).ok()).toBe(true);
});

test("an instructor finds the restricted tabs disabled, with the spec's messages", async ({ page }) => {
  await signIn(page, 'instructor');
  await page.goto('/data-management?tab=users');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  for (const name of ['Users', 'Programs', 'Clinical Sites'])
    await expect(page.getByRole('tab', { name })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Skills' })).toBeEnabled();
  const note = page.getByRole('note');
  await expect(note).toContainText('Access Restricted');
  await expect(note).toContainText('Only directors and administrators can create users.');
  await expect(note).toContainText('Only directors and administrators can create training programs.');
  await expect(note).toContainText(
    'Only directors, administrators, and clinical coordinators can create clinical sites.',
  );
});
