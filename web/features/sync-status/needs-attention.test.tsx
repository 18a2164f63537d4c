// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { formatDateTime } from '#web/lib/format.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

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

/** One refused change in the list, by its name in words. */
const change = async (name: string) => (await screen.findByText(name)).closest('li')!;

describe('needs-attention list', () => {
  it('shows what was refused, why, and the original input with names instead of ids', async () => {
    await refusedChange();
    expect(await screen.findByText('Record skill progress')).toBeInTheDocument();
    expect(screen.getByText('Forbidden')).toBeInTheDocument();
    expect(await screen.findByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.getByText('40')).toBeInTheDocument();
  });

  it('names the records a change refers to and shows chosen values by their labels, never ids or codes', async () => {
    await db.domain('skills').put({ id: 'skill-1', name: 'Insert OPA' });
    await db.domain('programs').put({ id: 'program-1', name: 'EMT Basic Spring' });
    const refused = { createdAt: '2026-11-21T08:00:00Z', rejectedAt: '2026-11-21T08:01:00Z', code: '400' };
    await db.rejected.bulkPut([
      {
        ...refused,
        mutationId: 2,
        name: 'logSkillAttempt',
        args: {
          studentId: crypto.randomUUID(),
          skillId: 'skill-1',
          setting: 'clinical',
          outcome: 'unsuccessful',
          participation: 'observed',
        },
        message: 'Student not found',
      },
      {
        ...refused,
        mutationId: 3,
        name: 'fileProgramJoinRequest',
        args: { programId: 'program-1', requestedRole: 'clinical_coordinator', justification: 'Covering the spring' },
        message: 'Invalid input',
      },
    ]);
    await refusedChange();
    const [progress, attempt, join] = await Promise.all(
      ['Record skill progress', 'Log skill attempt', 'File program join request'].map(change),
    );
    await waitFor(() => expect(progress).toHaveTextContent('StudentMaria Lopez'));
    expect(progress).toHaveTextContent('SkillInsert OPA');
    expect(progress).toHaveTextContent('StatusIn Progress');
    await waitFor(() => expect(attempt).toHaveTextContent('StudentNot on this device'));
    expect(attempt).toHaveTextContent('SettingClinical');
    expect(attempt).toHaveTextContent('OutcomeUnsuccessful');
    expect(attempt).toHaveTextContent('ParticipationObserved');
    await waitFor(() => expect(join).toHaveTextContent('ProgramEMT Basic Spring'));
    expect(join).toHaveTextContent('Requested roleClinical Coordinator');
    for (const raw of [student.id, 'skill-1', 'in_progress', 'program-1', 'clinical_coordinator']) {
      expect(screen.queryByText(raw)).not.toBeInTheDocument();
    }
  });

  it("an update names its record and lists each changed field by the form's label, a cleared one as Cleared", async () => {
    await db.rejected.put({
      mutationId: 2,
      name: 'editSkillAssessment',
      args: {
        studentId: student.id,
        skillId: 'skill-1',
        stamp: '1795000000000-00000-phone',
        changes: { statusOverride: 'needs_improvement', progressOverride: null },
      },
      createdAt: '2026-11-21T08:00:00Z',
      rejectedAt: '2026-11-21T08:01:00Z',
      code: '403',
      message: 'Forbidden',
    });
    await db.rejected.put({
      mutationId: 3,
      name: 'updateStudent',
      args: { id: student.id, changes: { emsCertificationLevel: 'paramedic', isActive: false } },
      createdAt: '2026-11-21T08:00:00Z',
      rejectedAt: '2026-11-21T08:01:00Z',
      code: '403',
      message: 'Forbidden',
    });
    await refusedChange();
    const [edit, update] = await Promise.all(['Edit skill assessment', 'Update student'].map(change));
    await waitFor(() => expect(edit).toHaveTextContent('StatusNeeds Improvement'));
    expect(edit).toHaveTextContent('Progress %Cleared');
    expect(edit).not.toHaveTextContent(/stamp|1795000000000/i);
    await waitFor(() => expect(update).toHaveTextContent('StudentMaria Lopez'));
    expect(update).toHaveTextContent('Ems certification levelParamedic - Advanced Life Support');
    expect(update).toHaveTextContent('Is activeNo');
  });

  it('a refused sign-off reads as its records, preceptor and time; its digests, device and code are neither shown nor editable', async () => {
    await db.rejected.put({
      mutationId: 2,
      name: 'signOff',
      args: {
        id: crypto.randomUUID(),
        studentId: student.id,
        records: [
          { kind: 'attempt', id: crypto.randomUUID() },
          { kind: 'hours', id: crypto.randomUUID() },
        ],
        contentHash: 'a'.repeat(64),
        previousHash: null,
        hash: 'c'.repeat(64),
        deviceId: 'device-of-the-phone',
        capturedAt: '2026-11-21T19:40:00.000Z',
        preceptor: { name: 'Dana Reyes', credential: 'EMT', number: 'E-1', agency: 'Metro Fire', contact: 'd@x.org' },
        attested: true,
        evaluation: {},
        teamLeadScores: {},
        signature: { width: 320, height: 140, strokes: [[1, 1, 2, 2]] },
        cosignCode: '123456',
      },
      createdAt: '2026-11-21T19:40:00Z',
      rejectedAt: '2026-11-21T19:41:00Z',
      code: '409',
      message: 'A record is already in another sign-off',
    });
    await refusedChange();
    const signOff = await change('Sign off');
    await waitFor(() => expect(signOff).toHaveTextContent('Records2 records'));
    expect(signOff).toHaveTextContent('PreceptorDana Reyes, EMT E-1');
    expect(signOff).toHaveTextContent(`Captured at${formatDateTime('2026-11-21T19:40:00.000Z')}`);
    expect(signOff).not.toHaveTextContent(/aaaa|cccc|device-of-the-phone|123456|\{|\[object|2026-11-21T/);
    await userEvent.click(within(signOff).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    for (const field of ['Content hash', 'Previous hash', 'Hash', 'Device id', 'Cosign code'])
      expect(within(dialog).queryByLabelText(field)).not.toBeInTheDocument();
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
