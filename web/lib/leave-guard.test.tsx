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

/** Two screens: a form holding unsaved input, and another the menu links to. */
function app() {
  const root = createRootRoute({
    component: () => (
      <>
        <Link to="/hours">Hours</Link>
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
  const hours = createRoute({ getParentRoute: () => root, path: '/hours', component: () => <h1>Hours</h1> });
  const router = createRouter({
    routeTree: root.addChildren([form, hours]),
    history: createMemoryHistory({ initialEntries: ['/contact'] }),
  });
  render(<RouterProvider router={router} />);
}

describe('leaving a screen with unsaved input', () => {
  it('asks first, and stays when the user says no', async () => {
    const ask = answering(false);
    app();
    await screen.findByRole('heading', { name: 'Contact' });
    await userEvent.click(screen.getByRole('link', { name: 'Hours' }));
    await waitFor(() => expect(ask).toHaveBeenCalledWith(expect.stringMatching(/kept as a draft/)));
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  });

  it('leaves when the user says yes', async () => {
    answering(true);
    app();
    await screen.findByRole('heading', { name: 'Contact' });
    await userEvent.click(screen.getByRole('link', { name: 'Hours' }));
    expect(await screen.findByRole('heading', { name: 'Hours' })).toBeInTheDocument();
  });
});
