import { readFile } from 'node:fs/promises';

import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

import { DEMO_PASSWORD } from '../playwright.config.ts';
import { allChangesSent, allRecordsHere, apiAs, signIn, waitUntilReadyOffline } from './helpers.ts';

const run = Date.now();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A tile's figure, found by its label. */
const tileValue = (scope: Page | Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');

async function ok<T>(
  response: Promise<{ ok(): boolean; json(): Promise<unknown>; text(): Promise<string> }>,
): Promise<T> {
  const res = await response;
  if (!res.ok()) throw new Error(await res.text());
  return (await res.json()) as T;
}

test.describe('dashboard', () => {
  for (const role of ['director', 'preceptor']) {
    test(`shows the ${role} their statistics, activity and deadlines`, async ({ page, request }) => {
      const api = await apiAs(request, role);
      const stats = await ok<Record<string, number>>(api.get('/api/dashboard/stats'));
      await signIn(page, role);
      const tiles = page.getByRole('region', { name: 'Statistics' });
      await expect(tileValue(tiles, 'Active Students')).toHaveText(String(stats.activeStudents));
      await expect(tileValue(tiles, 'Pending Reviews')).toHaveText(String(stats.pendingReviews));
      await expect(tileValue(tiles, 'Average Requirement Compliance')).toHaveText(`${stats.complianceRate}%`);
      await expect(tileValue(tiles, 'Graduations')).toHaveText(String(stats.graduations));
      await expect(tiles.getByText('This academic year')).toBeVisible();
      await expect(tiles).not.toContainText('+12%');
      await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Upcoming Deadlines' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add Student' })).toHaveCount(role === 'director' ? 1 : 0);
    });
  }

  test('shows the last statistics it saw when the network is gone', async ({ page, context }) => {
    await signIn(page, 'director');
    const tiles = page.getByRole('region', { name: 'Statistics' });
    const active = await tileValue(tiles, 'Active Students').textContent();
    await waitUntilReadyOffline(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, Dana' })).toBeVisible();
    await expect(tiles.getByText(/^Last updated /)).toBeVisible();
    await expect(tileValue(tiles, 'Active Students')).toHaveText(active!);
    await expect(page.getByText('Unable to load statistics')).toHaveCount(0);
    await context.setOffline(false);
  });

  test("Add Student opens the Students screen's dialog and Export Data downloads the students", async ({ page }) => {
    await signIn(page, 'director');
    // the export is built from the device's records: it waits until they have all arrived
    await allRecordsHere(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^students-progress-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
    expect(csv.split('\r\n')[0]).toBe(
      'Student ID,First Name,Last Name,Email,Program,Status,Overall Progress (%),Skills Completed,Total Skills,Clinical Hours,Field Hours,Required Hours,Enrollment Date,Expected Graduation',
    );
    await page.getByRole('button', { name: 'Add Student' }).click();
    await expect(page).toHaveURL(/\/students(\?|$)/);
    await expect(page.getByRole('dialog', { name: 'Add Student' })).toHaveCount(1);
  });
});

interface Fixture {
  instructorEmail: string;
  fire: { program: string; student: string; levelSkills: number };
  police: { program: string; student: string; levelSkills: number };
}

/** Programs, students and an instructor of this run only, so the demo's own records stay untouched. */
async function createFixture(api: APIRequestContext): Promise<Fixture> {
  const skills = await ok<{ id: string; programType: string; certificationLevel: string }[]>(api.get('/api/skills'));
  const instructorEmail = `tracker-instructor-${run}@example.test`;
  const instructor = await ok<{ id: string }>(
    api.post('/api/users', {
      data: {
        firstName: 'Tori',
        lastName: `Tracker${run}`,
        email: instructorEmail,
        role: 'instructor',
        password: DEMO_PASSWORD,
      },
    }),
  );
  async function track(type: 'fire' | 'police', level: string, name: string, lastName: string) {
    const program = await ok<{ id: string }>(
      api.post('/api/programs', {
        data: { name: `${name} ${run}`, type, description: 'e2e', duration: 12, requiredHours: 40 },
      }),
    );
    await ok(api.patch(`/api/programs/${program.id}`, { data: { certificationLevel: level } }));
    await ok(
      api.post(`/api/programs/${program.id}/users`, { data: { userId: instructor.id, assignedRole: 'instructor' } }),
    );
    const student = await ok<{ id: string }>(
      api.post('/api/students', {
        data: {
          firstName: 'Quinn',
          lastName,
          email: `${lastName.toLowerCase()}@example.test`,
          phone: '555-0199',
          studentId: `E2E-${type}-${run}`,
          programId: program.id,
          enrollmentDate: day(-10),
          expectedGraduation: day(200),
        },
      }),
    );
    const levelSkills = skills.filter((s) => s.programType === type && s.certificationLevel === level);
    await ok(
      api.post('/api/student-skills', {
        data: {
          studentId: student.id,
          skillId: levelSkills[0].id,
          status: 'completed',
          progressPercentage: 100,
          attempts: 1,
          successfulAttempts: 1,
        },
      }),
    );
    return { program: `${name} ${run}`, student: `Quinn ${lastName}`, levelSkills: levelSkills.length };
  }
  return {
    instructorEmail,
    fire: await track('fire', 'firefighter_2', 'E2E Fire Officer Cohort', `Firefly${run}`),
    police: await track('police', 'field_training', 'E2E Field Training Cohort', `Patrol${run}`),
  };
}

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
}

