// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type Role, ROLES } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';

import type { SitePreceptorRequest } from './preceptor-requests.ts';
import { PreceptorReviewPanel } from './review-panel.tsx';

afterEach(cleanup);

const request = (over: Partial<SitePreceptorRequest>): SitePreceptorRequest => ({
  id: 'r1',
  studentName: 'Ana Zed',
  siteName: 'St. Mary Regional',
  requestedDates: ['2026-04-02', '2026-04-09'],
  skillsToFocus: ['IV Therapy'],
  justification: 'Need more IV starts',
  status: 'pending',
  createdAt: '2026-03-01T10:00:00.000Z',
  reviewedAt: null,
  reviewNotes: null,
  approvalLevel: null,
  ...over,
});

const requests = [
  request({}),
  request({ id: 'r2', studentName: 'Ben Young', createdAt: '2026-03-02T10:00:00.000Z' }),
  ...Array.from({ length: 6 }, (_, i) =>
    request({
      id: `done${i}`,
      studentName: `Reviewed ${i}`,
      status: i % 2 ? 'denied' : 'approved',
      reviewedAt: `2026-02-0${i + 1}T10:00:00.000Z`,
      approvalLevel: 'director',
    }),
  ),
];

function renderPanel(role: Role, onReview = vi.fn(() => Promise.resolve(true)), pendingSync = new Set<string>()) {
  render(<PreceptorReviewPanel role={role} requests={requests} pendingSync={pendingSync} onReview={onReview} />);
  return onReview;
}

describe('preceptor-request review panel', () => {
  it.each(['administration', 'director'] as const)(
    'shows for %s with the pending count and the 5 recent reviews',
    (role) => {
      renderPanel(role);
      expect(screen.getByRole('heading', { name: 'Preceptor Requests' })).toBeInTheDocument();
      expect(screen.getByText('2 pending')).toBeInTheDocument();
      const pending = screen.getByRole('listitem', { name: 'Request from Ana Zed' });
      expect(within(pending).getByText('St. Mary Regional')).toBeInTheDocument();
      expect(within(pending).getByText(/Apr 2, 2026, Apr 9, 2026/)).toBeInTheDocument();
      expect(within(pending).getByText('IV Therapy')).toBeInTheDocument();
      expect(within(pending).getByText('Need more IV starts')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Recent Reviews' })).toBeInTheDocument();
      expect(screen.getAllByText(/^Reviewed \d/)).toHaveLength(5);
      expect(screen.queryByText(/^Reviewed 0/)).not.toBeInTheDocument();
    },
  );

  it.each(ROLES.filter((r) => r !== 'administration' && r !== 'director'))('is not shown to %s', (role) => {
    renderPanel(role);
    expect(screen.queryByRole('heading', { name: 'Preceptor Requests' })).not.toBeInTheDocument();
    expect(screen.queryByText('Ana Zed')).not.toBeInTheDocument();
  });

  it('approves with optional notes, and denies only with a reason', async () => {
    const user = userEvent.setup();
    const onReview = renderPanel('director');
    const ana = screen.getByRole('listitem', { name: 'Request from Ana Zed' });
    await user.type(within(ana).getByLabelText('Review notes'), 'Cleared with the ED educator');
    await user.click(within(ana).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onReview).toHaveBeenCalledWith('r1', 'approve', 'Cleared with the ED educator'));
    const ben = screen.getByRole('listitem', { name: 'Request from Ben Young' });
    await user.click(within(ben).getByRole('button', { name: 'Deny' }));
    expect(await within(ben).findByText(MSG.denyReasonRequired)).toBeInTheDocument();
    expect(onReview).toHaveBeenCalledTimes(1);
    await user.type(within(ben).getByLabelText(/^Review notes/), 'No preceptor free those days');
    await user.click(within(ben).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(onReview).toHaveBeenCalledWith('r2', 'deny', 'No preceptor free those days'));
  });

  it('holds back review of a request that has not reached the server yet', () => {
    renderPanel('director', undefined, new Set(['r2']));
    const ben = screen.getByRole('listitem', { name: 'Request from Ben Young' });
    expect(within(ben).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(ben).getByText(/Waiting to reach the server/)).toBeInTheDocument();
  });
});
