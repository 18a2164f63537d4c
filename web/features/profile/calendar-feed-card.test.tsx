// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CALENDAR_TEXT, CalendarFeedCard } from './calendar-feed-card.tsx';

const FEED_URL = 'http://localhost/api/calendar/abc.ics';
/** The server's side of /api/calendar-feed: one live address or none. */
let live: string | null;
const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
  const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
  if (path !== '/api/calendar-feed') return new Response('{"error":"Not found"}', { status: 404 });
  if (method === 'POST') live = '2026-11-27T01:00:00.000Z';
  if (method === 'DELETE') live = null;
  const body = method === 'POST' ? { url: FEED_URL, createdAt: live } : { active: !!live, createdAt: live };
  return new Response(JSON.stringify(body), { status: method === 'POST' ? 201 : 200 });
});

beforeEach(() => {
  live = null;
  server.mockClear();
  vi.stubGlobal('fetch', server);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Calendar feed card', () => {
  it('creates an address, shows it once with Copy, and turns it off', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CalendarFeedCard />);
    await screen.findByText(CALENDAR_TEXT.off);
    await user.click(screen.getByRole('button', { name: CALENDAR_TEXT.create }));
    expect(await screen.findByLabelText('Calendar address')).toHaveValue(FEED_URL);
    await user.click(screen.getByRole('button', { name: CALENDAR_TEXT.copy }));
    expect(writeText).toHaveBeenCalledWith(FEED_URL);
    expect(screen.getByRole('button', { name: CALENDAR_TEXT.copied })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: CALENDAR_TEXT.revoke }));
    await screen.findByText(CALENDAR_TEXT.off);
    expect(screen.queryByLabelText('Calendar address')).not.toBeInTheDocument();
  });

  it('says an address is live without showing it again, and offers a new one', async () => {
    live = '2026-11-01T00:00:00.000Z';
    render(<CalendarFeedCard />);
    expect(await screen.findByText(/A calendar address is active since/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Calendar address')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: CALENDAR_TEXT.regenerate })).toBeInTheDocument();
  });

  it('says so when the server cannot be reached', async () => {
    server.mockRejectedValueOnce(new TypeError('offline'));
    render(<CalendarFeedCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent(CALENDAR_TEXT.failed);
  });
});
