// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import { RequestManagementPage } from './request-management-page.tsx';

const session = vi.hoisted(() => ({
  user: {
    id: 'dir',
    email: 'director@demo.test',
    firstName: 'Dana',
    lastName: 'Director',
    role: 'director',
    profileImageUrl: null,
  },
}));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: session.user, fromCache: false }),
}));

const request = (id: string, over: Record<string, unknown>) => ({
  id,
  kind: 'program-join',
  userId: 'stu',
  status: 'pending',
  programId: 'p1',
  requestedRole: 'student',
  justification: 'EMT refresher please',
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  ...over,
});

let db: TrainingDb;
let engine: SyncEngine;
const api = vi.fn(async (_path: string, _init?: RequestInit) => new Response('{}', { status: 200 }));

beforeEach(async () => {
  db = new TrainingDb(`request-management-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: session.user.id,
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  await db.domain('users').bulkPut([
    { id: 'stu', firstName: 'Sam', lastName: 'Student', role: 'student' },
    { id: 'prec', firstName: 'Pat', lastName: 'Field', role: 'preceptor' },
  ]);
  await db.domain('programs').put({ id: 'p1', name: 'EMT Basic Spring' });
  await db.domain('students').put({ id: 's1', firstName: 'Sam', lastName: 'Student', studentId: 'STU-2026001' });
  await db.domain('clinicalSites').put({ id: 'site1', name: 'St. Mary Regional' });
  await db.domain('requests').bulkPut([
    request('join', {}),
    request('approved-join', { status: 'approved', createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
    request('role', { kind: 'role-change', userId: 'prec', currentRole: 'preceptor', requestedRole: 'instructor' }),
    request('prec', {
      kind: 'preceptor',
      studentId: 's1',
      clinicalSiteId: 'site1',
      emsCertificationLevel: 'paramedic',
      requestedDatesText: 'Evenings',
      programId: null,
    }),
  ]);
  api.mockClear();
  vi.stubGlobal('fetch', api);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  session.user = { ...session.user, id: 'dir', role: 'director' };
  await engine.sync().catch(() => undefined);
  await db.delete();
});

async function renderPage() {
  render(
    <SyncValueProvider value={{ db, engine }}>
      <Toaster />
      <RequestManagementPage />
    </SyncValueProvider>,
  );
  await screen.findByRole('heading', { name: 'Request Management' });
  return userEvent.setup();
}
/** The table (tablet and up); the phone cards repeat the same rows. */
const table = () => screen.getByRole('table');
const row = (text: string) => within(table()).getByRole('row', { name: new RegExp(text) });

describe('Request Management', () => {
  it('counts pending requests per kind in the cards and tabs', async () => {
    await renderPage();
    expect(screen.getByText('Pending Program Join Requests').nextSibling).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: /Program Join/ })).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: /Role Change/ })).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: /Preceptor/ })).toHaveTextContent('1');
  });

  it('a program join row: user, program, role, status and relative time', async () => {
    await renderPage();
    const pending = within(table()).getAllByRole('row')[1];
    expect(pending).toHaveTextContent('Sam Student');
    expect(pending).toHaveTextContent('EMT Basic Spring');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('about 2 hours ago');
    expect(within(table()).getByText('Approved')).toBeInTheDocument();
  });

  it('the preceptor tab shows the student identifier and "No preference"', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('tab', { name: /Preceptor/ }));
    const r = row('STU-2026001');
    expect(r).toHaveTextContent('Paramedic');
    expect(r).toHaveTextContent('St. Mary Regional');
    expect(r).toHaveTextContent('No preference');
  });

  it('a director approves with review notes through the server', async () => {
    const user = await renderPage();
    await user.click(within(row('Sam Student.*Pending')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Request' });
    expect(within(dialog).getByText('Provide any additional notes for this approval.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Review Notes'), 'Welcome aboard');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Program join request approved successfully')).toBeInTheDocument();
    const [path, init] = api.mock.calls[0];
    expect(path).toBe('/api/requests/program-join/join/approve');
    expect(JSON.parse(String(init?.body))).toEqual({ reviewNotes: 'Welcome aboard' });
  });

  it('deny asks for a reason', async () => {
    const user = await renderPage();
    await user.click(within(row('Sam Student.*Pending')).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny Request' });
    expect(within(dialog).getByText('Please provide a reason for denying this request.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await within(dialog).findByText(MSG.denyReasonRequired)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/^Reason for denial/), 'Program is full this term');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Program join request denied')).toBeInTheDocument();
    expect(api.mock.calls[0][0]).toBe('/api/requests/program-join/join/deny');
  });

  it('a director deletes a request of any status after confirming', async () => {
    const user = await renderPage();
    const approved = within(table()).getAllByRole('row')[2];
    await user.click(within(approved).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Request deleted successfully')).toBeInTheDocument();
    expect(api.mock.calls[0]).toEqual([
      '/api/requests/program-join/approved-join',
      expect.objectContaining({ method: 'DELETE' }),
    ]);
  });

  it('a clinical coordinator reviews but cannot delete', async () => {
    session.user = { ...session.user, id: 'cc', role: 'clinical_coordinator' };
    await renderPage();
    expect(within(table()).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(within(table()).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("a clinical coordinator may only deny a role change, and a join in a role other than the account's", async () => {
    session.user = { ...session.user, id: 'cc', role: 'clinical_coordinator' };
    await db.domain('requests').put(request('join-as-instructor', { userId: 'prec', requestedRole: 'instructor' }));
    const user = await renderPage();
    expect(within(row('Pat Field.*Pending')).getByRole('button', { name: 'Deny' })).toBeInTheDocument();
    expect(within(row('Pat Field.*Pending')).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(row('Sam Student.*Pending')).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Role Change/ }));
    expect(within(row('Pat Field')).getByRole('button', { name: 'Deny' })).toBeInTheDocument();
    expect(within(row('Pat Field')).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('anyone else sees "Pending approval" on pending rows and no actions', async () => {
    session.user = { ...session.user, id: 'stu', role: 'student' };
    await renderPage();
    expect(within(row('Sam Student.*Pending')).getByText('Pending approval')).toBeInTheDocument();
    expect(within(table()).queryByRole('button')).not.toBeInTheDocument();
  });
});
