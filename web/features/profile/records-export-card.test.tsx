// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import { EXPORT_TEXT, RecordsExportCard } from './records-export-card.tsx';

let role = 'student';
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'me', email: 'me@demo.test', firstName: 'Me', lastName: 'Here', role, profileImageUrl: null },
    fromCache: false,
  }),
}));

let db: TrainingDb;
let engine: SyncEngine;

beforeEach(async () => {
  db = new TrainingDb(`exports-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'me',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  await db.domain('programs').bulkPut([
    { id: 'p1', name: 'Paramedic Program 2026' },
    { id: 'p2', name: 'EMT Basic Spring' },
  ]);
});
afterEach(async () => {
  cleanup();
  await db.delete();
});

const renderCard = () =>
  render(
    <SyncValueProvider value={{ db, engine }}>
      <RecordsExportCard />
    </SyncValueProvider>,
  );

describe('Records downloads', () => {
  it("gives a student their own records' ZIP and no program's", async () => {
    role = 'student';
    renderCard();
    expect(await screen.findByRole('link', { name: EXPORT_TEXT.mine })).toHaveAttribute('href', '/api/exports/mine');
    expect(screen.queryByText(EXPORT_TEXT.programs)).not.toBeInTheDocument();
  });

  it("gives a director each program's ZIP", async () => {
    role = 'director';
    renderCard();
    expect(await screen.findByRole('link', { name: 'Download the records of EMT Basic Spring' })).toHaveAttribute(
      'href',
      '/api/exports/programs/p2',
    );
    expect(screen.getByRole('link', { name: 'Download the records of Paramedic Program 2026' })).toHaveAttribute(
      'href',
      '/api/exports/programs/p1',
    );
  });
});
