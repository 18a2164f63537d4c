// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { TrainingDb } from '#sync/client/db.ts';
import { programRow, skillRow } from '#web/lib/testing/test-rows.ts';
import {
  documentRow,
  renderWithRows,
  requirementRow,
  type SeedRows,
  siteRow,
  userRow,
} from '#web/lib/testing/test-sync.tsx';

import { DataManagement } from './data-management-page.tsx';

let db: TrainingDb | undefined;
afterEach(async () => {
  cleanup();
  await db?.delete();
});

const seed: SeedRows = {
  users: [userRow('u1'), userRow('u2'), userRow('u3')],
  programs: [programRow('p1')],
  clinicalSites: [siteRow('c1'), siteRow('c2')],
  skills: [
    skillRow('s1', { name: 'Airway adjuncts', confidence: 'paraphrased', source: 'NREMT psychomotor sheet' }),
    skillRow('s2', { name: 'Hose line advance', programType: 'fire', certificationLevel: 'firefighter_1' }),
    skillRow('s3', { name: 'Traffic stop', programType: 'police', certificationLevel: 'basic_peace_officer' }),
    skillRow('s4', { name: 'Cardiac arrest', certificationLevel: 'paramedic' }),
  ],
  documents: [documentRow('d1')],
  accreditationRequirements: [
    requirementRow('r1'),
    requirementRow('r2'),
    requirementRow('r3'),
    requirementRow('r4'),
    requirementRow('r5'),
  ],
};

const tile = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;

describe('Data Management', () => {
  it('counts the records on the device in the six cards', async () => {
    ({ db } = await renderWithRows(<DataManagement role="director" onTabChange={() => undefined} />, seed));
    await screen.findByText('Training Programs');
    expect(tile('Users')).toHaveTextContent('3');
    expect(tile('Training Programs')).toHaveTextContent('1');
    expect(tile('Clinical Sites')).toHaveTextContent('2');
    expect(tile('Skills')).toHaveTextContent('4');
    expect(tile('Documents')).toHaveTextContent('1');
    expect(tile('Standards')).toHaveTextContent('5');
  });

  it('disables the restricted tabs for an instructor and says why', async () => {
    const onTabChange = vi.fn();
    ({ db } = await renderWithRows(<DataManagement role="instructor" tab="users" onTabChange={onTabChange} />, seed));
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Users', 'Programs', 'Clinical Sites'])
      expect(screen.getByRole('tab', { name })).toBeDisabled();
    for (const name of ['Skills', 'Documents']) expect(screen.getByRole('tab', { name })).toBeEnabled();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Access Restricted');
    expect(note).toHaveTextContent('Only directors and administrators can create users.');
    expect(note).toHaveTextContent('Only directors and administrators can create training programs.');
    expect(note).toHaveTextContent(
      'Only directors, administrators, and clinical coordinators can create clinical sites.',
    );
    expect(screen.getByRole('button', { name: 'Manage Users' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Browse Skills' })).toBeEnabled();
  });

  it('leaves only Users and Programs closed to a clinical coordinator', async () => {
    ({ db } = await renderWithRows(<DataManagement role="clinical_coordinator" onTabChange={() => undefined} />, seed));
    expect(await screen.findByRole('tab', { name: 'Clinical Sites' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Users' })).toBeDisabled();
    expect(screen.getByRole('note')).not.toHaveTextContent('clinical sites');
  });

  it('switches tabs from the quick actions', async () => {
    const user = userEvent.setup();
    const onTabChange = vi.fn();
    ({ db } = await renderWithRows(<DataManagement role="administration" onTabChange={onTabChange} />, seed));
    await user.click(await screen.findByRole('button', { name: 'Manage Clinical Sites' }));
    expect(onTabChange).toHaveBeenCalledWith('sites');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('lists the skills with source and confidence, flags uncertain ones and filters by type', async () => {
    const user = userEvent.setup();
    ({ db } = await renderWithRows(
      <DataManagement role="director" tab="skills" onTabChange={() => undefined} />,
      seed,
    ));
    const airway = await screen.findByRole('article', { name: 'Airway adjuncts' });
    expect(airway).toHaveTextContent('Paraphrased');
    expect(airway).toHaveTextContent('Source: NREMT psychomotor sheet');
    expect(screen.getByRole('article', { name: 'Cardiac arrest' })).toHaveTextContent('Uncertain: needs verification');
    expect(screen.getByText('Showing 4 of 4 skills')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Program type'), 'fire');
    expect(screen.getByText('Showing 1 of 1 skill')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Hose line advance' })).getByRole('button', {
        name: 'Edit Hose line advance',
      }),
    ).toBeInTheDocument();
  });

  it('lets everyone read the catalogue but only directors and administration change it', async () => {
    ({ db } = await renderWithRows(
      <DataManagement role="instructor" tab="skills" onTabChange={() => undefined} />,
      seed,
    ));
    await screen.findByRole('article', { name: 'Airway adjuncts' });
    expect(screen.queryByRole('button', { name: 'Add Skill' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('opens Add New User from the Users tab', async () => {
    const user = userEvent.setup();
    ({ db } = await renderWithRows(<DataManagement role="director" tab="users" onTabChange={() => undefined} />, seed));
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    expect(await screen.findByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
  });
});
