// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';
import { progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { UNDO_REASON } from '#web/lib/writes/skill-attempts.ts';

import { RealTimeTracker } from './real-time-tracker.tsx';
import { TAP_BOUNCE_MS } from './tap-bounce.ts';

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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await db.delete();
});

const queued = async () =>
  (await db.outbox.toArray()).map((e) => ({ name: e.name, args: e.args as Record<string, unknown> }));
const card = async () => (await screen.findByRole('button', { name: 'Details: Insert OPA' })).parentElement!;
/** Only the clock is fake: the device database and the toasts keep their real timers. */
const fakeClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T09:00:00.000Z'));
};
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

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

  it('the card and the stats show a tap in the same task, before the device has stored it, and count it once', async () => {
    const stats = () => screen.getByText('Success rate').closest('dl')!;
    const button = await screen.findByRole('button', { name: 'Successful: Insert OPA' });
    fireEvent.click(button);
    // nothing awaited since the tap: drawn in its task
    const shown = button.closest('li')!;
    expect(shown).toHaveTextContent('50% · 1 of 1 successful');
    expect(shown).toHaveTextContent('Pending sync');
    expect(stats()).toHaveTextContent('1 of 1 successful');
    expect(screen.getByRole('group', { name: 'Progress overview' })).toHaveTextContent('1In Progress');
    expect(await db.rows('skillAttempts').count()).toBe(0);
    await waitFor(async () => expect(await db.rows('studentSkills').count()).toBe(1));
    await screen.findByText('Successful attempt logged');
    expect(await card()).toHaveTextContent('50% · 1 of 1 successful');
    expect(stats()).toHaveTextContent('1 of 1 successful');
  });

  it('a double tap on Successful (a finger bounce, 7 ms apart) logs one attempt, with its Undo', async () => {
    fakeClock();
    const button = await screen.findByRole('button', { name: 'Successful: Insert OPA' });
    fireEvent.click(button);
    later(7);
    fireEvent.click(button);
    later(TAP_BOUNCE_MS - 8);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(await queued()).toHaveLength(1);
    expect(await card()).toHaveTextContent('1 of 1 successful');
  });

  it('two deliberate taps on Successful, the bounce window apart, log two attempts', async () => {
    fakeClock();
    const button = await screen.findByRole('button', { name: 'Successful: Insert OPA' });
    fireEvent.click(button);
    later(TAP_BOUNCE_MS);
    fireEvent.click(button);
    await waitFor(async () => expect(await queued()).toHaveLength(2));
    expect(await card()).toHaveTextContent('2 of 2 successful');
  });

  it('two quick taps on one skill count two, while stored and after', async () => {
    // deliberate taps: the second lands after the bounce window
    fakeClock();
    const button = await screen.findByRole('button', { name: 'Successful: Insert OPA' });
    const shown: string[] = [];
    const watch = new MutationObserver(() =>
      shown.push(/(\d+) of \d+ successful/.exec(button.closest('li')!.textContent!)?.[1] ?? '0'),
    );
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    // the second write waits until the first is stored and its row read again
    const store = engine.mutate.bind(engine) as (...args: unknown[]) => Promise<never>;
    let release = () => undefined as void;
    const released = new Promise<void>((r) => (release = r));
    vi.spyOn(engine, 'mutate')
      .mockImplementationOnce((...args) => store(...args))
      .mockImplementationOnce(async (...args) => {
        await released;
        return store(...args);
      });
    fireEvent.click(button);
    expect(await card()).toHaveTextContent('1 of 1 successful');
    later(TAP_BOUNCE_MS);
    fireEvent.click(button);
    expect(await card()).toHaveTextContent('2 of 2 successful');
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(await card()).toHaveTextContent('2 of 2 successful');
    release();
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    await new Promise((r) => setTimeout(r, 50));
    watch.disconnect();
    expect(await card()).toHaveTextContent('100% · 2 of 2 successful');
    expect(await card()).toHaveTextContent('Completed');
    // never more than the taps, and never back down once shown
    expect(Math.max(...shown.map(Number))).toBe(2);
    expect(shown.slice(shown.indexOf('2'))).toEqual(shown.slice(shown.indexOf('2')).map(() => '2'));
  });

  it('a write the device refuses takes the figures back and says the attempt was not logged', async () => {
    let refuse = (_: Error) => undefined as void;
    vi.spyOn(engine, 'mutate').mockReturnValueOnce(new Promise((_, reject) => (refuse = reject)));
    fireEvent.click(await screen.findByRole('button', { name: 'Successful: Insert OPA' }));
    expect(await card()).toHaveTextContent('1 of 1 successful');
    refuse(new Error('QuotaExceededError'));
    expect(await screen.findByText('Failed to log the attempt')).toBeInTheDocument();
    expect(await card()).toHaveTextContent('No attempts yet');
    expect(await card()).not.toHaveTextContent('Pending sync');
    expect(screen.getByText('Success rate').closest('dl')).toHaveTextContent('0 of 0 successful');
  });

  it("a student's own tap shows as awaiting verification, not as a counted attempt", async () => {
    cleanup();
    render(
      <SyncValueProvider value={{ db, engine }}>
        <RealTimeTracker
          students={[student]}
          studentId="s1"
          onStudentChange={() => undefined}
          search=""
          onSearchChange={() => undefined}
          autoRefresh
          onAutoRefreshChange={() => undefined}
          canRecord={false}
          canLog
          user={{ id: 'user-1', role: 'student' }}
          today={TODAY}
        />
      </SyncValueProvider>,
    );
    await db.domain('users').put({ id: 'user-1', firstName: 'Maya', lastName: 'Chen', role: 'student' });
    fireEvent.click(await screen.findByRole('button', { name: 'Successful: Insert OPA' }));
    const shown = screen.getByRole('button', { name: 'Successful: Insert OPA' }).closest('li')!;
    expect(shown).toHaveTextContent('0 of 0 successful');
    expect(shown).toHaveTextContent('1 awaiting verification');
    await waitFor(async () => expect(await db.rows('studentSkills').count()).toBe(1));
    await waitFor(() => expect(shown).toHaveTextContent('1 awaiting verification'));
    expect(shown).toHaveTextContent('0 of 0 successful');
  });
});

