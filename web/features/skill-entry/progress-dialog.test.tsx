// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import { ProgressDialog } from './progress-dialog.tsx';

const INSTRUCTOR = { id: 'user-1', role: 'instructor', firstName: 'Irene', lastName: 'Okafor' };
const session = vi.hoisted(() => ({ user: null as unknown }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: session.user, fromCache: false }),
}));

const student = { id: 'student-1', firstName: 'Maria', lastName: 'Lopez' };
const skill = { id: 'skill-1', name: 'Insert OPA', minimumAttempts: 3 };
const current = {
  status: 'in_progress',
  progressPercentage: 33,
  attempts: 2,
  successfulAttempts: 1,
  statusOverride: null,
  progressOverride: null,
  notes: 'earlier note',
  nextAssessmentDate: null,
};
let db: TrainingDb;
let onClose: Mock<() => void>;
let engine: SyncEngine;

beforeEach(async () => {
  session.user = INSTRUCTOR;
  db = new TrainingDb(`progress-dialog-${crypto.randomUUID()}`);
  onClose = vi.fn();
  // offline: the change stays queued on the device, where the test reads it
  engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  await db.domain('users').bulkPut([
    { id: 'user-1', firstName: 'Irene', lastName: 'Okafor', role: 'instructor', isActive: true },
    { id: 'user-2', firstName: 'Pat', lastName: 'Nguyen', role: 'preceptor', isActive: true },
  ]);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
  render(
    <SyncValueProvider value={{ db, engine }}>
      <ProgressDialog student={student} skill={skill} current={current} onClose={onClose} />
    </SyncValueProvider>,
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await db.delete();
});

async function fill(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}
const attemptRow = (id: string, over: Record<string, unknown>) => ({
  id,
  studentId: 'student-1',
  skillId: 'skill-1',
  kind: 'attempt',
  attemptedAt: '2026-03-02T10:00:00.000Z',
  setting: 'clinical',
  outcome: 'successful',
  participation: 'performed',
  attemptsDelta: 1,
  successfulDelta: 1,
  recordedBy: 'user-2',
  verifiedBy: 'user-2',
  notes: null,
  ...over,
});
const queued = async () =>
  (await db.outbox.toArray()).map((e) => ({ name: e.name, args: e.args as Record<string, unknown> }));
const openTab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));

