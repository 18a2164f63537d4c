// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SESSION_PATH } from '#schema/login.ts';

import { askSession, SessionProvider, useSession } from './session.tsx';

const user = { id: 'u1', email: 's@demo.test', firstName: 'Sam', lastName: 'Rivera', role: 'student' };

function Who() {
  const session = useSession();
  return <p>{session.status === 'signed-in' ? `${session.user.firstName} signed in` : session.status}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('who is signed in', () => {
  it('is asked once at start, before the screens render, and the screens take that answer', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ user }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    askSession();
    // the request leaves at start, not once the screens have rendered
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]).toEqual([SESSION_PATH, expect.objectContaining({ credentials: 'include' })]);
    render(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    expect(await screen.findByText('Sam signed in')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is asked by the screens themselves when nothing asked at start', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ user: null }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    render(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
