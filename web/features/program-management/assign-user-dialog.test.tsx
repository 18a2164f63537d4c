// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { userRow } from '#web/lib/testing/test-sync.tsx';

import { AssignUserDialog } from './assign-user-dialog.tsx';

afterEach(cleanup);

const ok = () => Promise.resolve({ ok: true as const, data: {} });
const candidates = [userRow('u1', { firstName: 'Ana', lastName: 'Zamora', email: 'ana@example.test' })];

describe('Assign User to Program dialog', () => {
  it('lists the candidates given, with the role preset to instructor', () => {
    render(
      <AssignUserDialog programName="EMT Basic" candidates={candidates} onClose={() => undefined} onSave={vi.fn(ok)} />,
    );
    expect([...screen.getByLabelText<HTMLSelectElement>('User').options].map((o) => o.text)).toEqual([
      'Select a user',
      'Ana Zamora (ana@example.test)',
    ]);
    expect(screen.getByLabelText('Role')).toHaveValue('instructor');
  });

  it('requires a user and a role', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    render(
      <AssignUserDialog programName="EMT Basic" candidates={candidates} onClose={() => undefined} onSave={onSave} />,
    );
    await user.selectOptions(screen.getByLabelText('Role'), '');
    await user.click(screen.getByRole('button', { name: 'Assign User' }));
    expect(await screen.findByText(MSG.userRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.roleRequired)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the user and role and closes', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    const onClose = vi.fn();
    render(<AssignUserDialog programName="EMT Basic" candidates={candidates} onClose={onClose} onSave={onSave} />);
    await user.selectOptions(screen.getByLabelText('User'), 'u1');
    await user.selectOptions(screen.getByLabelText('Role'), 'preceptor');
    await user.click(screen.getByRole('button', { name: 'Assign User' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({ userId: 'u1', assignedRole: 'preceptor' });
  });
});
