// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { downloadCsv } from '#web/lib/csv.ts';
import { saveAnswer } from '#web/lib/server-reads.test-support.ts';
import { forgetServerReads } from '#web/lib/server-reads.ts';
import { AboutFigure } from '#web/lib/ui/display.tsx';

import { ComplianceReportsPage } from './compliance-page.tsx';
import { GraduationReportsPage } from './graduation-page.tsx';
import { ProgressReportsPage } from './progress-page.tsx';
import {
  byStandard,
  candidate,
  complianceRecord,
  complianceSummaryOf,
  graduationStatsOf,
  programSummary,
  progressReport,
  trendPoint,
} from './test-rows.ts';

const USER = 'user-1';
const REPORT_PATHS = {
  progress: '/api/reports/progress',
  programSummaries: '/api/reports/program-summaries',
  progressTrend: '/api/reports/progress-trend',
  compliance: '/api/reports/compliance',
  complianceSummary: '/api/reports/compliance-summary',
  complianceByStandard: '/api/reports/compliance-by-standard',
  graduation: '/api/reports/graduation',
  graduationStats: '/api/reports/graduation-stats',
};
const session = { role: 'director' };
vi.mock('#web/lib/session.tsx', () => ({
  useSession: () => ({
    status: 'signed-in',
    fromCache: false,
    user: {
      id: USER,
      email: 'd@example.org',
      firstName: 'Dana',
      lastName: 'W',
      role: session.role,
      profileImageUrl: null,
    },
  }),
}));
vi.mock('#web/lib/csv.ts', () => ({ downloadCsv: vi.fn() }));

