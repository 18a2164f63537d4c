// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SYSTEM_SENDER } from '#schema/names.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import { MessagesPage } from './messages-page.tsx';

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

const users = [
  { id: 'me', firstName: 'Sam', lastName: 'Student', role: 'student', isActive: true, version: 1 },
  { id: 'ins', firstName: 'Irene', lastName: 'Okafor', role: 'instructor', isActive: true, version: 1 },
  { id: 'cc', firstName: 'Carla', lastName: 'Nguyen', role: 'clinical_coordinator', isActive: true, version: 1 },
];
const message = (id: string, over: Record<string, unknown>) => ({
  id,
  senderId: 'ins',
  recipientId: 'me',
  subject: 'Subject',
  content: 'Body',
  priority: 'normal',
  category: 'general',
  isRead: false,
  readAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  version: 1,
  isStarred: false,
  isArchived: false,
  ...over,
});

let db: TrainingDb;
let engine: SyncEngine;

beforeEach(async () => {
  db = new TrainingDb(`messages-${crypto.randomUUID()}`);
  // the device is offline: a sync attempt fails like a dropped connection, so queued changes stay queued
  engine = new SyncEngine({
    db,
    userId: 'me',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  await db.domain('users').bulkPut(users);
});
afterEach(async () => {
  cleanup();
  await engine.sync();
  await db.delete();
});

async function renderPage(messages: ReturnType<typeof message>[]) {
  await db.domain('messages').bulkPut(messages);
  render(
    <SyncValueProvider value={{ db, engine }}>
      <Toaster />
      <MessagesPage />
    </SyncValueProvider>,
  );
  await screen.findByRole('heading', { name: /Messages/ });
  return userEvent.setup();
}

const card = (name: RegExp) => within(screen.getByRole('list', { name: 'Messages' })).getByRole('button', { name });
const queued = async () => (await db.outbox.toArray()).map((e) => ({ name: e.name, args: e.args }));

describe('Messages screen', () => {
  it('shows received messages with the unread count and a New badge', async () => {
    await renderPage([
      message('m1', { subject: 'Airway lab Thursday', priority: 'high', category: 'academic' }),
      message('m2', { senderId: 'cc', subject: 'Site capacity', isRead: true, createdAt: '2026-11-21T08:00:00.000Z' }),
    ]);
    expect(screen.getByLabelText('1 unread')).toHaveTextContent('1');
    const airway = card(/Airway lab Thursday/);
    expect(airway).toHaveTextContent('IO');
    expect(airway).toHaveTextContent('Irene Okafor');
    expect(airway).toHaveTextContent('New');
    expect(airway).toHaveTextContent('High');
    expect(card(/Site capacity/)).not.toHaveTextContent('New');
    expect(screen.getByText('Select a Message')).toBeInTheDocument();
  });

  it('opening an unread message shows it in full and marks it read on the device', async () => {
    const user = await renderPage([
      message('m1', { subject: 'Airway lab', content: 'Bring your book.\nWe start at 9.' }),
    ]);
    await user.click(card(/Airway lab/));
    expect(await screen.findByRole('heading', { name: 'Airway lab' })).toBeInTheDocument();
    expect(screen.getByText(/Bring your book\./, { selector: 'p' })).toHaveClass('whitespace-pre-line');
    await waitFor(async () => expect(await queued()).toEqual([{ name: 'markMessageRead', args: { id: 'm1' } }]));
    await waitFor(() => expect(screen.getByLabelText('0 unread')).toBeInTheDocument());
  });

  it('empty states: a hint to compose, or that filters match nothing', async () => {
    const user = await renderPage([]);
    expect(screen.getByText('No Messages')).toBeInTheDocument();
    expect(screen.getByText('Start a conversation by composing a new message')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search messages'), 'zzz');
    expect(screen.getByText('No messages match your filters')).toBeInTheDocument();
  });

  it('a message sent offline shows at once in Sent, marked Pending sync', async () => {
    const user = await renderPage([]);
    await user.click(screen.getByRole('button', { name: 'Compose' }));
    await user.selectOptions(screen.getByLabelText('Recipient'), 'cc');
    await user.type(screen.getByLabelText('Subject'), 'Shift swap');
    await user.type(screen.getByLabelText('Message'), 'Can I move to Friday?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sent', pressed: true })).toBeInTheDocument();
    await waitFor(() => expect(card(/Shift swap/)).toHaveTextContent('Pending sync'));
    expect(card(/Shift swap/)).toHaveTextContent('To Carla Nguyen');
    expect((await queued())[0]).toMatchObject({
      name: 'sendMessage',
      args: { recipientId: 'cc', subject: 'Shift swap' },
    });
  });

  it('Reply to the sender opens the compose dialog addressed to them with "Re:"', async () => {
    const user = await renderPage([message('m1', { subject: 'Airway lab', isRead: true })]);
    await user.click(card(/Airway lab/));
    await user.click(await screen.findByRole('button', { name: 'Reply to Irene Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compose New Message' });
    expect(within(dialog).getByLabelText('Recipient')).toHaveValue('ins');
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Re: Airway lab');
  });

  it("the app's own notice (a co-sign lock) names the app as its sender and offers no reply", async () => {
    const user = await renderPage([message('m1', { subject: 'Co-sign codes locked', senderId: SYSTEM_SENDER.id })]);
    await user.click(card(/Co-sign codes locked/));
    expect(screen.getByText('From').nextElementSibling).toHaveTextContent('Training Records (Automatic notice)');
    expect(screen.queryByText('Unknown user')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
  });

  it('the menu stars and archives the message for this user only', async () => {
    const user = await renderPage([message('m1', { subject: 'Airway lab', isRead: true })]);
    await user.click(card(/Airway lab/));
    await user.click(await screen.findByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Star' }));
    await waitFor(async () =>
      expect((await queued()).at(-1)).toEqual({
        name: 'updateMessageFlags',
        args: { id: 'm1', changes: { isStarred: true } },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(async () =>
      expect((await queued()).at(-1)).toEqual({
        name: 'updateMessageFlags',
        args: { id: 'm1', changes: { isArchived: true } },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Archived' }));
    expect(card(/Airway lab/)).toBeInTheDocument();
  });
});
