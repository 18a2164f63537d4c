// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrainingDb } from '../../lib/sync-client.ts';
import { SyncEngine } from '../../lib/sync-client.ts';
import { SyncValueProvider } from '../../lib/sync.tsx';
import { skillRow, studentRow } from '../../lib/testing/test-rows.ts';
import { UNDO_REASON } from '../../lib/writes/skill-attempts.ts';
import { RealTimeTracker } from './real-time-tracker.tsx';

const TODAY = '2026-11-21';
const student = studentRow('s1', { firstName: 'Maya', lastName: 'Chen', emsCertificationLevel: 'emt' });
let db: TrainingDb;
let engine: SyncEngine;

beforeEach(async () => {
  localStorage.clear();
  toast.dismiss();
  // offline: the history's server read fails and it shows what the device holds
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
  db = new TrainingDb(`tracker-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  await db.rows('skills').bulkPut([skillRow('opa', { name: 'Insert OPA', minimumAttempts: 2 })]);
  await db.rows('students').put(student);
  await db.domain('users').put({ id: 'user-1', firstName: 'Irene', lastName: 'Okafor', role: 'instructor' });
  render(tracker());
});

const tracker = (studentId = 's1', students = [student]) => (
  <SyncValueProvider value={{ db, engine }}>
    <Toaster />
    <RealTimeTracker
      students={students}
      studentId={studentId}
      onStudentChange={() => undefined}
      search=""
      onSearchChange={() => undefined}
      autoRefresh
      onAutoRefreshChange={() => undefined}
      canRecord
      canLog
      user={{ id: 'user-1', role: 'instructor' }}
      today={TODAY}
    />
  </SyncValueProvider>
);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await db.delete();
});

const queued = async () =>
  (await db.outbox.toArray()).map((e) => ({ name: e.name, args: e.args as Record<string, unknown> }));
const card = async () => (await screen.findByRole('button', { name: 'Details: Insert OPA' })).parentElement!;

describe('one-tap attempts', () => {
  it('one tap on Successful logs exactly one attempt in the shift setting and the card counts it at once', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Successful: Insert OPA' }));
    await waitFor(async () => expect(await queued()).toHaveLength(1));
    expect((await queued())[0]).toEqual({
      name: 'logSkillAttempt',
      args: expect.objectContaining({ studentId: 's1', skillId: 'opa', outcome: 'successful', setting: 'lab' }),
    });
    await waitFor(async () => expect(await card()).toHaveTextContent('1 of 1 successful'));
    expect(await card()).toHaveTextContent('In Progress');
    await userEvent.click(screen.getByRole('button', { name: 'Unsuccessful: Insert OPA' }));
    await waitFor(async () => expect(await card()).toHaveTextContent('1 of 2 successful'));
  });

  it('a tap after choosing another student logs the attempt for that student', async () => {
    cleanup();
    const other = studentRow('s2', { firstName: 'Noah', lastName: 'Fischer', emsCertificationLevel: 'emt' });
    await db.rows('students').put(other);
    const { rerender } = render(tracker('s1', [student, other]));
    await userEvent.click(await screen.findByRole('button', { name: 'Successful: Insert OPA' }));
    rerender(tracker('s2', [student, other]));
    await waitFor(async () => expect(await card()).toHaveTextContent('No attempts yet'));
    await userEvent.click(screen.getByRole('button', { name: 'Successful: Insert OPA' }));
    await waitFor(async () => expect((await queued()).map((q) => q.args.studentId)).toEqual(['s1', 's2']));
  });

  it('Undo right after the tap voids that attempt and the figures go back', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Successful: Insert OPA' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await queued()).toHaveLength(2));
    const [logged, voided] = await queued();
    expect(voided).toEqual({
      name: 'voidSkillAttempt',
      args: expect.objectContaining({ attemptId: logged.args.id, reason: UNDO_REASON }),
    });
    await waitFor(async () => expect(await card()).toHaveTextContent('0 of 0 successful'));
  });

  it("remembers the shift's setting for the day: later taps use it", async () => {
    expect(await screen.findByText('Setting: Lab')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Change the shift's setting/ }));
    const setting = within(await screen.findByRole('radiogroup', { name: 'Setting' }));
    await userEvent.click(setting.getByRole('radio', { name: 'Field' }));
    expect(setting.getByRole('radio', { name: 'Field' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(await screen.findByRole('button', { name: 'Successful: Insert OPA' }));
    await waitFor(async () => expect((await queued())[0]?.args).toMatchObject({ setting: 'field' }));
    expect(JSON.parse(localStorage.getItem('shift-setting:user-1')!)).toMatchObject({ setting: 'field', day: TODAY });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('Setting: Field')).toBeInTheDocument();
  });

  it("one tap on a skill's History shows the attempt just logged", async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Unsuccessful: Insert OPA' }));
    await userEvent.click(screen.getByRole('button', { name: 'History: Insert OPA' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Skill Progress' }));
    expect(dialog.getByRole('tab', { name: 'History', selected: true })).toBeInTheDocument();
    const attempts = within(await dialog.findByRole('region', { name: 'Attempts' }));
    expect(await attempts.findByText('Unsuccessful · Lab')).toBeInTheDocument();
  });
});
