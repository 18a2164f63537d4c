// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { type DomainRows, SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';
import { studentRow } from '#web/lib/testing/test-rows.ts';

import { AddEmailForm } from './email-management-tab.tsx';
import { TimeRequestForm, type TimeRequestValues } from './time-request-form.tsx';

const site = (id: string, name: string) =>
  ({ id, name, isActive: true, maxStudents: 4 }) as DomainRows['clinicalSites'];
const SITES = [site('site-a', 'St. Mary'), site('site-b', 'Station 4')];

let db: TrainingDb;
let engine: SyncEngine;
let server: Mock;

beforeEach(() => {
  db = new TrainingDb(`clinical-forms-${crypto.randomUUID()}`);
  engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  server = vi.fn(async () => new Response(JSON.stringify({ id: 'email-1' }), { status: 201 }));
  vi.stubGlobal('fetch', server);
});
afterEach(async () => {
  cleanup();
  await engine.sync();
  vi.unstubAllGlobals();
  await db.delete();
});

const withSync = (ui: ReactNode) => render(<SyncValueProvider value={{ db, engine }}>{ui}</SyncValueProvider>);
const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('Add Email', () => {
  beforeEach(() => withSync(<AddEmailForm sites={SITES} />));

  it('asks for a clinical site first, then for the address, and sends nothing meanwhile', async () => {
    await userEvent.type(screen.getByLabelText('Email Address'), 'ed@stmary.test');
    await click('Add Email');
    expect(await screen.findByText(MSG.selectClinicalSite)).toBeInTheDocument();
    // a field's label holds its message too once one shows
    await userEvent.selectOptions(screen.getByLabelText(/^Clinical Site/), 'site-a');
    await userEvent.clear(screen.getByLabelText(/^Email Address/));
    await click('Add Email');
    expect(await screen.findByText(MSG.fillRequiredFields)).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  it('adds a primary address to the chosen site and resets the form', async () => {
    await userEvent.selectOptions(screen.getByLabelText('Clinical Site'), 'site-b');
    await userEvent.type(screen.getByLabelText('Email Address'), 'Dispatch@Station4.test');
    await userEvent.type(screen.getByLabelText('Contact Name'), 'Capt. Diaz');
    await userEvent.click(screen.getByLabelText('Primary contact address'));
    await click('Add Email');
    await waitFor(() => expect(server).toHaveBeenCalled());
    const [path, init] = server.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/clinical-sites/site-b/emails');
    expect(JSON.parse(init.body as string)).toEqual({
      clinicalSiteId: 'site-b',
      emailAddress: 'dispatch@station4.test',
      contactName: 'Capt. Diaz',
      emailType: 'primary',
      isActive: true,
    });
    await waitFor(() => expect(screen.getByLabelText('Email Address')).toHaveValue(''));
    expect(screen.getByLabelText('Primary contact address')).not.toBeChecked();
  });

  it('sends a secondary address when Primary is not ticked', async () => {
    await userEvent.selectOptions(screen.getByLabelText('Clinical Site'), 'site-a');
    await userEvent.type(screen.getByLabelText('Email Address'), 'ed@stmary.test');
    await click('Add Email');
    await waitFor(() => expect(server).toHaveBeenCalled());
    expect(JSON.parse((server.mock.calls[0] as [string, RequestInit])[1].body as string)).toMatchObject({
      emailType: 'secondary',
    });
  });
});

describe('Clinical time request form', () => {
  let onSubmit: Mock<(v: TimeRequestValues) => Promise<boolean>>;
  const students = [studentRow('s1', { firstName: 'Ana', lastName: 'Diaz', studentId: 'STU-1' })];

  async function fillValid({ hours = '8', student = true } = {}) {
    await userEvent.selectOptions(screen.getByLabelText('Clinical Site'), 'site-a');
    if (student) await userEvent.selectOptions(screen.getByLabelText('Student'), 's1');
    await userEvent.type(screen.getByLabelText('Start Date & Time'), '2026-12-01T07:00');
    await userEvent.type(screen.getByLabelText('End Date & Time'), '2026-12-01T15:00');
    await userEvent.type(screen.getByLabelText('Requested Hours'), hours);
  }

  beforeEach(() => {
    onSubmit = vi.fn(async () => true);
  });

  it("shows the shared schema's messages for an empty form", async () => {
    withSync(<TimeRequestForm sites={SITES} students={students} onSubmit={onSubmit} />);
    await click('Submit Request');
    expect(await screen.findByText(MSG.selectClinicalSite)).toBeInTheDocument();
    expect(screen.getByText(MSG.hoursRange)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.dateInvalid)).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts 1 to 40 requested hours only', async () => {
    withSync(<TimeRequestForm sites={SITES} students={students} onSubmit={onSubmit} />);
    await fillValid({ hours: '41' });
    await click('Submit Request');
    expect(await screen.findByText(MSG.hoursRange)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks staff which student the time is for', async () => {
    withSync(<TimeRequestForm sites={SITES} students={students} onSubmit={onSubmit} />);
    await fillValid({ student: false });
    await click('Submit Request');
    expect(await screen.findByText(MSG.studentRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the times as instants and resets after success', async () => {
    withSync(<TimeRequestForm sites={SITES} students={students} onSubmit={onSubmit} />);
    await fillValid();
    await userEvent.selectOptions(screen.getByLabelText('Certification Level'), 'paramedic');
    await userEvent.type(screen.getByLabelText('Skills Focus'), 'IV starts');
    await click('Submit Request');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      clinicalSiteId: 'site-a',
      studentId: 's1',
      requestedHours: 8,
      certificationLevel: 'paramedic',
      skillsFocus: 'IV starts',
      startAt: new Date(2026, 11, 1, 7).toISOString(),
      endAt: new Date(2026, 11, 1, 15).toISOString(),
      specialRequirements: null,
    });
    await waitFor(() => expect(screen.getByLabelText('Clinical Site')).toHaveValue(''));
  });

  it('has no student field for a student, whose own record the server uses', async () => {
    withSync(<TimeRequestForm sites={SITES} students={undefined} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('Student')).toBeNull();
    await fillValid({ student: false });
    await click('Submit Request');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].studentId).toBeNull();
  });
});