const ANSWERS: Record<string, unknown> = {
  [REPORT_PATHS.progress]: [
    progressReport({ id: '1', studentName: 'Maya Chen', studentId: 'STU-001', status: 'on_track' }),
    progressReport({
      id: '2',
      studentName: 'Ethan Brooks',
      studentId: 'STU-002',
      programName: 'Firefighter I',
      programType: 'fire',
      status: 'behind',
      verifiedAttempts: 12,
      unverifiedAttempts: 3,
    }),
  ],
  [REPORT_PATHS.programSummaries]: [
    programSummary({ programId: 'p-ems', programName: 'Paramedic 2026', averageProgress: 61 }),
    programSummary({
      programId: 'p-fire',
      programName: 'Firefighter I',
      programType: 'fire',
      averageProgress: 22,
      averageGPA: null,
    }),
  ],
  [REPORT_PATHS.progressTrend]: [trendPoint('2026-06-24', 40, 10), trendPoint('2026-07-01', 45, 12)],
  [REPORT_PATHS.compliance]: [
    complianceRecord({
      id: 'a',
      requirement: 'Outcome: Retention',
      description: 'Report student retention for the year reported.',
      status: 'compliant',
      compliancePercentage: 100,
      source: 'coaemsp.org annual report pages',
      confidence: 'uncertain',
    }),
    complianceRecord({
      id: 'b',
      requirement: 'Student competency tracking (NFPA 1001)',
      standardType: 'NFPA',
      status: 'non_compliant',
      priority: 'high',
      compliancePercentage: 40,
    }),
  ],
  [REPORT_PATHS.complianceSummary]: complianceSummaryOf({
    totalRequirements: 2,
    compliant: 1,
    atRisk: 0,
    nonCompliant: 1,
    pendingReview: 0,
    overallCompliance: 70,
  }),
  [REPORT_PATHS.complianceByStandard]: byStandard(100, 40),
  [REPORT_PATHS.graduation]: [
    candidate({
      id: 'g1',
      studentName: 'Maya Chen',
      studentId: 'STU-001',
      gpa: null,
      daysRemaining: 12,
      expectedGraduation: '2026-07-13',
      remainingRequirements: [
        'Complete A',
        'Complete B',
        'Complete C',
        'Complete D',
        '6 clinical + field hours remaining',
      ],
    }),
    candidate({
      id: 'g2',
      studentName: 'Ethan Brooks',
      studentId: 'STU-002',
      gpa: 3.456,
      status: 'ready',
      expectedGraduation: '2026-03-20',
    }),
  ],
  [REPORT_PATHS.graduationStats]: graduationStatsOf({ totalCandidates: 2, thisMonthGraduates: 7 }),
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
function serve(online = true) {
  fetchMock = vi.fn((input: RequestInfo | URL) =>
    online ? Promise.resolve(json(ANSWERS[String(input)])) : Promise.reject(new TypeError('Failed to fetch')),
  );
  vi.stubGlobal('fetch', fetchMock);
}
const lastCsv = () => vi.mocked(downloadCsv).mock.lastCall!;

beforeEach(async () => {
  await forgetServerReads();
  session.role = 'director';
  vi.mocked(downloadCsv).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// the shell fetches the About buttons' code once the first screen is up (display.tsx)
beforeAll(() => AboutFigure.preload());

describe('Progress Reports', () => {
  it("shows each program's summary, then filters the students and exports what is shown", async () => {
    serve();
    const user = userEvent.setup();
    render(<ProgressReportsPage />);
    expect(await screen.findByRole('heading', { name: 'Paramedic 2026' })).toBeInTheDocument();
    expect(screen.getByText('61%')).toBeInTheDocument();
    expect(screen.getByText('No GPA')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Student Progress' }));
    expect(screen.getByText('Showing 2 of 2 students')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'stu-002');
    expect(screen.getByText('Showing 1 of 2 students')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ethan Brooks' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Maya Chen' })).not.toBeInTheDocument();
    const attempts = screen.getByText('Attempts').nextElementSibling;
    expect(attempts).toHaveTextContent('12 verified3 awaiting verification');

    await user.click(screen.getByRole('button', { name: 'Export Reports' }));
    const [name, rows] = lastCsv();
    expect(name).toMatch(/^progress-reports-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows.map((r) => r['Student Name'])).toEqual(['Ethan Brooks']);
    expect(rows[0]).toMatchObject({ 'Verified Attempts': 12, 'Attempts Awaiting Verification': 3 });

    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    expect(screen.getByText('No progress reports found')).toBeInTheDocument();
  });

  it('opens Student Progress searching for the student it was sent', async () => {
    serve();
    render(<ProgressReportsPage initialQuery="STU-001" />);
    expect(await screen.findByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Student Progress', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('STU-001');
    expect(screen.queryByRole('heading', { name: 'Ethan Brooks' })).not.toBeInTheDocument();
  });

  it('tells the progress by week in a table on the Analytics tab', async () => {
    serve();
    const user = userEvent.setup();
    render(<ProgressReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Analytics' }));
    expect(screen.getByRole('heading', { name: 'Average Progress by Week' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Average Progress by Week' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /Jul 1, 2026/ })).toHaveTextContent('45% (2)');
    expect(
      screen.getByText('EMS: from 40% (week ending Jun 24, 2026) to 45% (week ending Jul 1, 2026), 2 students.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export Reports' }));
    expect(lastCsv()[0]).toMatch(/^progress-trend-/);
    expect(lastCsv()[1]).toHaveLength(2);
  });

  it('shows the last figures it saw, with their time, when offline', async () => {
    const at = new Date(2026, 6, 1, 9, 5);
    for (const path of [REPORT_PATHS.progress, REPORT_PATHS.programSummaries, REPORT_PATHS.progressTrend])
      await saveAnswer(USER, path, ANSWERS[path], at);
    serve(false);
    render(<ProgressReportsPage />);
    expect(await screen.findByText('Last updated Jul 1, 9:05 AM')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Firefighter I' })).toBeInTheDocument();
  });

  it('says it cannot load when offline with nothing saved', async () => {
    serve(false);
    render(<ProgressReportsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load progress reports');
  });
});

describe('Compliance Reports', () => {
  it('counts the records on the overview and filters the detailed list', async () => {
    serve();
    const user = userEvent.setup();
    render(<ComplianceReportsPage />);
    expect(await screen.findByText('Total Requirements')).toBeInTheDocument();
    expect(screen.getByText('70%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Average Requirement Compliance' })).toHaveAttribute(
      'aria-valuenow',
      '70',
    );

    await user.click(screen.getByRole('tab', { name: 'Detailed Reports' }));
    await user.selectOptions(screen.getByLabelText('Standard'), 'NFPA');
    expect(screen.getByText('Showing 1 of 2 records')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(lastCsv()[1].map((r) => r.Requirement)).toEqual(['Student competency tracking (NFPA 1001)']);
    await user.selectOptions(screen.getByLabelText('Priority'), 'low');
    expect(screen.getByText('No compliance records found')).toBeInTheDocument();
  });

  it('says what the average compliance counts when its About button is clicked', async () => {
    serve();
    const user = userEvent.setup();
    render(<ComplianceReportsPage />);
    await user.click(await screen.findByRole('button', { name: 'About this figure: Average Requirement Compliance' }));
    expect(await screen.findByText(/average compliance percentage of the requirements/)).toBeVisible();
  });

  it("shows each record's description, source and confidence apart, on the card and in the CSV", async () => {
    serve();
    const user = userEvent.setup();
    render(<ComplianceReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Detailed Reports' }));
    const card = screen.getByRole('heading', { name: 'Outcome: Retention' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(card).getByText('Report student retention for the year reported.')).toBeInTheDocument();
    expect(within(card).getByText('Source').nextElementSibling).toHaveTextContent('coaemsp.org annual report pages');
    expect(within(card).getByText('Confidence').nextElementSibling).toHaveTextContent(
      'Unverified – check before relying on it',
    );
    // a figure computed from the students' records has no research source to show
    const computed = screen
      .getByRole('heading', { name: 'Student competency tracking (NFPA 1001)' })
      .closest('div.rounded-xl') as HTMLElement;
    expect(within(computed).queryByText('Confidence')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(lastCsv()[1][0]).toMatchObject({
      Requirement: 'Outcome: Retention',
      Description: 'Report student retention for the year reported.',
      Source: 'coaemsp.org annual report pages',
      Confidence: 'Unverified – check before relying on it',
    });
  });

  it('compares the standards on the Trends tab', async () => {
    serve();
    const user = userEvent.setup();
    render(<ComplianceReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Trends' }));
    const table = screen.getByRole('table', { name: 'Compliance by Standard' });
    expect(within(table).getByRole('row', { name: /^Compliance/ })).toHaveTextContent('Compliance100%40%No records');
  });

  it('tells a student the reports are for staff, without asking the server', () => {
    session.role = 'student';
    serve();
    render(<ComplianceReportsPage />);
    expect(screen.getByText('Compliance reports are for staff')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Graduation Reports', () => {
  it("shows the six figures and each candidate's first 3 requirements, GPA and days left", async () => {
    serve();
    render(<GraduationReportsPage />);
    const stats = await screen.findByRole('region', { name: 'Graduation statistics' });
    expect(within(stats).getByText('Graduated or Due This Month').nextSibling).toHaveTextContent('7');
    expect(
      within(stats)
        .getAllByText(/./, { selector: 'p.text-sm' })
        .map((p) => p.textContent),
    ).toEqual([
      'Total Candidates',
      'Ready to Graduate',
      'On Schedule',
      'Needs Attention',
      'Delayed',
      'Graduated or Due This Month',
    ]);
    expect(within(stats).getByText('Delayed students not counted')).toBeInTheDocument();
    const maya = screen.getByRole('heading', { name: 'Maya Chen' }).closest('div.rounded-xl') as HTMLElement;
    expect(
      within(maya)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Complete A', 'Complete B', 'Complete C', '+2 more']);
    expect(within(maya).getByText('No GPA')).toBeInTheDocument();
    expect(within(maya).getByText('Clinical + field hours').nextElementSibling).toHaveTextContent('30/48');
    expect(within(maya).getByText('12 days remaining')).toHaveClass('bg-red-100');
    const ethan = screen.getByRole('heading', { name: 'Ethan Brooks' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(ethan).getByText('3.46')).toHaveClass('bg-amber-100');
    expect(within(ethan).getByText('All requirements met')).toBeInTheDocument();
  });

  it('says exactly who the month counts when its About button is clicked', async () => {
    serve();
    const user = userEvent.setup();
    render(<GraduationReportsPage />);
    const about = await screen.findByRole('button', { name: 'About this figure: Graduated or Due This Month' });
    expect(screen.queryByText(/a delayed student \(expected date already passed\) is not counted/)).toBeNull();
    await user.click(about);
    expect(await screen.findByText(/a delayed student \(expected date already passed\) is not counted/)).toBeVisible();
  });

  it('filters by month and status, and exports the candidates shown', async () => {
    serve();
    const user = userEvent.setup();
    render(<GraduationReportsPage />);
    await screen.findByRole('heading', { name: 'Maya Chen' });
    await user.selectOptions(screen.getByLabelText('Graduation Month'), 'March');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Maya Chen' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(lastCsv()[1].map((r) => r['Student Name'])).toEqual(['Ethan Brooks']);
    await user.selectOptions(screen.getByLabelText('Status'), 'Delayed');
    expect(screen.getByText('No graduation candidates found')).toBeInTheDocument();
  });
});
