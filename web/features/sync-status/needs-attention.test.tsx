// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrainingDb } from '../../lib/sync-client.ts';
import { SyncEngine } from '../../lib/sync-client.ts';
import { SyncValueProvider } from '../../lib/sync.tsx';
import { NeedsAttention } from './needs-attention.tsx';

const student = { id: 'student-1', firstName: 'Maria', lastName: 'Lopez' };
const args = {
  id: crypto.randomUUID(),
  studentId: student.id,
  skillId: 'skill-1',
  status: 'in_progress',
  progressPercentage: 40,
  attempts: 2,
  successfulAttempts: 1,
};
let db: TrainingDb;
let engine: SyncEngine;

beforeEach(async () => {
  db = new TrainingDb(`needs-attention-${crypto.randomUUID()}`);
  await db.domain('students').put(student);
  await db.rejected.put({
    mutationId: 1,
    name: 'recordSkillProgress',
    args,
    createdAt: '2026-11-21T08:00:00Z',
    rejectedAt: '2026-11-21T08:01:00Z',
    code: '403',
    message: 'Forbidden',
  });
});
afterEach(async () => {
  cleanup();
  await engine.sync();
  await db.delete();
});

/** The device is offline during the test: a sync attempt fails like a dropped connection, so queued changes stay queued. */
async function refusedChange() {
  engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  render(
    <SyncValueProvider value={{ db, engine }}>
      <NeedsAttention count={1} />
    </SyncValueProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: '1 need attention' }));
  return { db, engine };
}

describe('needs-attention list', () => {
  it('shows what was refused, why, and the original input with names instead of ids', async () => {
    await refusedChange();
    expect(await screen.findByText('Record skill progress')).toBeInTheDocument();
    expect(screen.getByText('Forbidden')).toBeInTheDocument();
    expect(await screen.findByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.getByText('40')).toBeInTheDocument();
  });

  it('retry queues the change again and takes it off the list', async () => {
    const { db } = await refusedChange();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await db.rejected.count()).toBe(0));
    expect((await db.outbox.toArray()).map((e) => e.args)).toEqual([args]);
  });

  it('edit sends the corrected input', async () => {
    const { db } = await refusedChange();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const field = await screen.findByLabelText('Progress percentage');
    await userEvent.clear(field);
    await userEvent.type(field, '55');
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(async () => expect(await db.rejected.get(1)).toBeUndefined());
    expect((await db.outbox.toArray()).map((e) => e.args)).toEqual([{ ...args, progressPercentage: 55 }]);
  });

  it('edit refuses input the shared schema rejects, with its message', async () => {
    const { db } = await refusedChange();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const field = await screen.findByLabelText('Progress percentage');
    await userEvent.clear(field);
    await userEvent.type(field, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/100/);
    expect(await db.rejected.get(1)).toBeDefined();
  });

  it('discard removes it after confirmation', async () => {
    const { db } = await refusedChange();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard change' }));
    await waitFor(async () => expect(await db.rejected.count()).toBe(0));
    expect(await db.outbox.count()).toBe(0);
  });
});
