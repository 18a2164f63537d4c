// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';

import { UserFormDialog } from './user-form-dialog.tsx';

afterEach(cleanup);

const ok = () => Promise.resolve({ ok: true as const, data: {} });
const chooseRole = (user: ReturnType<typeof userEvent.setup>, label: RegExp) =>
  user.click(screen.getByRole('radio', { name: label }));

describe('Add New User dialog', () => {
  it('shows six role cards and no fields until a role is chosen', () => {
    render(<UserFormDialog open onClose={() => undefined} onSave={vi.fn(ok)} />);
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.queryByLabelText('First Name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create User' })).toBeDisabled();
  });

  it('asks department, certifications and specialties only for instructor, preceptor and director', async () => {
    const user = userEvent.setup();
    render(<UserFormDialog open onClose={() => undefined} onSave={vi.fn(ok)} />);
    await chooseRole(user, /^Student/);
    expect(screen.getByLabelText('First Name')).toBeInTheDocument();
    expect(screen.queryByLabelText('Department')).toBeNull();
    for (const role of [/^Instructor/, /^Preceptor/, /^Director/]) {
      await chooseRole(user, role);
      expect(screen.getByLabelText('Department')).toBeInTheDocument();
      expect(screen.getByLabelText('Certifications')).toBeInTheDocument();
      expect(screen.getByLabelText('Specialties')).toBeInTheDocument();
    }
    for (const role of [/^Administration/, /^Clinical Coordinator/]) {
      await chooseRole(user, role);
      expect(screen.queryByLabelText('Department')).toBeNull();
      expect(screen.queryByLabelText('Specialties')).toBeNull();
    }
  });

  it("answers the spec's messages for missing names and a bad e-mail", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    render(<UserFormDialog open onClose={() => undefined} onSave={onSave} />);
    await chooseRole(user, /^Student/);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(MSG.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the user with lists split from the comma-separated entries, then closes', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    const onClose = vi.fn();
    render(<UserFormDialog open onClose={onClose} onSave={onSave} />);
    await chooseRole(user, /^Preceptor/);
    await user.type(screen.getByLabelText('First Name'), 'Rosa');
    await user.type(screen.getByLabelText('Last Name'), 'Diaz');
    await user.type(screen.getByLabelText('Email'), 'Rosa.Diaz@Example.test');
    await user.selectOptions(screen.getByLabelText('Department'), 'Emergency Medical Services');
    await user.type(screen.getByLabelText('Certifications'), 'Paramedic, ACLS');
    await user.type(screen.getByLabelText('Specialties'), 'Trauma');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        role: 'preceptor',
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: 'rosa.diaz@example.test',
        department: 'Emergency Medical Services',
        certifications: ['Paramedic', 'ACLS'],
        specialties: ['Trauma'],
        password: undefined,
      }),
    );
  });

  it('checks a typed password against the rule, and keeps the dialog open on a server refusal', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onSave = vi.fn(() =>
      Promise.resolve({ ok: false as const, fields: { email: 'An account with this email already exists' } }),
    );
    render(<UserFormDialog open onClose={onClose} onSave={onSave} />);
    await chooseRole(user, /^Administration/);
    await user.type(screen.getByLabelText('First Name'), 'Ola');
    await user.type(screen.getByLabelText('Last Name'), 'Berg');
    await user.type(screen.getByLabelText('Email'), 'ola@example.test');
    await user.type(screen.getByLabelText('Initial Password (optional)'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(MSG.passwordTooShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Initial Password/), '-but-long-now');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
