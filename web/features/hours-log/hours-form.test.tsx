// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';

import { MSG, SAVED_OFFLINE } from '#schema/messages.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';
import { toast } from '#web/lib/ui/toasts.tsx';

import { HoursForm } from './hours-form.tsx';

vi.mock('#web/lib/ui/toasts.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let db: TrainingDb;
let onClose: Mock<() => void>;

beforeEach(() => {
  db = new TrainingDb(`hours-form-${crypto.randomUUID()}`);
  onClose = vi.fn();
  const engine = new SyncEngine({
    db,
    userId: 'u1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  render(
    <SyncValueProvider value={{ db, engine }}>
      <HoursForm student={{ id: 's1', firstName: 'Maya', lastName: 'Chen' }} today="2026-11-21" onClose={onClose} />
    </SyncValueProvider>,
  );
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  await db.delete();
});

async function logTwelveFieldHours() {
  await userEvent.type(screen.getByLabelText('Start'), '19:00');
  await userEvent.type(screen.getByLabelText('End'), '07:00');
  await userEvent.selectOptions(screen.getByLabelText('Type'), 'field');
  await userEvent.click(screen.getByRole('button', { name: 'Log Hours' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
}

describe('Log Hours', () => {
  it('refuses hours out of range with the message and queues nothing', async () => {
    await userEvent.type(screen.getByLabelText('Hours (or start and end)'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Log Hours' }));
    expect(await screen.findByText(MSG.hoursPositive)).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a date after today, and a day past 24 hours for the student, with the message and queues nothing', async () => {
    const date = screen.getByLabelText('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2029-01-15');
    await userEvent.type(screen.getByLabelText('Hours (or start and end)'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Log Hours' }));
    expect(await screen.findByText(MSG.dateNotFuture)).toBeInTheDocument();

    // the fields the rule reads; the rest of a pulled row does not matter here
    const logged = (id: string, date: string, hoursCompleted: number) =>
      ({ id, studentId: 's1', date, hoursCompleted }) as DomainRows['clinicalHours'];
    await db
      .rows('clinicalHours')
      .bulkPut([logged('h1', '2026-11-21', 12), logged('h2', '2026-11-21', 6), logged('h3', '2026-11-20', 12)]);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Log Hours' }));
    expect(await screen.findByText(MSG.hoursDayOver24)).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("queues field hours from a night shift's start and end on the device, shown at once", async () => {
    await userEvent.type(screen.getByLabelText('Start'), '19:00');
    await userEvent.type(screen.getByLabelText('End'), '07:00');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'field');
    await userEvent.type(screen.getByLabelText('Unit'), 'Medic 12');
    await userEvent.type(screen.getByLabelText('Preceptor'), 'Pat Nguyen, NRP');
    await userEvent.click(screen.getByRole('button', { name: 'Log Hours' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [entry] = await db.outbox.toArray();
    expect(entry.name).toBe('logClinicalHours');
    expect(entry.args).toMatchObject({
      studentId: 's1',
      date: '2026-11-21',
      hoursCompleted: 12,
      startTime: '19:00',
      endTime: '07:00',
      hourType: 'field',
      unit: 'Medic 12',
      preceptorName: 'Pat Nguyen, NRP',
    });
    expect(await db.rows('clinicalHours').count()).toBe(1);
  });

  it('offline, the toast says the hours are saved on this phone, dated as the app shows dates', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await logTwelveFieldHours();
    expect(toast.success).toHaveBeenCalledWith(SAVED_OFFLINE, {
      description: '12 field hours on Nov 21, 2026. The header shows when it has been sent.',
    });
  });

  it('online, the toast says the hours were logged, dated as the app shows dates', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await logTwelveFieldHours();
    expect(toast.success).toHaveBeenCalledWith('Hours logged', { description: '12 field hours on Nov 21, 2026' });
  });
});
