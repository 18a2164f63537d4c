// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import type { DomainRows } from '#web/lib/sync-client.ts';
import { studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, type TrainingDb } from '#web/lib/testing/test-sync.tsx';
import { CONTACT_REMOVED_REASON } from '#web/lib/writes/records.ts';

import { RecordedEntries } from './recorded-entries.tsx';

vi.mock('#web/lib/ui/toasts.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const session = vi.hoisted(() => ({ user: null as unknown }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: session.user, fromCache: false }),
}));

const STUDENT = { id: 'student-user', role: 'student', firstName: 'Maya', lastName: 'Chen' };
const DIRECTOR = { id: 'director-user', role: 'director', firstName: 'Dana', lastName: 'Reyes' };
const stamp = { createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', version: 1 };

const contact = (id: string, date: string, recordedBy = STUDENT.id) =>
  ({
    ...stamp,
    id,
    studentId: 's1',
    date,
    setting: 'field',
    clinicalSiteId: null,
    ageYears: 54,
    ageMonths: 0,
    gender: 'female',
    chiefComplaints: ['Chest pain'],
    primaryImpression: 'ACS',
    secondaryImpression: null,
    teamLead: false,
    careLevel: 'als',
    disposition: 'transported',
    notes: null,
    recordedBy,
  }) as DomainRows['patientContacts'];
const hours = (id: string, date: string, recordedBy = STUDENT.id) =>
  ({
    ...stamp,
    id,
    studentId: 's1',
    clinicalSiteId: null,
    date,
    hoursCompleted: 12,
    startTime: null,
    endTime: null,
    hourType: 'field',
    unit: null,
    preceptorName: null,
    notes: null,
    recordedBy,
  }) as DomainRows['clinicalHours'];
const attempt = (id: string, contactId: string, recordedBy = STUDENT.id) =>
  ({
    ...stamp,
    id,
    studentId: 's1',
    skillId: 'k1',
    attemptedAt: '2026-11-20T12:00:00.000Z',
    setting: 'field',
    outcome: 'successful',
    participation: 'performed',
    patientContactId: contactId,
    attemptsDelta: 1,
    successfulDelta: 1,
    recordedBy,
    verifiedBy: null,
    verifiedAt: null,
  }) as unknown as DomainRows['skillAttempts'];

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await db.delete();
});

async function show(user: unknown, rows: Parameters<typeof renderWithRows>[1]) {
  session.user = user;
  ({ db } = await renderWithRows(<RecordedEntries studentId="s1" />, { students: [studentRow('s1')], ...rows }));
}
const queued = async () => (await db.outbox.toArray()).map((e) => [e.name, e.args]);

