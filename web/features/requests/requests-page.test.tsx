// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import { RequestsPage } from './requests-page.tsx';

const session = vi.hoisted(() => ({
  user: {
    id: 'me',
    email: 'me@demo.test',
    firstName: 'Sam',
    lastName: 'Student',
    role: 'student',
    profileImageUrl: null,
  },
}));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: session.user, fromCache: false }),
}));

let db: TrainingDb;
let engine: SyncEngine;

beforeEach(async () => {
  db = new TrainingDb(`requests-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'me',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  await db.domain('users').bulkPut([
    { id: 'me', firstName: 'Sam', lastName: 'Student', role: 'student', isActive: true },
    { id: 'prec', firstName: 'Pat', lastName: 'Field', role: 'preceptor', isActive: true },
    { id: 'ins', firstName: 'Irene', lastName: 'Okafor', role: 'instructor', isActive: true },
  ]);
  await db.domain('programs').bulkPut([
    { id: 'p1', name: 'Paramedic Program 2026' },
    { id: 'p2', name: 'EMT Basic Spring' },
  ]);
  await db.domain('programMembers').put({ id: 'pm1', programId: 'p1', userId: 'me', assignedRole: 'student' });
  await db.domain('students').bulkPut([
    { id: 's-me', userId: 'me', firstName: 'Sam', lastName: 'Student', studentId: 'STU-2026001' },
    { id: 's-2', userId: null, firstName: 'Ana', lastName: 'Zed', studentId: 'STU-2026002' },
  ]);
  await db.domain('clinicalSites').put({ id: 'site1', name: 'St. Mary Regional' });
});
afterEach(async () => {
  cleanup();
  session.user.role = 'student';
  await engine.sync();
  await db.delete();
});

async function renderPage() {
  render(
    <SyncValueProvider value={{ db, engine }}>
      <Toaster />
      <RequestsPage />
    </SyncValueProvider>,
  );
  await screen.findByRole('heading', { name: 'Requests' });
  return userEvent.setup();
}

describe('Requests', () => {
  it("shows the user's programs and no requests yet", async () => {
    await renderPage();
    expect(screen.getByText('Paramedic Program 2026')).toBeInTheDocument();
    expect(screen.getByText('No requests yet')).toBeInTheDocument();
  });

  it('Join Program: only programs the user is not in, role student by default, justification of 10 characters', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Request Enrollment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Program Enrollment' });
    expect(within(dialog).getByLabelText('Requested Role')).toHaveValue('student');
    expect(within(dialog).queryByRole('option', { name: 'Paramedic Program 2026' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText(MSG.programRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.justification)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText(/^Program/), 'p2');
    await user.type(within(dialog).getByLabelText(/^Justification/), 'EMT refresher please');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Program join request submitted successfully')).toBeInTheDocument();
    const mine = await screen.findByRole('region', { name: 'My Requests' });
    expect(within(mine).getByText('Join EMT Basic Spring as Student')).toBeInTheDocument();
    expect(within(mine).getByText('Pending approval')).toBeInTheDocument();
    expect(within(mine).getByText('Pending sync')).toBeInTheDocument();
    expect(within(mine).getByText('Pending')).toBeInTheDocument();
  });

  it('Change Role: instructor by default, the current role shown for the chosen program', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Request Role Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Role Change' });
    expect(within(dialog).getByLabelText('Requested Role')).toHaveValue('instructor');
    await user.selectOptions(within(dialog).getByLabelText('Program'), 'p1');
    expect(within(dialog).getByText(/Current role/)).toHaveTextContent('Current role: Student');
    await user.type(within(dialog).getByLabelText('Justification'), 'I teach the airway lab now');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Role change request submitted successfully')).toBeInTheDocument();
    const [row] = await db.domain('requests').toArray();
    expect(row).toMatchObject({
      kind: 'role-change',
      programId: 'p1',
      requestedRole: 'instructor',
      currentRole: 'student',
      status: 'pending',
    });
  });

  it('Request EMS Preceptor: a student files for their own record; the free text is kept as the server keeps it', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Request Preceptor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request EMS Preceptor' });
    expect(within(dialog).getByText('Sam Student (STU-2026001)')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Student')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Certification Level')).toHaveValue('emt');
    expect(within(dialog).getByRole('option', { name: 'No preference' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('option', { name: 'Pat Field' })).toHaveLength(1);
    expect(within(dialog).queryByRole('option', { name: 'Irene Okafor' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText(MSG.clinicalSiteRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.requestedDatesRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.justification)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText(/^Clinical Site/), 'site1');
    await user.selectOptions(within(dialog).getByLabelText('Preferred Preceptor'), 'prec');
    await user.type(within(dialog).getByLabelText(/^Requested Dates/), 'Weekday evenings');
    await user.type(within(dialog).getByLabelText('Skills to Focus On'), 'IV Therapy');
    await user.type(within(dialog).getByLabelText(/^Justification/), 'More IV starts needed');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Preceptor request submitted successfully')).toBeInTheDocument();
    await waitFor(async () => expect(await db.domain('requests').toArray()).toHaveLength(1));
    const [row] = await db.domain('requests').toArray();
    expect(row).toMatchObject({
      kind: 'preceptor',
      studentId: 's-me',
      clinicalSiteId: 'site1',
      requestedPreceptorId: 'prec',
      emsCertificationLevel: 'emt',
      requestedDatesText: 'Weekday evenings',
      skillsToFocusText: 'IV Therapy',
    });
    expect(row.requestedDates).toBeUndefined();
    expect(screen.getByText('Preceptor at St. Mary Regional for Sam Student')).toBeInTheDocument();
  });

  it('staff pick the student for a preceptor request', async () => {
    session.user.role = 'instructor';
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Request Preceptor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request EMS Preceptor' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText(MSG.studentRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'Ana Zed (STU-2026002)' })).toBeInTheDocument();
  });
});
