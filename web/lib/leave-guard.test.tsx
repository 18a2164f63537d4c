// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LeaveGuard } from './drafts.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The user's answer to the browser's question. */
function answering(yes: boolean) {
  const ask = vi.fn(() => yes);
  vi.stubGlobal('confirm', ask);
  return ask;
}

/** Two screens (paths of the app, so the links type-check): a form holding unsaved input, and another linked from it. */
function app() {
  const root = createRootRoute({
    component: () => (
      <>
        <Link to="/students">Students</Link>
        <Outlet />
      </>
    ),
  });
  const form = createRoute({
    getParentRoute: () => root,
    path: '/contact',
    component: () => (
      <>
        <h1>Contact</h1>
        <LeaveGuard dirty />
      </>
    ),
  });
  const students = createRoute({ getParentRoute: () => root, path: '/students', component: () => <h1>Students</h1> });
  const router = createRouter({
    routeTree: root.addChildren([form, students]),
    history: createMemoryHistory({ initialEntries: ['/contact'] }),
  });
  render(<RouterProvider router={router} />);
}

describe('leaving a screen with unsaved input', () => {
  it('asks first, and stays when the user says no', async () => {
    const ask = answering(false);
    app();
    await screen.findByRole('heading', { name: 'Contact' });
    await userEvent.click(screen.getByRole('link', { name: 'Students' }));
    await waitFor(() => expect(ask).toHaveBeenCalledWith(expect.stringMatching(/kept as a draft/)));
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  });

  it('leaves when the user says yes', async () => {
    answering(true);
    app();
    await screen.findByRole('heading', { name: 'Contact' });
    await userEvent.click(screen.getByRole('link', { name: 'Students' }));
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeInTheDocument();
  });
});
