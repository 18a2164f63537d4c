// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { programRow } from '#web/lib/testing/test-rows.ts';
import { userRow } from '#web/lib/testing/test-sync.tsx';

import { ProgramFormDialog, type ProgramFormValues } from './program-form-dialog.tsx';
import { createBody, updateBody } from './program-management-page.tsx';

afterEach(cleanup);

const ok = () => Promise.resolve({ ok: true as const, data: {} });
const saver = () => vi.fn((_values: ProgramFormValues) => ok());
const director = userRow('d1', { firstName: 'Dee', lastName: 'Cole', role: 'director' });

describe('Create New Program dialog', () => {
  it("answers the spec's messages and sends nothing while the form is incomplete", async () => {
    const user = userEvent.setup();
    const onSave = saver();
    render(<ProgramFormDialog directors={[director]} open onClose={() => undefined} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Create Program' }));
    for (const message of [
      MSG.programNameRequired,
      MSG.programTypeRequired,
      MSG.durationWeeksMin,
      MSG.requiredHoursMin,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/^Duration \(weeks\)/), '0');
    await user.click(screen.getByRole('button', { name: 'Create Program' }));
    expect(await screen.findByText(MSG.durationWeeksMin)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('offers No Director and the given directors, and sends no director for No Director', async () => {
    const user = userEvent.setup();
    const onSave = saver();
    const onClose = vi.fn();
    render(<ProgramFormDialog directors={[director]} open onClose={onClose} onSave={onSave} />);
    expect([...screen.getByLabelText<HTMLSelectElement>('Director').options].map((o) => o.text)).toEqual([
      'No Director',
      'Dee Cole',
    ]);
    await user.type(screen.getByLabelText('Program Name'), 'Wildland Academy');
    await user.selectOptions(screen.getByLabelText('Program Type'), 'fire');
    await user.type(screen.getByLabelText('Duration (weeks)'), '10');
    await user.type(screen.getByLabelText('Required Hours'), '80');
    await user.click(screen.getByRole('button', { name: 'Create Program' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = onSave.mock.calls[0][0];
    expect(sent).toMatchObject({
      name: 'Wildland Academy',
      type: 'fire',
      duration: 10,
      requiredHours: 80,
      directorId: null,
      description: null,
    });
    expect(createBody(sent)).toEqual({
      name: 'Wildland Academy',
      type: 'fire',
      description: null,
      duration: 10,
      requiredHours: 80,
      directorId: null,
    });
  });

  it('edits a program: prefilled, and the update names duration as stored (durationWeeks)', async () => {
    const user = userEvent.setup();
    const onSave = saver();
    const program = programRow('p1', {
      name: 'EMT Basic',
      type: 'ems',
      durationWeeks: 16,
      requiredHours: 48,
      directorId: 'd1',
      description: 'Spring',
    });
    render(
      <ProgramFormDialog program={program} directors={[director]} open onClose={() => undefined} onSave={onSave} />,
    );
    expect(screen.getByRole('heading', { name: 'Edit Program' })).toBeInTheDocument();
    expect(screen.getByLabelText('Program Name')).toHaveValue('EMT Basic');
    expect(screen.getByLabelText('Director')).toHaveValue('d1');
    await user.clear(screen.getByLabelText('Program Name'));
    await user.type(screen.getByLabelText('Program Name'), 'EMT Basic Fall');
    await user.clear(screen.getByLabelText('Duration (weeks)'));
    await user.type(screen.getByLabelText('Duration (weeks)'), '18');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(updateBody(onSave.mock.calls[0][0])).toEqual({
      name: 'EMT Basic Fall',
      type: 'ems',
      description: 'Spring',
      durationWeeks: 18,
      requiredHours: 48,
      directorId: 'd1',
    });
  });

  it("puts the server's field messages on the fields and stays open", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const program = programRow('p1');
    const onSave = vi.fn(() => Promise.resolve({ ok: false as const, fields: { durationWeeks: 'At most 520 weeks' } }));
    render(<ProgramFormDialog program={program} directors={[]} open onClose={onClose} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('At most 520 weeks')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
