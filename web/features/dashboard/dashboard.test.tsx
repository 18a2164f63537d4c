// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { saveAnswer, savedAnswer } from '#web/lib/server-reads.test-support.ts';
import { forgetServerReads } from '#web/lib/server-reads.ts';
import { AboutFigure } from '#web/lib/ui/display.tsx';

import { ActivityCard } from './activity-card.tsx';
import { DeadlinesCard, dueIn } from './deadlines-card.tsx';
import { StatsRow } from './stats-row.tsx';

const USER = 'user-1';
const STATS_PATH = '/api/dashboard/stats';
const stats = { activeStudents: 12, pendingReviews: 3, complianceRate: 87, graduations: 4 };

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
function mockFetch(impl: (path: string) => Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => impl(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => forgetServerReads());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// the shell fetches the About buttons' code once the first screen is up (display.tsx)
beforeAll(() => AboutFigure.preload());

describe('statistics row', () => {
  it('shows 4 placeholder cards while the statistics load', () => {
    mockFetch(() => new Promise(() => {}));
    render(<StatsRow userId={USER} role="director" />);
    expect(screen.getAllByTestId('tile-skeleton')).toHaveLength(4);
  });

  it('shows the figures with what they count, and keeps them on the device', async () => {
    const fetchMock = mockFetch(() => Promise.resolve(answer(stats)));
    render(<StatsRow userId={USER} role="director" />);
    expect(await screen.findByText('87%')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('This academic year')).toBeInTheDocument();
    expect(screen.getByText('Requests awaiting review')).toBeInTheDocument();
    expect(screen.queryByText(/\+12%|\+2\.3%/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(STATS_PATH, expect.objectContaining({ credentials: 'include' }));
    await waitFor(async () => expect(await savedAnswer(USER, STATS_PATH)).toEqual(stats));
  });

  it('names the percentage for what it counts: requirement compliance for staff', async () => {
    mockFetch(() => Promise.resolve(answer(stats)));
    render(<StatsRow userId={USER} role="director" />);
    expect(await screen.findByText('Average Requirement Compliance')).toBeInTheDocument();
    expect(screen.queryByText('Compliance Rate')).not.toBeInTheDocument();
    expect(screen.queryByText('Your Skill Progress')).not.toBeInTheDocument();
  });

  it('explains the percentage when its About button is clicked', async () => {
    mockFetch(() => Promise.resolve(answer(stats)));
    const user = userEvent.setup();
    render(<StatsRow userId={USER} role="director" />);
    const about = await screen.findByRole('button', { name: 'About this figure: Average Requirement Compliance' });
    expect(screen.queryByText(/average compliance percentage of the requirements/)).not.toBeInTheDocument();
    await user.click(about);
    expect(await screen.findByText(/average compliance percentage of the requirements/)).toBeVisible();
  });

  it('tells a student the rate is their own progress and the reviews their own requests', async () => {
    mockFetch(() => Promise.resolve(answer(stats)));
    render(<StatsRow userId={USER} role="student" />);
    expect(await screen.findByText('Your Skill Progress')).toBeInTheDocument();
    expect(screen.getByText('Your requests awaiting review')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'About this figure: Your Skill Progress' })).toBeInTheDocument();
  });

  it('says the statistics could not load when the call fails and nothing is saved', async () => {
    mockFetch(() => Promise.resolve(answer({ error: 'boom' }, 500)));
    render(<StatsRow userId={USER} role="director" />);
    expect(await screen.findByText('Unable to load statistics')).toBeInTheDocument();
    expect(screen.queryAllByTestId('tile-skeleton')).toHaveLength(0);
  });

  it('shows the saved figures with their time when the network fails', async () => {
    await saveAnswer(USER, STATS_PATH, stats, new Date(2026, 6, 1, 9, 5));
    mockFetch(offline);
    render(<StatsRow userId={USER} role="director" />);
    expect(await screen.findByText('Last updated Jul 1, 9:05 AM')).toBeInTheDocument();
    expect(screen.getByText('87%')).toBeInTheDocument();
    expect(screen.queryByText('Unable to load statistics')).not.toBeInTheDocument();
  });

  it("never shows another user's saved figures", async () => {
    await saveAnswer('someone-else', STATS_PATH, stats);
    mockFetch(offline);
    render(<StatsRow userId={USER} role="director" />);
    expect(await screen.findByText('Unable to load statistics')).toBeInTheDocument();
  });
});

describe('figures kept for each signed-in user', () => {
  async function seenOnline(userId: string) {
    mockFetch(() => Promise.resolve(answer(stats)));
    const { unmount } = render(<StatsRow userId={userId} role="director" />);
    expect(await screen.findByText('87%')).toBeInTheDocument();
    await waitFor(async () => expect(await savedAnswer(userId, STATS_PATH)).toEqual(stats));
    unmount();
  }

  it('are gone from the device after sign-out', async () => {
    await seenOnline(USER);
    await forgetServerReads();
    mockFetch(offline);
    render(<StatsRow userId={USER} role="director" />);
    expect(await screen.findByText('Unable to load statistics')).toBeInTheDocument();
    expect(await savedAnswer(USER, STATS_PATH)).toBeUndefined();
  });

  it('are never shown to the next user of the device, even without a sign-out', async () => {
    await seenOnline(USER);
    mockFetch(offline);
    render(<StatsRow userId="user-2" role="director" />);
    expect(await screen.findByText('Unable to load statistics')).toBeInTheDocument();
    expect(screen.queryByText('87%')).not.toBeInTheDocument();
  });
});

describe('activity and deadlines', () => {
  it('show their empty states', async () => {
    mockFetch(() => Promise.resolve(answer([])));
    render(
      <>
        <ActivityCard userId={USER} />
        <DeadlinesCard userId={USER} />
      </>,
    );
    expect(await screen.findByText('No Recent Activity')).toBeInTheDocument();
    expect(await screen.findByText('No upcoming deadlines to display')).toBeInTheDocument();
  });

  it('list the entries the API answers', async () => {
    const at = new Date().toISOString();
    mockFetch((path) =>
      Promise.resolve(
        answer(
          path.endsWith('activity')
            ? [
                {
                  id: 1,
                  at,
                  actorName: 'Pat Nguyen',
                  command: 'recordSkillProgress',
                  tableName: 'student_skills',
                  recordId: 'r',
                  summary: 'Ana Lopez: CPR marked Completed',
                },
              ]
            : [
                {
                  id: 'graduation-a',
                  date: '2026-08-30',
                  kind: 'graduation',
                  title: 'Ana Lopez expected to graduate',
                  detail: 'EMT Fall',
                },
              ],
        ),
      ),
    );
    render(
      <>
        <ActivityCard userId={USER} />
        <DeadlinesCard userId={USER} />
      </>,
    );
    expect(await screen.findByText('Ana Lopez: CPR marked Completed')).toBeInTheDocument();
    expect(screen.getByText(/Pat Nguyen/)).toBeInTheDocument();
    expect(await screen.findByText('Ana Lopez expected to graduate')).toBeInTheDocument();
    expect(screen.getByText('Graduation')).toBeInTheDocument();
  });

  it('show the saved lists offline', async () => {
    await saveAnswer(USER, '/api/dashboard/activity', [], new Date(2026, 6, 1, 14, 30));
    mockFetch(offline);
    render(<ActivityCard userId={USER} />);
    expect(await screen.findByText('Last updated Jul 1, 2:30 PM')).toBeInTheDocument();
    expect(screen.getByText('No Recent Activity')).toBeInTheDocument();
  });

  it('count the days to a deadline', () => {
    expect(dueIn('2026-07-01', '2026-07-01')).toBe('Today');
    expect(dueIn('2026-07-02', '2026-07-01')).toBe('Tomorrow');
    expect(dueIn('2026-07-31', '2026-07-01')).toBe('In 30 days');
  });
});
