// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ERR } from '#schema/messages.ts';

import { ConfirmSignOffPage } from './confirm-sign-off-page.tsx';

const summary = {
  student: 'Ana Diaz',
  capturedAt: '2026-11-20T18:00:00.000Z',
  preceptor: { name: 'Sam Rivera', credential: 'Paramedic', number: 'NRP 123456', agency: 'County EMS' },
  attempts: [
    { id: 'a1', skill: 'IV access', attemptedAt: '2026-11-20T14:00:00.000Z', setting: 'field', outcome: 'successful' },
  ],
  contacts: [
    {
      id: 'c1',
      date: '2026-11-20',
      ageYears: 54,
      ageMonths: 0,
      gender: 'female',
      primaryImpression: 'ACS',
      teamLead: true,
    },
  ],
  hours: [
    { id: 'h1', date: '2026-11-20', startTime: '07:00', endTime: '19:00', hoursCompleted: 12, hourType: 'field' },
  ],
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the preceptor's confirm page", () => {
  it('shows exactly what was signed and confirms through the link', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? json(200, { status: 'confirmed' }) : json(200, summary),
    );
    vi.stubGlobal('fetch', fetch);
    render(<ConfirmSignOffPage token="tok-123" />);
    expect(await screen.findByText(/Nov 20, 2026: IV access, successful, field/)).toBeInTheDocument();
    expect(screen.getByText(/patient contact, 54 y female, ACS, team lead/)).toBeInTheDocument();
    expect(screen.getByText(/12 h field \(07:00-19:00\)/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The sign-off is confirmed');
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/sign-off-links/tok-123',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ decision: 'confirm' }) }),
    );
  });

  it('tells a preceptor at an address the program does not know that a coordinator checks it first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        init?.method === 'POST' ? json(200, { status: 'link_confirmed' }) : json(200, summary),
      ),
    );
    render(<ConfirmSignOffPage token="tok-123" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm' }));
    const told = await screen.findByRole('status');
    expect(told).toHaveTextContent('a coordinator checks it before the records count');
    expect(told).not.toHaveTextContent('The sign-off is confirmed');
  });

  it('a dispute asks what is wrong, and shows the server message when a reason is missing', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(400, { error: ERR.invalidInput, fields: { reason: ERR.disputeReasonRequired } })
        : json(200, summary),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(<ConfirmSignOffPage token="tok-123" />);
    await user.click(await screen.findByRole('button', { name: 'Dispute' }));
    await user.click(screen.getByRole('button', { name: 'Send dispute' }));
    expect(await screen.findByText(ERR.disputeReasonRequired)).toBeInTheDocument();
  });

  it('a used link says so and offers nothing to press', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(409, { error: ERR.linkUsed })),
    );
    render(<ConfirmSignOffPage token="tok-used" />);
    expect(await screen.findByText(ERR.linkUsed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});
