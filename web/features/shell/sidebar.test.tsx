// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '#schema/enums.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import { signOffRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, type SeedRows } from '#web/lib/testing/test-sync.tsx';

import { NavList } from './sidebar.tsx';

const session = vi.hoisted(() => ({ role: 'clinical_coordinator' as string }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'user-1', email: 'u@demo.test', firstName: 'Dana', lastName: 'Reyes', role: session.role },
    fromCache: false,
  }),
}));

let db: TrainingDb | undefined;
afterEach(async () => {
  cleanup();
  await db?.delete();
});

async function open(role: Role, rows: SeedRows) {
  session.role = role;
  const root = createRootRoute({ component: () => <NavList /> });
  const routeTree = root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: Outlet })]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
  ({ db } = await renderWithRows(<RouterProvider router={router} />, rows));
}

const signOffs = [
  signOffRow('s-disputed', { status: 'disputed' }),
  signOffRow('s-link', { status: 'link_confirmed' }),
  signOffRow('s-mail', { mailTries: 5, mailFailure: '550 No such mailbox' }),
  signOffRow('s-awaiting'),
  signOffRow('s-confirmed', { status: 'confirmed' }),
];

describe('the menu', () => {
  it("counts on Sign-offs the sign-offs that need a reviewer, from the device's rows", async () => {
    await open('clinical_coordinator', { signOffs });
    // the first render builds the router and opens the database: slow on a shared machine
    const link = await screen.findByRole('link', { name: 'Sign-offs, 3 need attention' }, { timeout: 5000 });
    expect(link).toHaveTextContent('3');
    await db!.rows('signOffs').update('s-disputed', { status: 'rejected' });
    await screen.findByRole('link', { name: 'Sign-offs, 2 need attention' });
    await db!.rows('signOffs').update('s-link', { status: 'confirmed' });
    await screen.findByRole('link', { name: 'Sign-offs, 1 needs attention' });
  });

  it('shows no count when nothing needs attention, nor to those who do not review sign-offs', async () => {
    await open('clinical_coordinator', { signOffs: [signOffRow('s-awaiting')] });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign-offs' })).toBeInTheDocument());
    cleanup();
    await db!.delete();
    await open('student', { signOffs });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign-offs' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /need attention/ })).toBeNull();
  });
});