describe('before a student is chosen', () => {
  it("reads no skills or progress, so a first sync's rows redraw no cards; choosing a student draws them", async () => {
    cleanup();
    const { rerender } = render(tracker(''));
    expect(await screen.findByText('Select a student to view progress')).toBeInTheDocument();
    const reads = vi.spyOn(db, 'rows');
    // rows stored as a first sync stores them
    await db.domain('skills').put(skillRow('bvm', { name: 'BVM ventilation' }));
    await db.domain('studentSkills').put(progressRow('s1', 'opa'));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads.mock.calls.map(([table]) => table)).not.toContain('skills');
    expect(reads.mock.calls.map(([table]) => table)).not.toContain('studentSkills');
    rerender(tracker('s1'));
    expect(await screen.findByRole('button', { name: 'Successful: BVM ventilation' })).toBeInTheDocument();
  });
});

describe('the tracker on a phone', () => {
  // layout itself is measured in a browser (first card within the first 844 px at 390 px wide); here, that the phone
  // classes stay: without them the summary and a filter row sat between the student picker and the first card
  it("puts the student's summary after the skill cards and the level beside the search, wider screens unchanged", async () => {
    const overview = await screen.findByRole('group', { name: 'Progress overview' });
    const stats = screen.getByText('Overall progress').closest('dl')!;
    for (const summary of [overview, stats]) expect(summary).toHaveClass('order-last', 'sm:order-none');
    const filters = screen.getByLabelText('Certification level').closest('label')!.parentElement!;
    expect(filters).toHaveClass('grid-cols-2');
    expect(screen.getByLabelText('Certification level')).toBeInTheDocument();
  });

  it('names the one student offered in a line (a student and their own record) instead of a picker of one', async () => {
    const only = await screen.findByText(/^Student:/);
    expect(only.closest('p')).toHaveTextContent(`Student: ${student.firstName} ${student.lastName}`);
    expect(screen.queryByLabelText('Student')).not.toBeInTheDocument();
    cleanup();
    render(tracker('s1', [student, studentRow('s2')]));
    expect(await screen.findByLabelText('Student')).toHaveValue('s1');
    expect(screen.getByLabelText('Student').closest('label')).toHaveClass('col-span-2', 'sm:col-span-1');
  });
});
