// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { TrainingDb } from '#sync/client/db.ts';
import { programRow } from '#web/lib/testing/test-rows.ts';
import { memberRow, renderWithRows, type SeedRows, userRow } from '#web/lib/testing/test-sync.tsx';

import { ProgramManagement } from './program-management-page.tsx';

let db: TrainingDb | undefined;
afterEach(async () => {
  cleanup();
  await db?.delete();
});

const ana = userRow('u1', { firstName: 'Ana', lastName: 'Zamora', email: 'ana@example.test' });
const seed: SeedRows = {
  programs: [
    programRow('p1', {
      name: 'Paramedic 2026',
      type: 'ems',
      durationWeeks: 52,
      requiredHours: 480,
      description: 'Advanced life support',
    }),
    programRow('p2', { name: 'Firefighter I Academy', type: 'fire', durationWeeks: 14, requiredHours: 120 }),
  ],
  users: [ana, userRow('u2')],
  programMembers: [memberRow('p1', 'u1')],
};

describe('Program Management', () => {
  it('shows program cards with figures and assignments, tabs counted per type present', async () => {
    ({ db } = await renderWithRows(<ProgramManagement role="director" />, seed));
    expect(await screen.findByRole('tab', { name: 'All Programs (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'EMS (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'FIRE (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /POLICE/ })).toBeNull();

    const paramedic = screen.getByRole('article', { name: 'Paramedic 2026' });
    expect(paramedic).toHaveTextContent('52 weeks');
    expect(paramedic).toHaveTextContent('480 hours');
    expect(paramedic).toHaveTextContent('Assigned Users (1)');
    expect(within(paramedic).getByText('ana@example.test')).toBeInTheDocument();
    const fire = screen.getByRole('article', { name: 'Firefighter I Academy' });
    expect(fire).toHaveTextContent('Assigned Users (0)');
    expect(fire).toHaveTextContent('No users assigned');
  });

  it("filters by search and type, with the spec's empty state", async () => {
    const user = userEvent.setup();
    ({ db } = await renderWithRows(<ProgramManagement role="director" />, seed));
    await user.type(await screen.findByLabelText('Search programs'), 'life support');
    expect(screen.getByRole('tab', { name: 'All Programs (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Firefighter I Academy' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Program type'), 'fire');
    expect(screen.getByText('No programs found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
  });

  it('says so when no program exists', async () => {
    ({ db } = await renderWithRows(<ProgramManagement role="director" />, {
      programs: [],
      users: [],
      programMembers: [],
    }));
    expect(await screen.findByText('No programs created')).toBeInTheDocument();
    expect(screen.getByText('Create your first training program to get started')).toBeInTheDocument();
  });

  it('offers Create, Edit, Assign and Remove only to those who manage programs', async () => {
    ({ db } = await renderWithRows(<ProgramManagement role="instructor" />, seed));
    await screen.findByRole('article', { name: 'Paramedic 2026' });
    expect(screen.queryByRole('button', { name: 'Create Program' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Assign user/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Requirements of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('assigns only users not yet in the program and asks before removing one', async () => {
    const user = userEvent.setup();
    ({ db } = await renderWithRows(<ProgramManagement role="administration" />, seed));
    await user.click(await screen.findByRole('button', { name: 'Assign user to Paramedic 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign User to Program' });
    expect([...within(dialog).getByLabelText<HTMLSelectElement>('User').options].map((o) => o.value)).toEqual([
      '',
      'u2',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Remove Ana Zamora from Paramedic 2026' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove User' });
    expect(confirm).toHaveTextContent('Remove Ana Zamora from Paramedic 2026?');
  });
});
