// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';

import { MSG, SAVED_OFFLINE } from '#schema/messages.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';
import { siteRow } from '#web/lib/testing/test-sync.tsx';
import { toast } from '#web/lib/ui/toasts.tsx';

import { ContactForm } from './contact-form.tsx';

vi.mock('#web/lib/ui/toasts.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const student = { id: 's1', firstName: 'Maya', lastName: 'Chen' };
const skills = [
  { id: 'k1', name: 'Insert OPA' },
  { id: 'k2', name: '12-lead ECG' },
];
let db: TrainingDb;
let onClose: Mock<() => void>;

beforeEach(async () => {
  db = new TrainingDb(`contact-form-${crypto.randomUUID()}`);
  onClose = vi.fn();
  await showForm();
});

/** The form as the screen opens it, over this test's device database (it opens once the student's contacts are read). */
async function showForm() {
  const engine = new SyncEngine({
    db,
    userId: 'u1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  render(
    <SyncValueProvider value={{ db, engine }}>
      <ContactForm student={student} skills={skills} today="2026-11-21" onClose={onClose} />
    </SyncValueProvider>,
  );
  await screen.findByRole('dialog', { name: 'Log Patient Contact' });
}
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  await db.delete();
});

const queued = async () =>
  (await db.outbox.toArray()).map((e) => ({ name: e.name, args: e.args as Record<string, unknown> }));

describe('Log Patient Contact', () => {
  it('asks for the age, a complaint and an impression, and queues nothing without them', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    expect(await screen.findByText(MSG.impressionRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.complaintRequired)).toBeInTheDocument();
    expect(await queued()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a date after today with the message and queues nothing', async () => {
    const date = screen.getByLabelText('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2029-01-15');
    await userEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    expect(await screen.findByText(MSG.dateNotFuture)).toBeInTheDocument();
    expect(await queued()).toEqual([]);
  });

  it('warns when the notes look like a patient identifier', async () => {
    await userEvent.type(screen.getByLabelText('Notes'), 'DOB 01/02/1990');
    expect(screen.getByRole('alert')).toHaveTextContent('This looks like a date of birth');
  });

  it('queues the contact and one attempt per skill performed, each naming the contact', async () => {
    await userEvent.type(screen.getByLabelText('Age (years)'), '58');
    await userEvent.selectOptions(screen.getByLabelText('Primary impression'), 'ACS');
    await userEvent.click(screen.getByLabelText('Chest pain'));
    await userEvent.click(screen.getByLabelText('The student was team lead'));
    await userEvent.click(screen.getByRole('button', { name: 'Add a skill performed' }));
    await userEvent.selectOptions(screen.getByLabelText('Skill 1'), 'k2');
    await userEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [contact, attempt] = await queued();
    expect(contact).toEqual({
      name: 'logPatientContact',
      args: expect.objectContaining({
        studentId: 's1',
        date: '2026-11-21',
        ageYears: 58,
        chiefComplaints: ['Chest pain'],
        primaryImpression: 'ACS',
        teamLead: true,
      }),
    });
    expect(attempt).toEqual({
      name: 'logSkillAttempt',
      args: expect.objectContaining({
        studentId: 's1',
        skillId: 'k2',
        outcome: 'successful',
        setting: 'clinical',
        patientContactId: contact.args.id,
      }),
    });
    expect(await db.rows('patientContacts').count()).toBe(1);
  });

  it.each([
    [
      false,
      SAVED_OFFLINE,
      'Patient contact of Nov 21, 2026 with 1 skill performed. The header shows when it has been sent.',
    ],
    [true, 'Patient contact logged', 'With 1 skill performed'],
  ])('with signal %s, the toast says %s', async (signal, title, description) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(signal);
    await userEvent.type(screen.getByLabelText('Age (years)'), '58');
    await userEvent.selectOptions(screen.getByLabelText('Primary impression'), 'ACS');
    await userEvent.click(screen.getByLabelText('Chest pain'));
    await userEvent.click(screen.getByRole('button', { name: 'Add a skill performed' }));
    await userEvent.selectOptions(screen.getByLabelText('Skill 1'), 'k2');
    await userEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(title, { description });
  });
});

describe('a draft of the contact', () => {
  it('survives a reload, and is cleared when the contact is logged', async () => {
    await userEvent.type(screen.getByLabelText('Age (years)'), '58');
    await userEvent.selectOptions(screen.getByLabelText('Primary impression'), 'ACS');
    // the page reloads: the form opens again over the same device database
    cleanup();
    await showForm();
    expect(await screen.findByText(/Draft restored/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Age (years)')).toHaveValue(58));
    expect(screen.getByLabelText('Primary impression')).toHaveValue('ACS');
    await userEvent.click(screen.getByLabelText('Chest pain'));
    await userEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    cleanup();
    await showForm();
    expect(await screen.findByLabelText('Age (years)')).toHaveValue(null);
    expect(screen.queryByText(/Draft restored/)).not.toBeInTheDocument();
  });
});

/** A contact the student logged on an earlier shift. */
const earlier = (id: string, date: string, over: Record<string, unknown>) => ({
  id,
  studentId: 's1',
  date,
  setting: 'clinical',
  clinicalSiteId: null,
  ageYears: 60,
  ageMonths: 0,
  gender: 'male',
  chiefComplaints: ['Chest pain'],
  primaryImpression: 'ACS',
  secondaryImpression: null,
  teamLead: false,
  careLevel: 'als',
  disposition: 'transported',
  notes: null,
  recordedBy: 'u1',
  createdAt: `${date}T12:00:00.000Z`,
  ...over,
});

describe('a repeat contact', () => {
  it("offers the student's recent impression and complaints as one tap, and the last contact's setting and site", async () => {
    cleanup();
    await db.domain('clinicalSites').put(siteRow('st1', { name: 'County EMS' }));
    await db.domain('patientContacts').bulkPut([
      earlier('c1', '2026-11-19', { primaryImpression: 'Stroke', chiefComplaints: ['Weakness'] }),
      earlier('c2', '2026-11-20', {
        setting: 'field',
        clinicalSiteId: 'st1',
        chiefComplaints: ['Chest pain', 'Breathing problem'],
      }),
      earlier('c3', '2026-11-20', {
        setting: 'field',
        clinicalSiteId: 'st1',
        chiefComplaints: ['Chest pain', 'Breathing problem'],
      }),
    ] as never[]);
    await showForm();
    const recent = await screen.findByRole('group', { name: 'Recent impressions and complaints' });
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ACS · Chest pain, Breathing problem', 'Stroke · Weakness']);
    expect(screen.getByLabelText('Setting')).toHaveValue('field');
    await screen.findByRole('option', { name: 'County EMS' });
    await waitFor(() => expect(screen.getByLabelText('Site')).toHaveValue('st1'));
    await userEvent.type(screen.getByLabelText('Age (years)'), '71');
    await userEvent.click(within(recent).getByRole('button', { name: 'ACS · Chest pain, Breathing problem' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log Contact' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [contact] = await queued();
    expect(contact.args).toMatchObject({
      ageYears: 71,
      setting: 'field',
      clinicalSiteId: 'st1',
      primaryImpression: 'ACS',
      chiefComplaints: ['Chest pain', 'Breathing problem'],
    });
  });
});
