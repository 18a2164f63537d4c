// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { programFromForm } from '#schema/program.ts';
import { skillRow } from '#web/lib/testing/test-rows.ts';

import { SiteCreateDialog } from './site-create-dialog.tsx';
import { SkillFormDialog, type SkillFormValues } from './skill-form-dialog.tsx';
import { TrainingProgramDialog, type TrainingProgramValues } from './training-program-dialog.tsx';

afterEach(cleanup);

const ok = () => Promise.resolve({ ok: true as const, data: {} });

describe('Create Training Program dialog', () => {
  it("answers the spec's messages; a number box without a number counts as 0", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    render(<TrainingProgramDialog open onClose={() => undefined} onSave={onSave} />);
    await user.type(screen.getByLabelText('Credits'), 'e');
    await user.click(screen.getByRole('button', { name: 'Create Program' }));
    for (const message of [
      MSG.programNameRequired,
      MSG.programTypeRequired,
      MSG.descriptionRequired,
      MSG.durationRequired,
      MSG.creditsMin,
      MSG.capacityMin,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the form in the shape the server stores as duration text, credits and capacity', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn((_values: TrainingProgramValues) => ok());
    const onClose = vi.fn();
    render(<TrainingProgramDialog open onClose={onClose} onSave={onSave} />);
    await user.type(screen.getByLabelText('Program Name'), 'Police Academy Night');
    await user.selectOptions(screen.getByLabelText('Program Type'), 'Police');
    await user.type(screen.getByLabelText('Description'), 'Evening cohort');
    await user.type(screen.getByLabelText('Duration'), '9 months');
    await user.type(screen.getByLabelText('Credits'), '30');
    await user.type(screen.getByLabelText('Capacity'), '24');
    await user.type(screen.getByLabelText('Certifications (optional)'), 'TCOLE, CPR');
    await user.click(screen.getByRole('button', { name: 'Create Program' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const stored = programFromForm(onSave.mock.calls[0][0]);
    expect(stored).toMatchObject({
      success: true,
      data: {
        name: 'Police Academy Night',
        type: 'police',
        durationText: '9 months',
        credits: 30,
        capacity: 24,
        certifications: ['TCOLE', 'CPR'],
      },
    });
  });
});

describe('Add Clinical Site dialog (Data Management)', () => {
  it("answers the spec's messages, including at least one specialty", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    render(<SiteCreateDialog open onClose={() => undefined} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Add Clinical Site' }));
    for (const message of [
      MSG.siteNameRequired,
      MSG.siteTypeRequired,
      MSG.addressRequired,
      MSG.cityRequired,
      MSG.stateRequired,
      MSG.zipRequired,
      MSG.contactPersonRequired,
      MSG.emailInvalid,
      MSG.phoneRequired,
      MSG.specialtyRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it("offers the chosen type's specialties and clears them when the type changes", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    const onClose = vi.fn();
    render(<SiteCreateDialog open onClose={onClose} onSave={onSave} />);
    await user.selectOptions(screen.getByLabelText('Site Type'), 'Fire_Station');
    expect(screen.getByLabelText('Hazmat')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Hazmat'));
    await user.selectOptions(screen.getByLabelText('Site Type'), 'Hospital');
    expect(screen.queryByLabelText('Hazmat')).toBeNull();
    await user.click(screen.getByLabelText('Trauma'));
    await user.type(screen.getByLabelText('Site Name'), 'Mercy General');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('ZIP Code'), '78701');
    await user.type(screen.getByLabelText('Contact Person'), 'Dana Reyes');
    await user.type(screen.getByLabelText('Contact Email'), 'dana@mercy.example');
    await user.type(screen.getByLabelText('Contact Phone'), '555-0101');
    await user.clear(screen.getByLabelText('Capacity'));
    await user.type(screen.getByLabelText('Capacity'), '6');
    await user.click(screen.getByRole('button', { name: 'Add Clinical Site' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Mercy General',
        type: 'Hospital',
        specialties: ['Trauma'],
        capacity: 6,
        contactEmail: 'dana@mercy.example',
      }),
    );
  });
});

describe('Skill dialog', () => {
  it('edits a skill, sending only the fields it shows', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn((_values: SkillFormValues) => ok());
    const skill = skillRow('s1', {
      name: 'Airway adjuncts',
      programType: 'ems',
      certificationLevel: 'emt',
      smcMatrixNumber: 'T1-1',
      confidence: 'uncertain',
    });
    render(<SkillFormDialog skill={skill} onClose={() => undefined} onSave={onSave} />);
    expect(screen.getByLabelText('Certification Level')).toHaveValue('emt');
    await user.clear(screen.getByLabelText('Skill Name'));
    await user.type(screen.getByLabelText('Skill Name'), 'Airway adjuncts (OPA/NPA)');
    await user.selectOptions(screen.getByLabelText('Confidence'), 'verbatim');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const sent = onSave.mock.calls[0][0];
    expect(sent).toMatchObject({
      name: 'Airway adjuncts (OPA/NPA)',
      confidence: 'verbatim',
      certificationLevel: 'emt',
    });
    expect(sent).not.toHaveProperty('smcMatrixNumber');
    expect(sent).not.toHaveProperty('code');
  });

  it('starts a new type without a level and requires one', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(ok);
    render(<SkillFormDialog onClose={() => undefined} onSave={onSave} />);
    await user.type(screen.getByLabelText('Skill Name'), 'Ladder raise');
    await user.type(screen.getByLabelText('Category'), 'Ladders');
    await user.selectOptions(screen.getByLabelText('Program Type'), 'fire');
    expect([...screen.getByLabelText<HTMLSelectElement>('Certification Level').options].map((o) => o.value)).toEqual([
      '',
      'firefighter_1',
      'firefighter_2',
    ]);
    await user.click(screen.getByRole('button', { name: 'Add Skill' }));
    expect(await screen.findByText(MSG.certificationLevelRequired)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
