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
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Role } from '#schema/enums.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import { fireBookRows } from '#web/lib/testing/fire-books.ts';
import { programRow, signOffRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, type SeedRows } from '#web/lib/testing/test-sync.tsx';

import { NavList, Sidebar } from './sidebar.tsx';

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

describe("a fire or police student's menu", () => {
  const EMS_WORDS = /CoAEMSP|SMC|Patient contact|Medical Director|Table \d|EMS/;
  const policeRows: SeedRows = {
    programs: [programRow('pd', { name: 'Police FTO', type: 'police' })],
    students: [studentRow('riley', { firstName: 'Riley', lastName: 'Carter', programId: 'pd', userId: 'user-1' })],
  };
  const menu = async () => {
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // the student's own record names their discipline once the device has read it
    await waitFor(() => expect(nav).not.toHaveTextContent('EMS Training'));
    return nav;
  };

  it("shows a fire candidate their own discipline's screens, no EMS ones", async () => {
    await open('student', fireBookRows('user-1'));
    const nav = await menu();
    expect(screen.getByRole('link', { name: /Fire Task Book/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Police Training|Log Skills/ })).toBeNull();
    expect(nav.textContent).not.toMatch(EMS_WORDS);
  });

  it("shows a police recruit their own discipline's screens, no EMS ones", async () => {
    await open('student', policeRows);
    const nav = await menu();
    expect(screen.getByRole('link', { name: /Daily Observation Reports/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Fire Training|Fire Task Book|Log Skills/ })).toBeNull();
    expect(nav.textContent).not.toMatch(EMS_WORDS);
  });

  it('keeps every discipline in the menu of staff, who may work in all three', async () => {
    await open('director', policeRows);
    for (const name of [/EMS Training/, /Fire Task Book/, /Daily Observation Reports/]) {
      expect(await screen.findByRole('link', { name })).toBeInTheDocument();
    }
  });
});

describe('the sidebar', () => {
  /** A screen `width` pixels wide, as the browser's media queries answer, with a way to resize it. */
  function screenOf(width: number) {
    const listeners = new Set<() => void>();
    const state = { width };
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return state.width >= 16 * Number(/min-width: ([\d.]+)rem/.exec(query)![1]);
      },
      addEventListener: (_: string, f: () => void) => listeners.add(f),
      removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    }));
    return (next: number) => {
      state.width = next;
      listeners.forEach((f) => f());
    };
  }
  afterEach(() => vi.unstubAllGlobals());

  async function openSidebar() {
    session.role = 'preceptor';
    const root = createRootRoute({ component: () => <Sidebar /> });
    const routeTree = root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: Outlet })]);
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
    ({ db } = await renderWithRows(<RouterProvider router={router} />, {}));
  }

  it('is not drawn on a phone, whose menu button opens the same list, and appears when the window widens', async () => {
    const resize = screenOf(390);
    await openSidebar();
    await waitFor(() => expect(document.body).not.toBeEmptyDOMElement());
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    act(() => resize(1280));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
