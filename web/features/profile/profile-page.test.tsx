// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import { ProfilePage } from './profile-page.tsx';

const me = {
  id: 'me',
  email: 'student@demo.test',
  firstName: 'Sam',
  lastName: 'Student',
  role: 'student',
  profileImageUrl: null,
};
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: me, fromCache: false }),
}));

let db: TrainingDb;
let engine: SyncEngine;
/** The REST calls the page makes (profile updates), answered as the server would. */
const api = vi.fn(
  async (_path: string, init?: RequestInit) =>
    new Response(JSON.stringify({ ...me, ...JSON.parse(String(init?.body ?? '{}')) }), { status: 200 }),
);

beforeEach(async () => {
  db = new TrainingDb(`profile-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'me',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  await db.domain('users').put({ ...me, isActive: true, version: 1 });
  await db.domain('programs').bulkPut([
    { id: 'p1', name: 'Paramedic Program 2026' },
    { id: 'p2', name: 'EMT Basic Spring' },
  ]);
  await db.domain('programMembers').put({ id: 'pm1', programId: 'p1', userId: 'me', assignedRole: 'student' });
  api.mockClear();
  vi.stubGlobal('fetch', api);
  localStorage.clear();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await engine.sync().catch(() => undefined);
  await db.delete();
});

async function renderPage() {
  render(
    <SyncValueProvider value={{ db, engine }}>
      <Toaster />
      <ProfilePage />
    </SyncValueProvider>,
  );
  await screen.findByRole('heading', { name: 'User Profile' });
  return userEvent.setup();
}

describe('Profile', () => {
  it('is prefilled from the current user, with the current role chosen', async () => {
    await renderPage();
    expect(screen.getByLabelText('First Name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Student');
    expect(screen.getByLabelText('Email Address')).toHaveValue('student@demo.test');
    expect(screen.getByRole('radio', { name: /Student/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Director Program director with full access/ })).not.toBeChecked();
  });

  it('says what is missing', async () => {
    const user = await renderPage();
    await user.clear(screen.getByLabelText('First Name'));
    await user.clear(screen.getByLabelText('Last Name'));
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(MSG.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('a name change goes to PUT /api/users/{id} with the role unchanged, and is remembered for an offline start', async () => {
    const user = await renderPage();
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Samuel');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(1);
    const [path, init] = api.mock.calls[0];
    expect(path).toBe('/api/users/me');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Samuel',
      lastName: 'Student',
      email: 'student@demo.test',
      role: 'student',
    });
    expect(JSON.parse(localStorage.getItem('training-records:user') ?? '{}')).toMatchObject({ firstName: 'Samuel' });
  });

  it("a new e-mail asks for the current password, sends it, and shows the server's refusal under the field", async () => {
    const user = await renderPage();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'sam@example.org');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();

    api.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({ error: 'Invalid input', fields: { currentPassword: MSG.currentPasswordWrong } }),
          { status: 400 },
        ),
    );
    await user.type(screen.getByLabelText(/^Current Password/), 'not my password');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
    expect(JSON.parse(String(api.mock.calls[0][1]?.body))).toEqual({
      firstName: 'Sam',
      lastName: 'Student',
      email: 'sam@example.org',
      role: 'student',
      currentPassword: 'not my password',
    });

    await user.clear(screen.getByLabelText(/^Current Password/));
    await user.type(screen.getByLabelText(/^Current Password/), 'my real password');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(api.mock.calls[1][1]?.body))).toMatchObject({
      email: 'sam@example.org',
      currentPassword: 'my real password',
    });
    await waitFor(() => expect(screen.queryByText(MSG.currentPasswordWrong)).not.toBeInTheDocument());
  });

  it("choosing another role files a role-change request for one of the user's programs, and never updates the role", async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('radio', { name: /Instructor/ }));
    expect(screen.getByText(/You cannot change your own role/)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Paramedic Program 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'EMT Basic Spring' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(MSG.programRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.justification)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/^Program/), 'p1');
    await user.type(screen.getByLabelText(/^Justification/), 'I finished the instructor course');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Role change request submitted successfully')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => e.name)).toEqual(['fileRoleChangeRequest']);
    expect(queued[0].args).toMatchObject({
      programId: 'p1',
      requestedRole: 'instructor',
      justification: 'I finished the instructor course',
    });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Student/ })).toBeChecked());
    expect(await screen.findByText('Requested')).toBeInTheDocument();
    expect((await db.domain('users').get('me'))?.role).toBe('student');
  });
});
