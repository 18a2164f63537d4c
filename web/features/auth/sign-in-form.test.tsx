// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { progressAsked } from '#web/lib/offline-messages.ts';

import { SignInForm } from './sign-in-form.tsx';

/** The server: health says demo mode is off; sign-in answers the user. */
const server = vi.fn(async (path: string, _init?: RequestInit) =>
  path === '/api/health'
    ? new Response(JSON.stringify({ ok: true, demo: false }))
    : new Response(JSON.stringify({ id: 'u1', role: 'student', cosignSecret: null })),
);
const signIns = () => server.mock.calls.filter(([path]) => path === '/api/login');

beforeEach(() => {
  server.mockClear();
  vi.stubGlobal('fetch', server);
  vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in form', () => {
  it('names each empty field and sends nothing; a message goes as the field is filled', async () => {
    const user = userEvent.setup();
    render(<SignInForm next="/" />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(signIns()).toEqual([]);

    // the label holds its message too
    await user.type(screen.getByLabelText(/^Email/), 'd');
    expect(screen.queryByText(MSG.emailInvalid)).not.toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
  });

  it('sends the address trimmed and in lower case, then opens the page asked for', async () => {
    const user = userEvent.setup();
    render(<SignInForm next="/ems/skill-entry" />);
    await user.type(screen.getByLabelText('Email'), ' Director@Demo.TEST ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/ems/skill-entry'));
    expect(signIns().map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { email: 'director@demo.test', password: 'secret' },
    ]);
  });

  it('tells the installing service worker whose device this is before opening the app', async () => {
    const told = vi.fn();
    const worker = { postMessage: told };
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        ready: new Promise(() => undefined),
        getRegistration: () => Promise.resolve({ installing: worker }),
      },
    });
    // another role than the tests above signed in as: the device's role is told once per change
    server.mockImplementation(async (path: string) =>
      path === '/api/health'
        ? new Response(JSON.stringify({ ok: true, demo: false }))
        : new Response(JSON.stringify({ id: 'u2', role: 'preceptor', cosignSecret: null })),
    );
    const user = userEvent.setup();
    render(<SignInForm next="/" />);
    await user.type(screen.getByLabelText('Email'), 'preceptor@demo.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(told).toHaveBeenCalledWith(progressAsked('preceptor')));
    expect(window.location.assign).toHaveBeenCalledWith('/');
  });
});