describe('Logged contacts and hours', () => {
  it('offers Remove on what the student recorded, not on what a preceptor recorded for them', async () => {
    await show(STUDENT, {
      patientContacts: [contact('c1', '2026-11-20'), contact('c2', '2026-11-21', 'preceptor-user')],
      clinicalHours: [hours('h1', '2026-11-20'), hours('h2', '2026-11-19', 'preceptor-user')],
    });
    const contacts = await screen.findByRole('group', { name: 'Patient contacts' });
    expect(
      within(contacts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Nov 21, 2026 · 54 y · ACS', 'Nov 20, 2026 · 54 y · ACSRemove']);
    const logged = within(screen.getByRole('group', { name: 'Hours' })).getAllByRole('listitem');
    expect(logged.map((li) => li.textContent)).toEqual([
      'Nov 20, 2026 · 12 h Field · not clocked' + 'Remove',
      'Nov 19, 2026 · 12 h Field · not clocked',
    ]);
  });

  it('says which hours were clocked from a shift and which were typed by hand', async () => {
    await show(STUDENT, {
      clinicalHours: [{ ...hours('h1', '2026-11-20'), shiftBookingId: 'b1' }, hours('h2', '2026-11-19')],
    });
    const logged = within(await screen.findByRole('group', { name: 'Hours' })).getAllByRole('listitem');
    expect(logged.map((li) => li.textContent)).toEqual([
      'Nov 20, 2026 · 12 h Field · clocked from a shift' + 'Remove',
      'Nov 19, 2026 · 12 h Field · not clocked' + 'Remove',
    ]);
  });

  it('removes a contact and voids the attempts logged with it, offline, once confirmed; Cancel changes nothing', async () => {
    await show(STUDENT, {
      patientContacts: [contact('c1', '2026-11-20')],
      skillAttempts: [attempt('a1', 'c1'), attempt('a2', 'c1'), attempt('a3', 'other')],
    });
    const remove = await screen.findByRole('button', { name: 'Remove patient contact Nov 20, 2026 · 54 y · ACS' });
    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this patient contact?' });
    expect(dialog).toHaveTextContent('and the 2 skill attempts logged with it will stop counting toward the minimums');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await queued()).toEqual([]);

    await userEvent.click(remove);
    const asked = await screen.findByRole('dialog');
    // no reason, no removal: the audit log keeps why
    await userEvent.click(within(asked).getByRole('button', { name: 'Remove' }));
    expect(within(asked).getByText(MSG.removeReasonRequired)).toBeInTheDocument();
    expect(await queued()).toEqual([]);
    await userEvent.type(within(asked).getByLabelText(/^Reason/), 'Logged twice');
    await userEvent.click(within(asked).getByRole('button', { name: 'Remove' }));
    const voidReason = `${CONTACT_REMOVED_REASON}: Logged twice`;
    await waitFor(async () =>
      expect(await queued()).toEqual([
        ['voidSkillAttempt', expect.objectContaining({ attemptId: 'a1', reason: voidReason })],
        ['voidSkillAttempt', expect.objectContaining({ attemptId: 'a2', reason: voidReason })],
        ['deletePatientContact', { id: 'c1', reason: 'Logged twice' }],
      ]),
    );
    expect(await db.rows('patientContacts').count()).toBe(0);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Patient contacts' })).not.toBeInTheDocument());
  });

  it("lets a director remove anyone's entry; attempts someone else logged with a student's contact are named, not voided", async () => {
    await show(DIRECTOR, { clinicalHours: [hours('h1', '2026-11-20')] });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove hours entry Nov 20, 2026 · 12 h Field · not clocked' }),
    );
    const asked = await screen.findByRole('dialog');
    await userEvent.type(within(asked).getByLabelText(/^Reason/), 'Wrong student');
    await userEvent.click(within(asked).getByRole('button', { name: 'Remove' }));
    await waitFor(async () =>
      expect(await queued()).toEqual([['deleteClinicalHours', { id: 'h1', reason: 'Wrong student' }]]),
    );

    cleanup();
    await db.delete();
    await show(STUDENT, {
      patientContacts: [contact('c1', '2026-11-20')],
      skillAttempts: [attempt('a1', 'c1'), attempt('a2', 'c1', 'preceptor-user')],
    });
    await userEvent.click(await screen.findByRole('button', { name: /Remove patient contact/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('and the 1 skill attempt logged with it');
    expect(dialog).toHaveTextContent('1 attempt logged with it by someone else stay; ask them to void those.');
  });

  it('shows the five newest of a long list, and all of them on request', async () => {
    const many = Array.from({ length: 7 }, (_, i) => hours(`h${i}`, `2026-11-0${i + 1}`));
    await show(STUDENT, { clinicalHours: many });
    const group = await screen.findByRole('group', { name: 'Hours' });
    expect(within(group).getAllByRole('listitem')).toHaveLength(5);
    expect(within(group).getAllByRole('listitem')[0]).toHaveTextContent('Nov 7, 2026');
    await userEvent.click(within(group).getByRole('button', { name: 'Show all 7' }));
    expect(within(group).getAllByRole('listitem')).toHaveLength(7);
  });

  it('shows nothing for a student with nothing logged', async () => {
    await show(STUDENT, {});
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Logged contacts and hours' })).not.toBeInTheDocument();
  });
});