const studentCard = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { name, level: 3 });
const studentCards = (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 });

test.describe('fire and police competency trackers', () => {
  let fx: Fixture;
  test.beforeAll(async ({ playwright }, info) => {
    const context = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    fx = await createFixture(await apiAs(context, 'director'));
    await context.dispose();
  });

  for (const discipline of ['fire', 'police'] as const) {
    test(`${discipline}: the director's program filter changes the students and the tiles`, async ({ page }) => {
      const { program, student, levelSkills } = fx[discipline];
      await signIn(page, 'director');
      await page.goto(`/${discipline}/competency-tracker`);
      await expect(studentCard(page, student)).toBeVisible();
      const everyone = await studentCards(page).count();
      expect(everyone).toBeGreaterThan(1);

      await page.getByLabel('Program').selectOption({ label: program });
      await expect(studentCards(page)).toHaveCount(1);
      await expect(studentCard(page, student)).toBeVisible();
      await expect(tileValue(page, 'Total Skills')).toHaveText(String(levelSkills));
      await expect(tileValue(page, 'Active Students')).toHaveText('1');
      // a fire candidate's skills are their task book's JPRs: the fixture's skill-progress record counts nowhere
      const completed = discipline === 'fire' ? 0 : 1;
      await expect(tileValue(page, 'Completed Skill Records')).toHaveText(String(completed));
      await expect(tileValue(page, 'Average Progress')).toHaveText(`${Math.round((100 * completed) / levelSkills)}%`);

      await page.getByLabel('Program').selectOption({ label: 'All' });
      await expect(studentCards(page)).toHaveCount(everyone);
    });
  }

  // a fire candidate's progress is signed in their task book (fire-task-book.spec.ts), not recorded here
  {
    const discipline = 'police';
    test(`${discipline}: an instructor sees the students of their programs and records progress`, async ({ page }) => {
      const { program, student } = fx[discipline];
      const label = 'Police';
      await signInAs(page, fx.instructorEmail);
      await page.goto(`/${discipline}/competency-tracker`);
      await expect(studentCard(page, student)).toBeVisible();
      await expect(studentCards(page)).toHaveCount(1);

      const other = page.getByLabel('Program').locator('option').filter({ hasNotText: program }).nth(1);
      const otherName = (await other.textContent())!;
      await page.getByLabel('Program').selectOption({ label: otherName });
      await expect(page.getByText('No Students Enrolled')).toBeVisible();
      await expect(page.getByText(`No students are currently enrolled in ${otherName}`)).toBeVisible();
      await page.getByLabel('Program').selectOption({ label: program });
      await expect(studentCard(page, student)).toBeVisible();

      await page.getByRole('button', { name: 'Track New Skill' }).click();
      const picker = page.getByRole('dialog', { name: 'Track New Skill' });
      await picker.getByLabel('Student').selectOption({ index: 1 });
      const skill = picker.getByLabel('Skill').locator('option').nth(2);
      const skillName = (await skill.textContent())!.replace(/ \(.*\)$/, '');
      await picker.getByLabel('Skill').selectOption({ index: 2 });
      await picker.getByRole('button', { name: 'Continue' }).click();
      const form = page.getByRole('dialog', { name: 'Update Skill Progress' });
      await form.getByRole('button', { name: 'Log Attempt' }).click();
      await expect(page.getByText('Successful attempt logged')).toBeVisible();
      const cell = page
        .getByRole('list', { name: `${student} skills` })
        .getByRole('listitem')
        .filter({ hasText: skillName });
      await expect(cell).toContainText('Attempts: 1');
      await cell.getByRole('button').first().click();
      await form.getByRole('tab', { name: 'Assessment' }).click();
      await form.getByLabel('Status').selectOption('remediation_required');
      await form.getByLabel('Progress %').fill('40');
      await form.getByRole('button', { name: 'Save Progress' }).click();
      await expect(page.getByText('Skill progress updated successfully')).toBeVisible();
      await expect(cell).toContainText('Remediation');
      await expect(cell).toContainText('40%');
      await expect(page.getByRole('heading', { name: `${label} Skills by Student` })).toBeVisible();
      // the export test reads this student's records from the server: the edit must have left the device
      await allChangesSent(page);
    });
  }

  test("the demo instructor's trackers render with their tiles", async ({ page }) => {
    await signIn(page, 'instructor');
    for (const discipline of ['fire', 'police']) {
      await page.goto(`/${discipline}/competency-tracker`);
      await expect(page.getByText('Total Skills', { exact: true })).toBeVisible();
      await expect(tileValue(page, 'Average Progress')).toHaveText(/^\d+%$/);
    }
  });

  test('Export Progress downloads student x skill progress with the POST reference column', async ({ page }) => {
    const { program, student, levelSkills } = fx.police;
    await signIn(page, 'director');
    await page.goto('/police/competency-tracker');
    await page.getByLabel('Program').selectOption({ label: program });
    await expect(studentCards(page)).toHaveCount(1);
    await allRecordsHere(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Progress' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^police-progress-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Student,Student ID,Email,Program,Skill,Category,POST Reference,Status,Progress (%),Attempts,Successful Attempts,Last Attempt Date,Next Assessment Date',
    );
    expect(lines).toHaveLength(levelSkills + 1);
    expect(lines.filter((l) => l.startsWith(`${student},`) && l.includes(',Completed,100,'))).toHaveLength(1);
  });
});
