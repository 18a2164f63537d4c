import { readFileSync } from 'node:fs';

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { allChangesSent, allRecordsHere, apiAs, signIn } from './helpers.ts';

interface ApiStudent {
  id: string;
  firstName: string;
  lastName: string;
  studentId: string;
  emsCertificationLevel: string;
  program: { type: string } | null;
  progressPercentage: number;
}
interface ApiSkill {
  id: string;
  name: string;
  certificationLevel: string;
  competencyDomain: string | null;
  category: string;
}
interface ApiProgress {
  studentId: string;
  skillId: string;
  status: string;
  progressPercentage: number;
  attempts: number;
  lastAttemptDate: string | null;
  notes: string | null;
}

const emsStudents = async (api: APIRequestContext) =>
  ((await (await api.get('/api/students')).json()) as ApiStudent[]).filter((s) => s.program?.type === 'ems');
const emsSkills = async (api: APIRequestContext, level: string) =>
  (await (await api.get(`/api/skills?programType=ems&certificationLevel=${level}`)).json()) as ApiSkill[];
const progressOf = async (api: APIRequestContext, studentId: string) =>
  (await (await api.get(`/api/student-skills?studentId=${studentId}`)).json()) as ApiProgress[];
/** The competency matrix's skill rows (the contacts and hours panel below it has lists of its own). */
const matrixRows = (page: Page) => page.getByRole('region', { name: 'Competency matrix' }).getByRole('listitem');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function openSkillEntry(page: Page, tab?: string) {
  await page.goto(tab ? `/ems/skill-entry?tab=${tab}` : '/ems/skill-entry');
  await expect(page.getByRole('heading', { name: 'EMS Skill Entry & Tracking' })).toBeVisible();
}

test.describe('EMS competency tracker', () => {
  test('a student sees their own record preselected against their level', async ({ page, request }) => {
    await signIn(page, 'student');
    await page.goto('/ems/competency-tracker');
    await expect(page.getByRole('heading', { name: 'EMS Competency Tracker' })).toBeVisible();
    const [own] = await emsStudents(await apiAs(request, 'student'));
    const skills = await emsSkills(request, own.emsCertificationLevel);
    await expect(page.getByLabel('Student')).toHaveValue(own.id);
    await expect(page.getByLabel('Certification level')).toHaveValue(own.emsCertificationLevel);
    await expect(page.getByText('Total Competencies').locator('..')).toContainText(String(skills.length));
    await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      String(own.progressPercentage),
    );
    await expect(matrixRows(page)).toHaveCount(skills.length);
    await expect(page.getByText(/CoAEMSP Student Minimum Competency Matrix \(2023 edition/)).toBeVisible();
  });

  test('an instructor picks a student, a level, a domain and a search', async ({ page, request }) => {
    await signIn(page, 'instructor');
    await page.goto('/ems/competency-tracker');
    await expect(page.getByText('Competency Matrix', { exact: true })).toBeVisible();
    const api = await apiAs(request, 'instructor');
    const skills = await emsSkills(api, 'paramedic');
    const [student] = (await emsStudents(api)).filter((s) => s.emsCertificationLevel === 'paramedic');
    await page.getByLabel('Student').selectOption(student.id);
    await expect(page.getByLabel('Certification level')).toHaveValue('paramedic');
    await expect(matrixRows(page)).toHaveCount(skills.length);
    await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      String(student.progressPercentage),
    );

    const domain = skills[0].competencyDomain ?? skills[0].category;
    await page.getByLabel('Domain').selectOption(domain);
    const matrix = page.getByRole('region', { name: 'Competency matrix' });
    await expect(matrix.locator('section')).toHaveCount(1);
    await expect(matrix.locator('section h3')).toHaveText(domain);
    await expect(matrixRows(page)).toHaveCount(
      skills.filter((k) => (k.competencyDomain ?? k.category) === domain).length,
    );

    await page.getByLabel('Domain').selectOption('');
    await page.getByLabel('Search skills').fill('cpr');
    await expect(page).toHaveURL(/q=cpr/);
    await expect(matrixRows(page)).toHaveCount(skills.filter((k) => k.name.toLowerCase().includes('cpr')).length);
  });

  test('the search param from the header search filters skills by name', async ({ page, request }) => {
    await signIn(page, 'instructor');
    const emt = await emsSkills(await apiAs(request, 'instructor'), 'emt');
    const name = emt[0].name;
    await page.goto(`/ems/competency-tracker?q=${encodeURIComponent(name)}`);
    await expect(page.getByLabel('Search skills')).toHaveValue(name);
    await expect(matrixRows(page).first()).toContainText(name);
    await expect(matrixRows(page)).toHaveCount(
      emt.filter((k) => k.name.toLowerCase().includes(name.toLowerCase())).length,
    );
  });
});