describe('Update Skill Progress', () => {
  it('shows the skill, the student and the counts from the attempts, which are never typed', () => {
    expect(screen.getByRole('dialog', { name: 'Update Skill Progress' })).toBeInTheDocument();
    expect(screen.getByText('Insert OPA · Maria Lopez')).toBeInTheDocument();
    expect(screen.getByText(/1 of 2 attempts successful · minimum 3 successful/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Total Attempts')).not.toBeInTheDocument();
  });

  it('logs one attempt with its details and closes', async () => {
    await userEvent.selectOptions(screen.getByLabelText('Setting'), 'simulation');
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'unsuccessful');
    await fill('Attempt notes', 'missed the sizing');
    await userEvent.click(screen.getByRole('button', { name: 'Log Attempt' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await queued()).toEqual([
      {
        name: 'logSkillAttempt',
        args: expect.objectContaining({
          studentId: 'student-1',
          skillId: 'skill-1',
          setting: 'simulation',
          outcome: 'unsuccessful',
          participation: 'performed',
          notes: 'missed the sizing',
        }),
      },
    ]);
  });

  it('sends only the judgement fields the user changed, with a clock stamp', async () => {
    await openTab('Assessment');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'needs_improvement');
    await fill('Next Assessment Date', '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save Progress' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [entry] = await queued();
    expect(entry.name).toBe('editSkillAssessment');
    expect(entry.args.changes).toEqual({ statusOverride: 'needs_improvement', nextAssessmentDate: '2026-12-01' });
    expect(entry.args.stamp).toMatch(/^\d{13}-\d{5}-/);
  });

  it('keeps typed notes as a draft through a reload, and sends them when saved', async () => {
    await openTab('Assessment');
    await fill('Notes', 'Needs coaching on the seal');
    cleanup();
    render(
      <SyncValueProvider value={{ db, engine }}>
        <ProgressDialog student={student} skill={skill} current={current} onClose={onClose} />
      </SyncValueProvider>,
    );
    await openTab('Assessment');
    await waitFor(() => expect(screen.getByLabelText('Notes')).toHaveValue('Needs coaching on the seal'));
    expect(screen.getByText(/Draft restored/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Progress' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await queued())[0].args.changes).toEqual({ notes: 'Needs coaching on the seal' });
    expect(await db.getMeta('draft:assessment:student-1:skill-1')).toBeUndefined();
  });

  it('"Use derived status" clears a status override with null and sends nothing else', async () => {
    cleanup();
    const overridden = { ...current, status: 'completed', statusOverride: 'completed' };
    render(
      <SyncValueProvider value={{ db, engine }}>
        <ProgressDialog student={student} skill={skill} current={overridden} onClose={onClose} />
      </SyncValueProvider>,
    );
    await openTab('Assessment');
    expect(screen.getByLabelText('Status')).toHaveValue('completed');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Use derived status');
    await userEvent.click(screen.getByRole('button', { name: 'Save Progress' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [entry] = await queued();
    expect(entry).toEqual({
      name: 'editSkillAssessment',
      args: expect.objectContaining({ changes: { statusOverride: null } }),
    });
  });

  it('offline, the history names who last changed each judgement field and when', async () => {
    cleanup();
    const stamped = {
      ...current,
      fieldStamps: { notes: { stamp: `${Date.parse('2026-03-05T15:30:00.000Z')}-00000-dev`, by: 'user-2' } },
    };
    render(
      <SyncValueProvider value={{ db, engine }}>
        <ProgressDialog student={student} skill={skill} current={stamped} onClose={onClose} tab="History" />
      </SyncValueProvider>,
    );
    const changes = within(await screen.findByRole('region', { name: 'Assessment changes' }));
    expect(changes.getByText(`Notes · Pat Nguyen, ${formatDateTime('2026-03-05T15:30:00.000Z')}`)).toBeInTheDocument();
  });

  it('offers Void to a preceptor only on the attempts they recorded', async () => {
    session.user = { id: 'user-2', role: 'preceptor', firstName: 'Pat', lastName: 'Nguyen' };
    await db
      .domain('skillAttempts')
      .bulkPut([
        attemptRow('mine', { recordedBy: 'user-2', attemptedAt: '2026-03-03T10:00:00.000Z' }),
        attemptRow('theirs', { recordedBy: 'user-1' }),
      ]);
    await openTab('History');
    const list = within(await screen.findByRole('region', { name: 'Attempts' }));
    const [mine, theirs] = await list.findAllByRole('listitem');
    expect(mine).toHaveTextContent('Pat Nguyen');
    expect(within(mine).getByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(theirs).toHaveTextContent('Irene Okafor');
    expect(within(theirs).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('refuses a percentage above 100 with the spec message and queues nothing', async () => {
    await openTab('Assessment');
    await fill('Progress %', '101');
    await userEvent.click(screen.getByRole('button', { name: 'Save Progress' }));
    expect(await screen.findByText(MSG.progressRange)).toBeInTheDocument();
    expect(await queued()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a fraction in Progress % as not a whole number, instead of rounding it, and queues nothing', async () => {
    await openTab('Assessment');
    await fill('Progress %', '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Progress' }));
    expect(await screen.findByText(MSG.wholeNumber)).toBeInTheDocument();
    expect(await queued()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('an emptied Progress % goes back to the figure from the attempts: it sends null, never 0', async () => {
    cleanup();
    const overridden = { ...current, progressPercentage: 40, progressOverride: 40 };
    render(
      <SyncValueProvider value={{ db, engine }}>
        <ProgressDialog student={student} skill={skill} current={overridden} onClose={onClose} tab="Assessment" />
      </SyncValueProvider>,
    );
    await fill('Progress %', '');
    await userEvent.click(screen.getByRole('button', { name: 'Save Progress' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [entry] = await queued();
    expect(entry.args.changes).toEqual({ progressOverride: null });
  });

  it('keeps Save and Cancel on screen in a footer below the scrolling form; Cancel closes and saves nothing', async () => {
    await openTab('Assessment');
    const save = screen.getByRole('button', { name: 'Save Progress' });
    const scrollingBody = screen.getByLabelText('Progress %').closest('.overflow-y-auto');
    expect(scrollingBody).not.toBeNull();
    expect(scrollingBody).not.toContainElement(save);
    expect(screen.getByRole('dialog')).toContainElement(save);
    await userEvent.type(screen.getByLabelText('Notes'), ' and more');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(await queued()).toEqual([]);
  });

  it('lists attempts, corrections and voids in the history, and voids an attempt with a reason', async () => {
    await db
      .domain('skillAttempts')
      .bulkPut([
        attemptRow('a1', {}),
        attemptRow('a2', { attemptedAt: '2026-03-03T10:00:00.000Z', outcome: 'unsuccessful', successfulDelta: 0 }),
        attemptRow('c1', { kind: 'correction', attemptsDelta: 3, successfulDelta: 1, setting: null, outcome: null }),
        attemptRow('a3', { attemptedAt: '2026-03-04T10:00:00.000Z', recordedBy: 'student-user', verifiedBy: null }),
      ]);
    await db.domain('skillAttemptVoids').put({
      id: 'v1',
      attemptId: 'a2',
      studentId: 'student-1',
      skillId: 'skill-1',
      reason: 'Wrong student',
      voidedBy: 'user-1',
    });
    await openTab('History');
    const list = within(await screen.findByRole('region', { name: 'Attempts' }));
    expect(list.getByText('Correction: +3 attempts, +1 successful')).toBeInTheDocument();
    expect(list.getByText('Voided by Irene Okafor: Wrong student')).toBeInTheDocument();
    expect(list.getByText('Unverified')).toBeInTheDocument();
    const first = list.getAllByRole('listitem')[0];
    await userEvent.click(within(first).getByRole('button', { name: 'Void' }));
    await userEvent.type(within(first).getByLabelText('Reason for voiding'), 'Logged twice');
    await userEvent.click(within(first).getByRole('button', { name: 'Void attempt' }));
    await waitFor(async () =>
      expect(await queued()).toEqual([
        { name: 'voidSkillAttempt', args: expect.objectContaining({ attemptId: 'a3', reason: 'Logged twice' }) },
      ]),
    );
  });
});
