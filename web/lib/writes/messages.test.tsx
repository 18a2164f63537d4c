// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';

import { SyncValueProvider } from '../sync.tsx';
import { type MessageFlagChange, useChangeMessageFlag } from './messages.ts';

let db: TrainingDb;
let engine: SyncEngine;
let wrapper: ({ children }: { children: ReactNode }) => ReactNode;

beforeEach(async () => {
  db = new TrainingDb(`message-writes-${crypto.randomUUID()}`);
  // offline: the change stays queued on the device, where the test reads it
  engine = new SyncEngine({
    db,
    userId: 'me',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  wrapper = ({ children }) => <SyncValueProvider value={{ db, engine }}>{children}</SyncValueProvider>;
  await db
    .domain('messages')
    .put({ id: 'm1', senderId: 'ins', recipientId: 'me', subject: 'Airway lab', isStarred: true, isArchived: true });
  render(<Toaster />);
});
afterEach(async () => {
  cleanup();
  await engine.sync();
  await db.delete();
});

describe('message flag changes', () => {
  it.each<[MessageFlagChange, Record<string, boolean>, string]>([
    ['star', { isStarred: true }, 'Message starred'],
    ['unstar', { isStarred: false }, 'Star removed'],
    ['archive', { isArchived: true }, 'Message archived'],
    ['unarchive', { isArchived: false }, 'Message moved to Inbox'],
    ['delete', { isDeleted: true }, 'Message deleted'],
  ])('%s queues %o for the message and says "%s"', async (change, changes, text) => {
    const { result } = renderHook(() => useChangeMessageFlag(), { wrapper });
    await act(async () => expect(await result.current('m1', change)).toBe(true));
    expect((await db.outbox.toArray()).map((e) => e.args)).toEqual([{ id: 'm1', changes }]);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
