// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG, SAVED_OFFLINE } from '#schema/messages.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';
import { progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';

import { SELECT_STUDENTS } from './bulk-entry.ts';
import { BulkEntryForm } from './bulk-entry-form.tsx';

const TODAY = '2026-11-21';
const user = { id: 'user-1', firstName: 'Irene', lastName: 'Okafor' };
const students = [
  studentRow('s1', { firstName: 'Maya', lastName: 'Chen' }),
  studentRow('s2', { firstName: 'Luis', lastName: 'Ortega' }),
  studentRow('s3', { firstName: 'Zoe', lastName: 'Adams' }),
];
let db: TrainingDb;
let engine: SyncEngine;

beforeEach(async () => {
  db = new TrainingDb(`bulk-entry-${crypto.randomUUID()}`);
  // offline: the changes stay queued on the device, where the test reads them
  engine = new SyncEngine({
    db,
    userId: user.id,
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  await db
    .rows('skills')
    .bulkPut([
      skillRow('opa', { name: 'Insert OPA' }),
      skillRow('iv', { name: 'IV access', certificationLevel: 'paramedic' }),
    ]);
  await db.domain('clinicalSites').put({ id: 'site-1', name: 'St. Mary Regional' });
  await db.domain('users').bulkPut([
    { id: 'user-1', firstName: 'Irene', lastName: 'Okafor', role: 'instructor', isActive: true },
    { id: 'user-2', firstName: 'Pat', lastName: 'Nguyen', role: 'preceptor', isActive: true },
    { id: 'user-3', firstName: 'Dana', lastName: 'Whitfield', role: 'director', isActive: true },
  ]);
  await db
    .rows('studentSkills')
    .bulkPut([
      progressRow('s2', 'opa', { attempts: 2, successfulAttempts: 1, status: 'in_progress' }),
      progressRow('s3', 'opa', { attempts: 3, successfulAttempts: 3, status: 'completed', progressPercentage: 100 }),
    ]);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await db.delete();
});

const renderForm = (canRecord = true) =>
  render(
    <SyncValueProvider value={{ db, engine }}>
      <Toaster />
      <BulkEntryForm students={students} user={user} canRecord={canRecord} today={TODAY} />
    </SyncValueProvider>,
  );
const start = () => userEvent.click(screen.getByRole('button', { name: 'Start Bulk Entry Session' }));
const queued = async () => (await db.outbox.toArray()).map((e) => e.args as Record<string, unknown>);

describe('bulk entry', () => {
  it('asks for a skill and for students', async () => {
    renderForm();
    await start();
    expect(await screen.findByText(MSG.skillRequired)).toBeInTheDocument();
    expect(screen.getByText(SELECT_STUDENTS)).toBeInTheDocument();
    expect(await queued()).toEqual([]);
  });

  it('defaults the date to today and the preceptor to the signed-in user, and offers preceptors and instructors', async () => {
    renderForm();
    expect(screen.getByLabelText('Assessment date')).toHaveValue(TODAY);
    await screen.findByRole('option', { name: 'Pat Nguyen' });
    expect(screen.getByLabelText('Preceptor')).toHaveValue('user-1');
    expect(screen.queryByRole('option', { name: 'Dana Whitfield' })).not.toBeInTheDocument();
  });

  it('logs one attempt for each chosen student, dated the assessment day, and shows their current status', async () => {
    renderForm();
    await screen.findByRole('option', { name: 'Insert OPA' });
    await userEvent.selectOptions(screen.getByLabelText('Clinical site'), 'site-1');
    await userEvent.selectOptions(screen.getByLabelText('Skill'), 'opa');
    expect(await screen.findByLabelText(/^Luis Ortega .* — In Progress$/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Maya Chen .* — Not Started$/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Setting'), 'field');
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'unsuccessful');
    await userEvent.click(screen.getByLabelText(/^Maya Chen/));
    await userEvent.click(screen.getByLabelText(/^Luis Ortega/));
    expect(screen.getByText('Students (2 of 3 selected)')).toBeInTheDocument();
    await start();
    await waitFor(async () => expect(await queued()).toHaveLength(2));
    const note = 'Bulk entry session at St. Mary Regional on 2026-11-21, preceptor Irene Okafor';
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.name)).toEqual(['logSkillAttempt', 'logSkillAttempt']);
    expect(await queued()).toEqual([
      expect.objectContaining({
        studentId: 's1',
        skillId: 'opa',
        setting: 'field',
        outcome: 'unsuccessful',
        notes: note,
      }),
      expect.objectContaining({
        studentId: 's2',
        skillId: 'opa',
        setting: 'field',
        outcome: 'unsuccessful',
        notes: note,
      }),
    ]);
    // the device's figures follow at once: one more attempt, none successful
    expect(await db.rows('studentSkills').get('s2/opa')).toMatchObject({ attempts: 3, successfulAttempts: 1 });
    await waitFor(() => expect(screen.getByLabelText('Skill')).toHaveValue(''));
  });

  it('gives a chosen status only to students it raises: a completed student stays completed', async () => {
    renderForm();
    await screen.findByRole('option', { name: 'Insert OPA' });
    await userEvent.selectOptions(screen.getByLabelText('Skill'), 'opa');
    await userEvent.selectOptions(screen.getByLabelText('Status (optional)'), 'in_progress');
    await userEvent.click(screen.getByLabelText('Select all'));
    await start();
    await waitFor(async () => expect(await queued()).toHaveLength(4));
    const entries = await db.outbox.toArray();
    const edits = entries.filter((e) => e.name === 'editSkillAssessment').map((e) => e.args as Record<string, unknown>);
    // Maya had not started: raised; Luis was in progress and Zoe completed: left alone
    expect(edits).toEqual([expect.objectContaining({ studentId: 's1', changes: { statusOverride: 'in_progress' } })]);
    expect(await db.rows('studentSkills').get('s3/opa')).toMatchObject({ status: 'completed' });
    expect(
      await screen.findByText(
        'Attempt logged for 3 students. Status In Progress given to 1 student; 2 students already had it or higher',
      ),
    ).toBeInTheDocument();
  });

  it('offline, the toast says the attempts are saved on this phone, not logged', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderForm();
    await screen.findByRole('option', { name: 'Insert OPA' });
    await userEvent.selectOptions(screen.getByLabelText('Skill'), 'opa');
    await userEvent.selectOptions(screen.getByLabelText('Status (optional)'), 'in_progress');
    await userEvent.click(screen.getByLabelText('Select all'));
    await start();
    const shown = (await screen.findByText(SAVED_OFFLINE)).closest('li')!;
    expect(shown).toHaveTextContent(
      'Attempts for 3 students. Status In Progress given to 1 student; 2 students already had it or higher. The header shows when it has been sent.',
    );
    expect(shown).not.toHaveTextContent(/logged|success/i);
  });

  it('selects and clears every student at once', async () => {
    renderForm();
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByText('Students (3 of 3 selected)')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByText('Students (0 of 3 selected)')).toBeInTheDocument();
  });

  it('is not offered to users who cannot record progress', () => {
    renderForm(false);
    expect(screen.getByText('Bulk entry is for staff who record skill progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Bulk Entry Session' })).not.toBeInTheDocument();
  });
});
