// @vitest-environment happy-dom
/**
 * Skill entry's reports on a desk device holding a college (schema/device-set.ts): more students than a device holds
 * opened at once (MAX_OPENED_STUDENTS) cannot all be read from the device, so the panel offers one program to pick,
 * and that program's students' reports work, from the records the device holds for them.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MAX_OPENED_STUDENTS } from '#schema/device-set.ts';
import { MSG, partialRecordsNotice } from '#schema/messages.ts';
import { downloadCsv } from '#web/lib/csv.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';
import { programRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';

import { ReportsPanel } from './reports-panel.tsx';

vi.mock('#web/lib/csv.ts', () => ({ downloadCsv: vi.fn() }));
vi.mock('#web/lib/ui/toasts.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'u@demo.test', firstName: 'Dana', lastName: 'Desk', role: 'clinical_coordinator' },
    fromCache: false,
  }),
}));

let db: TrainingDb;
let engine: SyncEngine;
const small = ['a1', 'a2'].map((id) => studentRow(id, { programId: 'cohort-a' }));

beforeEach(async () => {
  db = new TrainingDb(`reports-desk-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'u1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  await db
    .rows('programs')
    .bulkPut([programRow('cohort-a', { name: 'Cohort A' }), programRow('cohort-b', { name: 'Cohort B' })]);
  await db.rows('skills').put(skillRow('opa', { name: 'Insert OPA' }));
  // one program over the limit on its own, with the small one: more than a device opens at once
  const big = Array.from({ length: MAX_OPENED_STUDENTS }, (_, i) => studentRow(`b${i}`, { programId: 'cohort-b' }));
  await db.rows('students').bulkPut([...small, ...big]);
  // the small program's records came in an earlier sync (the cookie names whose the device holds)
  await db.setMeta('cookie', { version: 3, epoch: 'e', opened: small.map((s) => s.id) });
});
afterEach(async () => {
  cleanup();
  // the sync an opening started (refused: no signal) ends before the database goes
  await engine.sync();
  await db.delete();
});

describe("skill entry's reports on a desk device holding a college", () => {
  it('over the limit: says so beside a program picker, and one program picked gives its reports', async () => {
    render(
      <SyncValueProvider value={{ db, engine }}>
        <ReportsPanel studentId="" onStudentChange={() => undefined} today="2026-11-27" />
      </SyncValueProvider>,
    );
    expect(await screen.findByText(MSG.tooManyToOpen)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cohort Progress Report' })).toBeNull();
    const program = screen.getByLabelText('Program') as HTMLSelectElement;
    await waitFor(() =>
      expect([...program.options].map((o) => o.text)).toEqual(['All programs', 'Cohort A', 'Cohort B']),
    );
    fireEvent.change(program, { target: { value: 'cohort-a' } });
    expect(await screen.findByText('Cohort reports cover 2 students.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cohort Progress Report' })).toBeTruthy();
    expect(screen.queryByText(MSG.tooManyToOpen)).toBeNull();
  });
});

describe("skill entry's reports while the device's first sync is not through", () => {
  it('refuses to build a report from part of the records, and builds it once they are all here', async () => {
    const { toast } = await import('#web/lib/ui/toasts.tsx');
    const snapshot = { table: 'skillAttempts', afterId: 'k', sent: 300, total: 1200 };
    await db.setMeta('cookie', { version: 3, epoch: 'e', opened: small.map((s) => s.id), snapshot });
    render(
      <SyncValueProvider value={{ db, engine }}>
        <ReportsPanel studentId="" onStudentChange={() => undefined} today="2026-11-27" />
      </SyncValueProvider>,
    );
    const program = (await screen.findByLabelText('Program')) as HTMLSelectElement;
    await waitFor(() => expect(program.options).toHaveLength(3));
    fireEvent.change(program, { target: { value: 'cohort-a' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cohort Progress Report' }));
    const notice = partialRecordsNotice(25);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(notice.title, { description: notice.text }));
    expect(downloadCsv).not.toHaveBeenCalled();

    await db.setMeta('cookie', { version: 4, epoch: 'e', opened: small.map((s) => s.id) });
    fireEvent.click(screen.getByRole('button', { name: 'Cohort Progress Report' }));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadCsv).mock.calls[0][0]).toMatch(/^cohort-progress-/);
  });
});
