// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MSG } from '../../../schema/messages.ts';
import { TrainingDb } from '../../lib/sync-client.ts';
import { SyncEngine } from '../../lib/sync-client.ts';
import { SyncValueProvider } from '../../lib/sync.tsx';
import { ProgressDialog } from './progress-dialog.tsx';

const student = { id: 'student-1', firstName: 'Maria', lastName: 'Lopez' };
const skill = { id: 'skill-1', name: 'Insert OPA', minimumAttempts: 3 };
let db: TrainingDb;
let onClose: Mock<() => void>;

beforeEach(() => {
  db = new TrainingDb(`progress-dialog-${crypto.randomUUID()}`);
  onClose = vi.fn();
  // offline: the change stays queued on the device, where the test reads it
  const engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  render(
    <SyncValueProvider value={{ db, engine }}>
      <ProgressDialog
        student={student}
        skill={skill}
        current={{ status: 'in_progress', progressPercentage: 40, attempts: 2, successfulAttempts: 1 }}
        onClose={onClose}
      />
    </SyncValueProvider>,
  );
});
afterEach(async () => {
  cleanup();
  await db.delete();
});

async function fill(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Progress' }));
const queued = async () => (await db.outbox.toArray()).map((e) => e.args as Record<string, unknown>);

describe('skill progress form', () => {
  it('shows the skill, the student and the required minimum attempts', () => {
    expect(screen.getByRole('dialog', { name: 'Update Skill Progress' })).toBeInTheDocument();
    expect(screen.getByText('Insert OPA · Maria Lopez')).toBeInTheDocument();
    expect(screen.getByText('Minimum attempts required: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('in_progress');
    expect(screen.getByLabelText('Progress %')).toHaveValue(40);
  });

  it('refuses a progress above 100 with the spec message', async () => {
    await fill('Progress %', '101');
    await save();
    expect(await screen.findByText(MSG.progressRange)).toBeInTheDocument();
    expect(await queued()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses more successful attempts than total attempts', async () => {
    await fill('Total Attempts', '2');
    await fill('Successful Attempts', '3');
    await save();
    expect(await screen.findByText(MSG.successfulAttemptsRange)).toBeInTheDocument();
    expect(await queued()).toEqual([]);
  });

  it('shows the success rate as successful over total, rounded, and 0 with no attempts', async () => {
    expect(screen.getByText(/Success rate:/)).toHaveTextContent('Success rate: 50%');
    await fill('Total Attempts', '3');
    await fill('Successful Attempts', '2');
    expect(screen.getByText(/Success rate:/)).toHaveTextContent('Success rate: 67%');
    await fill('Total Attempts', '0');
    expect(screen.getByText(/Success rate:/)).toHaveTextContent('Success rate: 0%');
  });

  it('turns non-numeric or empty input into 0 and sends integers', async () => {
    await fill('Progress %', 'abc');
    await fill('Total Attempts', '');
    await fill('Successful Attempts', '');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await queued()).toEqual([
      expect.objectContaining({ progressPercentage: 0, attempts: 0, successfulAttempts: 0 }),
    ]);
  });

  it('queues the record on the device and closes after saving', async () => {
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'completed');
    await fill('Progress %', '85');
    await fill('Total Attempts', '4');
    await fill('Successful Attempts', '3');
    await fill('Next Assessment Date', '2026-12-01');
    await fill('Notes', 'steady hands');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await queued()).toEqual([
      expect.objectContaining({
        studentId: 'student-1',
        skillId: 'skill-1',
        status: 'completed',
        progressPercentage: 85,
        attempts: 4,
        successfulAttempts: 3,
        nextAssessmentDate: '2026-12-01',
        notes: 'steady hands',
      }),
    ]);
    const row = await db.rows('studentSkills').where('[studentId+skillId]').equals(['student-1', 'skill-1']).first();
    expect(row).toMatchObject({ progressPercentage: 85, instructorId: 'user-1' });
  });
});
