import { readFile } from 'node:fs/promises';

import { type APIRequestContext, type Download, expect, type Locator, type Page, test } from '@playwright/test';
import Papa from 'papaparse';

import { apiAs, seriousViolations, signIn, waitUntilReadyOffline } from './helpers.ts';

/** A tile's figure, found by its label. */
const tileValue = (scope: Page | Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');

async function get<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function csvRows(download: Promise<Download>): Promise<Record<string, string>[]> {
  const file = await download;
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

/** The report's own search box (the header has a search field too). */
const search = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'Search' });

/** The names on the cards of a list (each card's heading). */
const cardNames = (page: Page) => page.locator('main ul > li h3').allTextContents();

interface ProgressReport {
  studentId: string;
  studentName: string;
  status: string;
  programType: string;
}
interface ProgramSummary {
  programName: string;
  averageProgress: number;
  totalStudents: number;
}
interface TrendPoint {
  weekEnding: string;
  students: Record<string, number>;
}
interface ComplianceSummary {
  totalRequirements: number;
  compliant: number;
  atRisk: number;
  nonCompliant: number;
  pendingReview: number;
  overallCompliance: number;
}
interface GraduationStats {
  totalCandidates: number;
  readyToGraduate: number;
  needsAttention: number;
  onSchedule: number;
  delayed: number;
  thisMonthGraduates: number;
}
interface Candidate {
  studentName: string;
  status: string;
  remainingRequirements: string[];
}

test.describe('progress reports', () => {
  for (const role of ['director', 'instructor', 'student']) {
    test(`shows the ${role} the server's figures`, async ({ page, request }) => {
      const api = await apiAs(request, role);
      const summaries = await get<ProgramSummary[]>(api, '/api/reports/program-summaries');
      const reports = await get<ProgressReport[]>(api, '/api/reports/progress');
      expect(reports.length).toBeGreaterThan(0);
      await signIn(page, role);
      await page.goto('/reports/progress');
      await expect(page.getByRole('main').getByRole('heading', { name: 'Progress Reports' })).toBeVisible();
      for (const s of summaries) {
        const card = page
          .locator('li')
          .filter({ has: page.getByRole('heading', { name: s.programName, exact: true }) });
        await expect(card).toContainText(`${s.averageProgress}%`);
        await expect(card).toContainText(`${s.totalStudents} student`);
      }
      await page.getByRole('tab', { name: 'Student Progress' }).click();
      await expect(page.getByText(`Showing ${reports.length} of ${reports.length} students`)).toBeVisible();
      expect((await cardNames(page)).sort()).toEqual(reports.map((r) => r.studentName).sort());
    });
  }

  test('filters change the list and Export downloads the rows shown', async ({ page, request }) => {
    const reports = await get<ProgressReport[]>(await apiAs(request, 'director'), '/api/reports/progress');
    await signIn(page, 'director');
    await page.goto('/reports/progress');
    await page.getByRole('tab', { name: 'Student Progress' }).click();

    const target = reports[0];
    await search(page).fill(target.studentId.toLowerCase());
    await expect(page.getByText(`Showing 1 of ${reports.length} students`)).toBeVisible();
    expect(await cardNames(page)).toEqual([target.studentName]);
    await search(page).fill('');

    const fire = reports.filter((r) => r.programType === 'fire');
    await page.getByRole('combobox', { name: 'Program' }).selectOption('Fire');
    await expect(page.getByText(`Showing ${fire.length} of ${reports.length} students`)).toBeVisible();
    const status = fire[0].status;
    await page.getByRole('combobox', { name: 'Status' }).selectOption(status);
    const shown = fire.filter((r) => r.status === status).map((r) => r.studentName);
    await expect(page.getByText(`Showing ${shown.length} of ${reports.length} students`)).toBeVisible();
    expect((await cardNames(page)).sort()).toEqual([...shown].sort());

    const rows = await csvRows(
      Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Reports' }).click()]).then(
        ([d]) => d,
      ),
    );
    expect(rows.map((r) => r['Student Name']).sort()).toEqual([...shown].sort());
    expect(rows.every((r) => r['Program Type'] === 'Fire')).toBe(true);

    await search(page).fill('no student is called this');
    await expect(page.getByText('No progress reports found')).toBeVisible();
  });

  test('the Analytics tab draws progress by week per program type', async ({ page, request }) => {
    const trend = await get<TrendPoint[]>(await apiAs(request, 'director'), '/api/reports/progress-trend');
    const types = ['ems', 'fire', 'police'].filter((t) => trend.some((p) => p.students[t] > 0));
    await signIn(page, 'director');
    await page.goto('/reports/progress');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Average Progress by Week' })).toBeVisible();
    const chart = page.getByTestId('progress-trend-chart');
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(chart.locator('.recharts-line')).toHaveCount(types.length);
    await expect(page.getByRole('table', { name: 'Average Progress by Week' }).getByRole('row')).toHaveCount(
      trend.length + 1,
    );
  });

  test('shows the last figures it saw when the network is gone', async ({ page, context }) => {
    await signIn(page, 'director');
    await page.goto('/reports/progress');
    const firstCard = page.locator('main ul > li').first();
    const text = await firstCard.textContent();
    await waitUntilReadyOffline(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    await expect(firstCard).toHaveText(text!);
    await context.setOffline(false);
  });
});