test.describe('EMS skill entry', () => {
  test('the tab follows the URL and the tracker shows the overview with auto-refresh on', async ({ page }) => {
    await signIn(page, 'instructor');
    await openSkillEntry(page, 'scheduled');
    await expect(page.getByRole('tab', { name: 'Scheduled Assessments' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/tab=reports/);
    await page.getByRole('tab', { name: 'Real-Time Tracker' }).click();
    await expect(page).not.toHaveURL(/tab=/);

    await expect(page.getByText('Select a student to view progress')).toBeVisible();
    const toggle = page.getByRole('switch', { name: /Auto-refresh/ });
    await expect(toggle).toBeChecked();
    await expect(page.getByLabel('Student').locator('option')).not.toHaveCount(1);
    await page.getByLabel('Student').selectOption({ index: 1 });
    const overview = page.getByRole('group', { name: 'Progress overview' });
    await expect(overview).toContainText('Completed');
    await expect(overview).toContainText('Need Work');
    const counts = (await overview.locator('p.text-2xl').allTextContents()).map(Number);
    await expect(page.getByRole('button', { name: /^Details: / })).toHaveCount(counts.reduce((a, b) => a + b, 0));
    await toggle.click();
    await expect(toggle).not.toBeChecked();
  });

  test('bulk entry logs one attempt at one skill for two students and the server has both', async ({
    page,
    request,
  }) => {
    await signIn(page, 'instructor');
    const api = await apiAs(request, 'instructor');
    const students = (await emsStudents(api)).slice(-2);
    const skill = (await emsSkills(api, 'paramedic')).at(-1)!;
    // a date no other test writes, to find exactly these records on the server
    const date = day(-400 - Math.floor(Math.random() * 300));

    await openSkillEntry(page, 'bulk');
    await page.getByRole('button', { name: 'Start Bulk Entry Session' }).click();
    await expect(page.getByText('Skill is required')).toBeVisible();
    await expect(page.getByText('Select at least one student')).toBeVisible();

    await page.getByLabel('Clinical site').selectOption({ index: 1 });
    const site = await page.getByLabel('Clinical site').locator('option:checked').textContent();
    await page.getByLabel('Assessment date').fill(date);
    await page.getByLabel('Certification level').selectOption('paramedic');
    await page.getByRole('combobox', { name: /^Skill/ }).selectOption(skill.id);
    await page.getByLabel('Setting').selectOption('clinical');
    await page.getByLabel('Outcome').selectOption('unsuccessful');
    for (const s of students) await page.getByLabel(new RegExp(s.studentId)).check();
    await page.getByRole('button', { name: 'Start Bulk Entry Session' }).click();
    await expect(page.getByText('Attempt logged for 2 students')).toBeVisible();
    await allChangesSent(page);

    for (const s of students) {
      const attempts = (await (await api.get(`/api/skill-attempts?studentId=${s.id}&skillId=${skill.id}`)).json()) as {
        attemptedAt: string;
        setting: string;
        outcome: string;
        notes: string | null;
      }[];
      const session = attempts.filter((a) => a.notes?.includes(`Bulk entry session at ${site} on ${date}`));
      expect(session).toHaveLength(1);
      expect(session[0]).toMatchObject({ setting: 'clinical', outcome: 'unsuccessful' });
      const rows = (await progressOf(api, s.id)).filter((r) => r.skillId === skill.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].attempts).toBeGreaterThanOrEqual(1);
    }
  });

  test('scheduled assessments filter by level and status, and Schedule changes the date', async ({ page, request }) => {
    await signIn(page, 'instructor');
    const api = await apiAs(request, 'instructor');
    const student = (await emsStudents(api)).filter((s) => s.emsCertificationLevel === 'paramedic').at(-1)!;
    const skill = (await emsSkills(api, 'paramedic')).at(-2)!;
    const res = await api.post('/api/student-skills', {
      data: {
        studentId: student.id,
        skillId: skill.id,
        status: 'in_progress',
        progressPercentage: 30,
        attempts: 1,
        successfulAttempts: 0,
        nextAssessmentDate: day(-2),
      },
    });
    expect(res.ok()).toBe(true);

    await openSkillEntry(page, 'scheduled');
    const list = page.getByRole('list', { name: 'Scheduled assessments' });
    const row = list
      .getByRole('listitem')
      .filter({ hasText: `${student.firstName} ${student.lastName}` })
      .filter({ has: page.getByText(skill.name, { exact: true }) });
    await page.getByRole('main').getByLabel('Status').selectOption('overdue');
    await expect(row).toContainText('Overdue');
    for (const item of await list.getByRole('listitem').all()) await expect(item).toContainText('Overdue');
    await page.getByRole('combobox', { name: /^Level/ }).selectOption('emt');
    await expect(row).toHaveCount(0);
    await page.getByRole('combobox', { name: /^Level/ }).selectOption('paramedic');
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: /Schedule/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Skill Progress' });
    await dialog.getByRole('tab', { name: 'Assessment' }).click();
    await dialog.getByLabel('Next Assessment Date').fill(day(10));
    await dialog.getByRole('button', { name: 'Save Progress' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await page.getByRole('main').getByLabel('Status').selectOption('upcoming');
    await expect(row).toContainText('Upcoming');
  });

  test('reports download CSV files built on the device', async ({ page, request }) => {
    await signIn(page, 'instructor');
    const students = await emsStudents(await apiAs(request, 'instructor'));
    await openSkillEntry(page, 'reports');
    // the reports are built from what the device holds: they wait for the first sync to bring every record
    await expect(page.getByText(`Cohort reports cover ${students.length} students.`)).toBeVisible();
    await allRecordsHere(page);
    await page.getByRole('button', { name: 'Individual Student Report' }).click();
    await expect(page.getByRole('alert')).toHaveText('Select a student for the Individual Student Report');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Cohort Progress Report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cohort-progress-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Student,Student ID,Level,Program,Overall Progress %,Skills Completed,Total Skills,Clinical Hours,Field Hours,Required Hours,Active',
    );
    expect(lines).toHaveLength(students.length + 1);
    const first = students[0];
    expect(lines.find((l) => l.includes(first.studentId))).toContain(`,${first.progressPercentage},`);

    await page.getByLabel('Student (individual report)').selectOption(first.id);
    const [individual] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Individual Student Report' }).click(),
    ]);
    expect(individual.suggestedFilename()).toContain(first.studentId.toLowerCase());
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('select a student, open a skill and save its assessment', async ({ page, request }) => {
    await signIn(page, 'preceptor');
    await openSkillEntry(page);
    const students = await emsStudents(await apiAs(request, 'preceptor'));
    const student = students.at(-1)!;
    await page.getByLabel('Student').selectOption(student.id);
    const card = page.getByRole('button', { name: /^Details: / }).last();
    await card.scrollIntoViewIfNeeded();
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Update Skill Progress' });
    await expect(dialog.getByRole('heading', { name: 'Update Skill Progress' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Assessment' }).click();
    const save = await dialog.getByRole('button', { name: 'Save Progress' }).boundingBox();
    expect(save!.x).toBeGreaterThanOrEqual(0);
    expect(save!.x + save!.width).toBeLessThanOrEqual(390);
    expect(save!.height).toBeGreaterThanOrEqual(44);
    const note = `phone ${Date.now()}`;
    await dialog.getByLabel('Progress %').fill('45');
    await dialog.getByLabel('Notes').fill(note);
    await dialog.getByRole('button', { name: 'Save Progress' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Skill progress updated successfully')).toBeVisible();
    await expect(card).toContainText('45%');
    await allChangesSent(page);
    const rows = await progressOf(await apiAs(request, 'director'), student.id);
    expect(rows.filter((r) => r.notes === note)).toHaveLength(1);
  });
});
