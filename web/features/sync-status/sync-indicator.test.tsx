// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';

import type { PullResponse } from '#sync/protocol.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import { SyncIndicator } from './sync-indicator.tsx';

let db: TrainingDb;
beforeEach(() => {
  db = new TrainingDb(`sync-indicator-${crypto.randomUUID()}`);
});
afterEach(async () => {
  cleanup();
  await db.delete();
});

/** A server that takes pulls but asks the device to wait 42 s before sending more. */
const busyServer = async (path: string) => {
  if (path.endsWith('/push'))
    return Response.json({ error: 'Too many changes at once' }, { status: 429, headers: { 'retry-after': '42' } });
  const pull: PullResponse = { cookie: { version: 1, epoch: 'e' }, lastMutationId: 0, patch: [], rejected: [] };
  return Response.json(pull);
};

it('says calmly that sending is paused, and for how long, while the change stays pending', async () => {
  const engine = new SyncEngine({ db, userId: 'user-1', autoRetry: false, fetch: busyServer });
  await engine.mutate('sendMessage', { recipientId: 'user-2', subject: 'Shift', content: 'Running late' });
  expect(await engine.sync()).toBe('paused');
  render(
    <SyncValueProvider value={{ db, engine }}>
      <SyncIndicator />
    </SyncValueProvider>,
  );
  expect(await screen.findByText('Sending paused for 42 s: too many changes at once')).toBeInTheDocument();
  expect(screen.getByTestId('pending-count')).toHaveTextContent('1 pending');
  expect(screen.queryByText(/need attention/)).not.toBeInTheDocument();
});

it('says a first sync cut off by lost signal left the figures partial, and nothing once it is through', async () => {
  const pages: PullResponse['cookie'][] = [
    { version: 3, epoch: 'e', snapshot: { table: 'studentSkills', afterId: 'k', sent: 2000, total: 8000 } },
    { version: 3, epoch: 'e' },
  ];
  let lostSignal = true;
  const pagedServer = async (path: string) => {
    if (path.endsWith('/push')) return Response.json({ results: [], lastMutationId: 0 });
    if (pages.length === 1 && lostSignal) throw new TypeError('Failed to fetch');
    // once through, every further pull finds the device up to date
    const cookie = pages.length > 1 ? pages.shift()! : pages[0];
    return Response.json({ cookie, lastMutationId: 0, patch: [], rejected: [] } satisfies PullResponse);
  };
  const engine = new SyncEngine({ db, userId: 'user-1', autoRetry: false, fetch: pagedServer });
  expect(await engine.sync()).toBe('offline');
  render(
    <SyncValueProvider value={{ db, engine }}>
      <SyncIndicator />
    </SyncValueProvider>,
  );
  expect(await screen.findByTestId('first-sync')).toHaveTextContent(
    'Figures partial: 25 % of records downloaded (2,000 of 8,000)',
  );
  expect(screen.getByRole('progressbar', { name: /Figures partial: 25 % of records/ })).toHaveAttribute(
    'value',
    '2000',
  );
  lostSignal = false;
  expect(await engine.sync()).toBe('in-sync');
  await expect.poll(() => screen.queryByTestId('first-sync')).toBeNull();
});

it('shows how much of a first sync has come while its pages arrive', async () => {
  const engine = new SyncEngine({ db, userId: 'user-1', autoRetry: false, fetch: busyServer });
  await db.setMeta('cookie', {
    version: 3,
    epoch: 'e',
    snapshot: { table: 'skillAttempts', afterId: 'k', sent: 1000, total: 4000 },
  });
  await db.setMeta('status', { phase: 'pulling', lastSyncedAt: null, error: null });
  render(
    <SyncValueProvider value={{ db, engine }}>
      <SyncIndicator />
    </SyncValueProvider>,
  );
  expect(await screen.findByTestId('first-sync')).toHaveTextContent('Downloading records 25 % (1,000 of 4,000)');
  expect(screen.getByTestId('first-sync')).not.toHaveTextContent('partial');
});

it('shows the online chip in its first frame, before the device has read its figures, so the header keeps its height', async () => {
  const engine = new SyncEngine({ db, userId: 'user-1', autoRetry: false, fetch: busyServer });
  render(
    <SyncValueProvider value={{ db, engine }}>
      <SyncIndicator />
    </SyncValueProvider>,
  );
  expect(screen.getByRole('status', { name: 'Sync status' })).toHaveTextContent('Online');
  expect(screen.queryByTestId('pending-count')).not.toBeInTheDocument();
  expect(await screen.findByTestId('pending-count')).toHaveTextContent('All changes saved');
});
