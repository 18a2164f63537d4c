// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import type { DomainRows } from '#sync/client/db.ts';

import { SiteFormDialog } from './site-form-dialog.tsx';

afterEach(cleanup);

const ok = () => Promise.resolve({ ok: true as const, data: {} });

async function fillValidSite(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Site Name'), 'Mercy General');
  await user.selectOptions(screen.getByLabelText('Site Type'), 'Hospital');
  await user.type(screen.getByLabelText('Address'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Austin');
  await user.type(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('ZIP Code'), '78701');
  await user.type(screen.getByLabelText('Phone'), '555-0101');
  await user.type(screen.getByLabelText('Email'), 'clinical@mercy.example');
  await user.type(screen.getByLabelText('Contact Person'), 'Dana Reyes');
  await user.type(screen.getByLabelText('Contact Title'), 'Educator');
  await user.click(screen.getByLabelText('EMS'));
}

describe('Add Clinical Site dialog', () => {
  it("shows the spec's message for every missing required field and saves nothing", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    render(<SiteFormDialog open onClose={() => undefined} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Add Clinical Site' }));
    for (const message of [
      MSG.siteNameRequired,
      MSG.siteTypeRequired,
      MSG.addressRequired,
      MSG.cityRequired,
      MSG.stateRequired,
      MSG.zipRequired,
      MSG.phoneRequired,
      MSG.emailInvalid,
      MSG.contactPersonRequired,
      MSG.contactTitleRequired,
      MSG.programTypesRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('starts with 1 student and every requirement ticked, and refuses fewer than 1 student', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    render(<SiteFormDialog open onClose={() => undefined} onSave={onSave} />);
    expect(screen.getByLabelText(/^Maximum Students/)).toHaveValue(1);
    for (const label of ['Background check required', 'Insurance required', 'Orientation required']) {
      expect(screen.getByLabelText(label)).toBeChecked();
    }
    await fillValidSite(user);
    await user.clear(screen.getByLabelText(/^Maximum Students/));
    await user.type(screen.getByLabelText(/^Maximum Students/), '0');
    await user.click(screen.getByRole('button', { name: 'Add Clinical Site' }));
    expect(await screen.findByText(MSG.maxStudentsMin)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Maximum Students/));
    await user.click(screen.getByRole('button', { name: 'Add Clinical Site' }));
    expect(await screen.findByText(MSG.maxStudentsMin)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the valid form and closes', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    const onClose = vi.fn();
    render(<SiteFormDialog open onClose={onClose} onSave={onSave} />);
    await fillValidSite(user);
    await user.click(screen.getByLabelText('Trauma'));
    await user.click(screen.getByLabelText('Insurance required'));
    await user.clear(screen.getByLabelText(/^Maximum Students/));
    await user.type(screen.getByLabelText(/^Maximum Students/), '4');
    await user.click(screen.getByRole('button', { name: 'Add Clinical Site' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Mercy General',
        type: 'Hospital',
        email: 'clinical@mercy.example',
        maxStudents: 4,
        programTypes: ['ems'],
        specialties: ['Trauma'],
        requiresBackground: true,
        requiresInsurance: false,
        requiresOrientation: true,
      }),
    );
  });

  it("shows the server's field messages and stays open when it refuses", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <SiteFormDialog
        open
        onClose={onClose}
        onSave={() => Promise.resolve({ ok: false, fields: { name: 'Name taken here' } })}
      />,
    );
    await fillValidSite(user);
    await user.click(screen.getByRole('button', { name: 'Add Clinical Site' }));
    expect(await screen.findByText('Name taken here')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Edit Clinical Site dialog', () => {
  const site = {
    id: 'site-1',
    name: 'Station 7',
    type: 'Fire_Station',
    address: '7 Oak Ave',
    city: 'Austin',
    state: 'TX',
    zipCode: '78702',
    phone: '555-0107',
    email: 'lee@station7.example',
    contactPerson: 'Lee Park',
    contactTitle: null,
    maxStudents: 3,
    programTypes: ['fire'],
    specialties: ['Hazmat'],
    notes: null,
    requirements: null,
    requiresBackground: true,
    requiresInsurance: false,
    requiresOrientation: true,
    isActive: true,
    createdAt: '',
    updatedAt: '',
    version: 1,
  } as DomainRows['clinicalSites'];

  it('starts from the site, keeps its own type selectable, and asks for what the site lacks', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    render(<SiteFormDialog site={site} open onClose={() => undefined} onSave={onSave} />);
    expect(screen.getByRole('dialog', { name: 'Edit Clinical Site' })).toBeInTheDocument();
    expect(screen.getByLabelText('Site Type')).toHaveValue('Fire_Station');
    expect(screen.getByLabelText('Insurance required')).not.toBeChecked();
    expect(screen.getByLabelText('Hazmat')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MSG.contactTitleRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contact Title/), 'Captain');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Station 7',
          type: 'Fire_Station',
          contactTitle: 'Captain',
          specialties: ['Hazmat'],
        }),
      ),
    );
  });
});