test.describe('compliance reports', () => {
  for (const role of ['director', 'instructor']) {
    test(`shows the ${role} the server's counts`, async ({ page, request }) => {
      const summary = await get<ComplianceSummary>(await apiAs(request, role), '/api/reports/compliance-summary');
      await signIn(page, role);
      await page.goto('/reports/compliance');
      const main = page.getByRole('main');
      await expect(tileValue(main, 'Total Requirements')).toHaveText(String(summary.totalRequirements));
      await expect(tileValue(main, 'Compliant')).toHaveText(String(summary.compliant));
      await expect(tileValue(main, 'At Risk')).toHaveText(String(summary.atRisk));
      await expect(tileValue(main, 'Non-Compliant')).toHaveText(String(summary.nonCompliant));
      await expect(tileValue(main, 'Pending Review')).toHaveText(String(summary.pendingReview));
      await expect(page.getByRole('progressbar', { name: 'Average Requirement Compliance' })).toHaveAttribute(
        'aria-valuenow',
        String(summary.overallCompliance),
      );
    });
  }

  test('is for staff: a student is told so', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/reports/compliance');
    await expect(page.getByText('Compliance reports are for staff')).toBeVisible();
  });

  test('filters change the records, Export downloads them, Trends draws each standard', async ({ page, request }) => {
    const records = await get<{ requirement: string; standardType: string; priority: string }[]>(
      await apiAs(request, 'director'),
      '/api/reports/compliance',
    );
    await signIn(page, 'director');
    await page.goto('/reports/compliance');
    const detailed = page.getByRole('tab', { name: 'Detailed Reports' });
    await detailed.click();
    await expect(detailed).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`Showing ${records.length} of ${records.length} records`)).toBeVisible();

    const high = records.filter((r) => r.standardType === 'CoAEMSP' && r.priority === 'high');
    await page.getByRole('combobox', { name: 'Standard' }).selectOption('CoAEMSP');
    await page.getByRole('combobox', { name: 'Priority' }).selectOption('High');
    await expect(page.getByText(`Showing ${high.length} of ${records.length} records`)).toBeVisible();
    expect((await cardNames(page)).sort()).toEqual(high.map((r) => r.requirement).sort());
    const rows = await csvRows(
      Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]).then(
        ([d]) => d,
      ),
    );
    expect(rows.map((r) => r.Requirement).sort()).toEqual(high.map((r) => r.requirement).sort());
    expect(new Set(rows.map((r) => `${r.Standard}/${r.Priority}`))).toEqual(
      new Set(high.length ? ['CoAEMSP/High'] : []),
    );

    await search(page).fill('no requirement is called this');
    await expect(page.getByText('No compliance records found')).toBeVisible();

    await page.getByRole('tab', { name: 'Trends' }).click();
    const standards = new Set(records.map((r) => r.standardType));
    await expect(page.getByTestId('compliance-standard-chart').locator('.recharts-bar-rectangle')).toHaveCount(
      standards.size,
    );
    await expect(page.getByRole('table', { name: 'Compliance by Standard' })).toBeVisible();
    // the chart is hidden from screen readers (the table says the same): nothing inside it may take the focus
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('graduation reports', () => {
  for (const role of ['director', 'instructor', 'student']) {
    test(`shows the ${role} the server's figures`, async ({ page, request }) => {
      const api = await apiAs(request, role);
      const stats = await get<GraduationStats>(api, '/api/reports/graduation-stats');
      const candidates = await get<Candidate[]>(api, '/api/reports/graduation');
      await signIn(page, role);
      await page.goto('/reports/graduation');
      const tiles = page.getByRole('region', { name: 'Graduation statistics' });
      await expect(tileValue(tiles, 'Total Candidates')).toHaveText(String(stats.totalCandidates));
      await expect(tileValue(tiles, 'Ready to Graduate')).toHaveText(String(stats.readyToGraduate));
      await expect(tileValue(tiles, 'On Schedule')).toHaveText(String(stats.onSchedule));
      await expect(tileValue(tiles, 'Needs Attention')).toHaveText(String(stats.needsAttention));
      await expect(tileValue(tiles, 'Delayed')).toHaveText(String(stats.delayed));
      await expect(tileValue(tiles, 'Graduated or Due This Month')).toHaveText(String(stats.thisMonthGraduates));
      expect((await cardNames(page)).sort()).toEqual(candidates.map((c) => c.studentName).sort());
      const long = candidates.find((c) => c.remainingRequirements.length > 3);
      if (long) {
        const card = page
          .locator('main ul > li')
          .filter({ has: page.getByRole('heading', { name: long.studentName, exact: true }) });
        await expect(card.getByText(`+${long.remainingRequirements.length - 3} more`)).toBeVisible();
      }
    });
  }

  test('filters change the list and Export downloads the candidates shown', async ({ page, request }) => {
    const candidates = await get<Candidate[]>(await apiAs(request, 'director'), '/api/reports/graduation');
    await signIn(page, 'director');
    await page.goto('/reports/graduation');
    const status = candidates[0].status;
    const shown = candidates.filter((c) => c.status === status).map((c) => c.studentName);
    await page.getByRole('combobox', { name: 'Status' }).selectOption(status);
    await expect(page.getByText(`Showing ${shown.length} of ${candidates.length} candidates`)).toBeVisible();
    expect((await cardNames(page)).sort()).toEqual([...shown].sort());
    const rows = await csvRows(
      Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]).then(
        ([d]) => d,
      ),
    );
    expect(rows.map((r) => r['Student Name']).sort()).toEqual([...shown].sort());

    await search(page).fill('no student is called this');
    await expect(page.getByText('No graduation candidates found')).toBeVisible();
  });
});
