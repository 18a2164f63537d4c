// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DEFAULT_DOR_CATEGORIES } from '#schema/dor-categories.ts';
import { DOR_MSG, MSG, TASK_BOOK_ERR } from '#schema/messages.ts';
import { DEFAULT_CONTACT_RULES } from '#schema/patient-contact.ts';
import { programRow, skillRow } from '#web/lib/testing/test-rows.ts';

import { RequirementsDialog } from './requirements-dialog.tsx';

afterEach(cleanup);

const skills = [
  skillRow('s1', { name: 'Insert OPA', minimumAttempts: 2 }),
  skillRow('s2', { name: 'Bag-valve mask', minimumAttempts: 3 }),
  skillRow('s3', { name: 'Needle decompression', certificationLevel: 'paramedic' }),
  skillRow('f1', { name: 'Raise a ladder', programType: 'fire', certificationLevel: 'firefighter_1' }),
];
const program = programRow('p1', {
  name: 'EMT Fall',
  skillMinimums: { s2: { total: 4, bySetting: { clinical: 2 } } },
});

function open(p = program) {
  const onSave = vi.fn().mockResolvedValue({ ok: true, data: {} });
  const onSaveDorSettings = vi.fn().mockResolvedValue({ ok: true, data: {} });
  const onSaveTaskBookRules = vi.fn().mockResolvedValue({ ok: true, data: {} });
  render(
    <RequirementsDialog
      program={p}
      skills={skills}
      onSave={onSave}
      onSaveDorSettings={onSaveDorSettings}
      onSaveTaskBookRules={onSaveTaskBookRules}
      onClose={() => {}}
    />,
  );
  return { onSave, onSaveDorSettings, onSaveTaskBookRules, user: userEvent.setup() };
}
const item = (name: string) => screen.getByText(name).closest('li')!;

describe('Requirements: skill minimums', () => {
  it("lists the program's level's skills with their minimum, the program's own marked, and sends an edit over them", async () => {
    const { onSave, user } = open();
    expect(screen.getByText('Insert OPA')).toBeInTheDocument();
    expect(screen.queryByText('Needle decompression')).toBeNull();
    expect(screen.queryByText('Raise a ladder')).toBeNull();
    expect(within(item('Bag-valve mask')).getByText("Program's own")).toBeInTheDocument();
    expect(screen.getByLabelText('Total minimum for Bag-valve mask')).toHaveValue(4);
    expect(screen.getByLabelText('Clinical minimum for Bag-valve mask')).toHaveValue(2);
    expect(screen.getByLabelText('Total minimum for Insert OPA')).toHaveValue(2);
    expect(screen.getByLabelText('Clinical minimum for Insert OPA')).toHaveValue(null);

    await user.type(screen.getByLabelText('Clinical minimum for Insert OPA'), '1');
    expect(within(item('Insert OPA')).getByText('Changed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save minimums' }));
    expect(onSave).toHaveBeenCalledWith({
      skillMinimums: {
        s2: { total: 4, bySetting: { clinical: 2 } },
        s1: { total: 2, bySetting: { clinical: 1 } },
      },
    });
  });

  it('shows other levels when asked', async () => {
    const { user } = open();
    await user.selectOptions(screen.getByLabelText('Level'), 'paramedic');
    expect(screen.getByText('Needle decompression')).toBeInTheDocument();
    expect(screen.queryByText('Insert OPA')).toBeNull();
  });

  it('marks a bad minimum on its skill and sends nothing', async () => {
    const { onSave, user } = open();
    const total = screen.getByLabelText('Total minimum for Insert OPA');
    await user.clear(total);
    await user.type(total, '0');
    expect(within(item('Insert OPA')).getByRole('alert')).toHaveTextContent(MSG.minimumTotalRange);
    await user.type(screen.getByLabelText('Lab minimum for Bag-valve mask'), '9');
    expect(within(item('Bag-valve mask')).getByRole('alert')).toHaveTextContent(MSG.settingMinimumsOverTotal);
    await user.click(screen.getByRole('button', { name: 'Save minimums' }));
    expect(screen.getByText('Correct the minimums marked below, then save.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("goes back to the catalogue's minimums after asking", async () => {
    const { onSave, user } = open();
    await user.click(screen.getByRole('button', { name: "Use the catalogue's minimums" }));
    await user.click(screen.getByRole('button', { name: "Use the catalogue's" }));
    expect(onSave).toHaveBeenCalledWith({ skillMinimums: null });
  });
});

describe('Requirements: patient contacts', () => {
  it('a paramedic program starts from the paramedic defaults and sends edited bands, categories, map and team-lead minimum', async () => {
    const { onSave, user } = open({ ...program, certificationLevel: 'paramedic' });
    await user.click(screen.getByRole('tab', { name: 'Patient contacts' }));
    expect(screen.getByLabelText('Team lead minimum')).toHaveValue(20);
    expect(screen.getByLabelText('Chest Pain')).toHaveValue('Cardiac');
    // the seeded minimums have no public CoAEMSP source: shown as the program-set defaults they are
    expect(
      screen.getByText(/^Minimums: Program-set default .*\(Unverified – check before relying on it\)$/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add age band' }));
    const bands = screen.getAllByLabelText('Band');
    await user.type(bands[bands.length - 1], 'Elderly');
    await user.type(screen.getAllByLabelText('From yrs').at(-1)!, '80');
    await user.clear(screen.getAllByLabelText('Minimum').at(bands.length - 1)!);
    await user.type(screen.getAllByLabelText('Minimum').at(bands.length - 1)!, '5');
    await user.selectOptions(screen.getByLabelText('Stroke'), 'Cardiac');
    const teamLead = screen.getByLabelText('Team lead minimum');
    await user.clear(teamLead);
    await user.type(teamLead, '15');
    await user.click(screen.getByRole('button', { name: 'Save contact rules' }));

    expect(onSave).toHaveBeenCalledTimes(1);
    const sent = onSave.mock.calls[0][0].contactRules;
    expect(sent.ageBands.at(-1)).toEqual({ label: 'Elderly', fromMonths: 960, minimum: 5 });
    expect(sent.ageBands.slice(0, -1)).toEqual(DEFAULT_CONTACT_RULES.ageBands);
    expect(sent.pathologyMap.Stroke).toBe('Cardiac');
    expect(sent.pathologyMap.Seizure).toBe('Neurological');
    expect(sent.pathologyMinimums).toEqual(DEFAULT_CONTACT_RULES.pathologyMinimums);
    expect(sent.teamLeadMinimum).toBe(15);
  });

  it('counts impressions of a removed category as Other', async () => {
    const { onSave, user } = open();
    await user.click(screen.getByRole('tab', { name: 'Patient contacts' }));
    const names = screen.getAllByLabelText('Category') as HTMLInputElement[];
    const cardiac = names.findIndex((n) => n.value === 'Cardiac');
    await user.click(screen.getByRole('button', { name: `Remove category ${cardiac + 1}` }));
    await user.click(screen.getByRole('button', { name: 'Save contact rules' }));
    const sent = onSave.mock.calls[0][0].contactRules;
    expect(sent.pathologyMinimums).not.toHaveProperty('Cardiac');
    expect(sent.pathologyMap['Chest Pain']).toBe('Other');
  });

  it('refuses bands that do not start at 0 with a message, sending nothing', async () => {
    const { onSave, user } = open();
    await user.click(screen.getByRole('tab', { name: 'Patient contacts' }));
    await user.click(screen.getByRole('button', { name: 'Remove age band 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove age band 1' }));
    await user.click(screen.getByRole('button', { name: 'Save contact rules' }));
    expect(await screen.findByText(MSG.ageBandsOrder)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("a program's own rules show, and the defaults come back after asking", async () => {
    const rules = { ...DEFAULT_CONTACT_RULES, teamLeadMinimum: 7 };
    const { onSave, user } = open(
      programRow('p2', { name: 'Medic', certificationLevel: 'paramedic', contactRules: rules }),
    );
    await user.click(screen.getByRole('tab', { name: 'Patient contacts' }));
    expect(screen.getByLabelText('Team lead minimum')).toHaveValue(7);
    expect(screen.getByText(/^Minimums: Set by the program in Requirements/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use the defaults' }));
    await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Use the defaults' }));
    expect(onSave).toHaveBeenCalledWith({ contactRules: null });
    expect(await screen.findByLabelText('Team lead minimum')).toHaveValue(20);
  });

  it('an EMT program starts from no minimums, said to be program-set (no national EMT contact minimum)', async () => {
    const { user } = open();
    await user.click(screen.getByRole('tab', { name: 'Patient contacts' }));
    expect(screen.getByLabelText('Team lead minimum')).toHaveValue(0);
    expect(screen.getAllByLabelText('Minimum').map((i) => (i as HTMLInputElement).value)).not.toContain('60');
    expect(screen.getByText(/^Minimums: Program-set default \(no national EMT contact minimum/)).toBeVisible();
  });

  it('a fire program has skill minimums, its task book and sign-offs, no patient contacts', () => {
    open(programRow('p3', { name: 'FF I', type: 'fire', certificationLevel: 'firefighter_1' }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Skill minimums', 'Task book', 'Sign-offs']);
    expect(screen.getByText('Raise a ladder')).toBeInTheDocument();
  });
});

describe('Requirements: which sign-offs count', () => {
  it('starts from the defaults, sends the states ticked, and refuses none with a message', async () => {
    const { onSave, user } = open();
    await user.click(screen.getByRole('tab', { name: 'Sign-offs' }));
    const box = (name: RegExp) => screen.getByRole('checkbox', { name });
    expect(
      [/^Verified by code/, /^Confirmed by preceptor/, /^Accepted as attested/, /^Awaiting/].map(
        (n) => (box(n) as HTMLInputElement).checked,
      ),
    ).toEqual([true, true, false, false]);
    expect(screen.getByRole('button', { name: 'Use the defaults' })).toBeDisabled();

    await user.click(box(/^Awaiting/));
    await user.click(screen.getByRole('button', { name: 'Save counted states' }));
    expect(onSave).toHaveBeenLastCalledWith({ countedSignOffStates: ['code_verified', 'confirmed', 'awaiting'] });

    for (const name of [/^Verified by code/, /^Confirmed by preceptor/, /^Awaiting/]) await user.click(box(name));
    onSave.mockClear();
    await user.click(screen.getByRole('button', { name: 'Save counted states' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.countedStatesRequired);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("a program's own states show, and the defaults come back", async () => {
    const { onSave, user } = open(programRow('p4', { name: 'Medic', countedSignOffStates: ['confirmed'] }));
    await user.click(screen.getByRole('tab', { name: 'Sign-offs' }));
    expect(screen.getAllByRole('checkbox', { checked: true }).map((c) => c.closest('label')!.textContent)).toEqual([
      expect.stringMatching(/^Confirmed by preceptor/),
    ]);
    await user.click(screen.getByRole('button', { name: 'Use the defaults' }));
    expect(onSave).toHaveBeenCalledWith({ countedSignOffStates: null });
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(2);
  });
});

describe('Requirements: Daily Observation Reports (police programs)', () => {
  const police = programRow('fto', { name: 'Police FTO 2026', type: 'police', certificationLevel: 'field_training' });
  async function openDor(p = police) {
    const opened = open(p);
    await opened.user.click(screen.getByRole('tab', { name: 'Daily Observation Reports' }));
    return opened;
  }
  const rule = (n: number, field: 'From week' | 'To week' | 'Acceptable %') =>
    within(
      within(screen.getByRole('list', { name: 'Advancement rules' })).getAllByRole('listitem')[n - 1],
    ).getByLabelText(field);
  const save = (user: ReturnType<typeof userEvent.setup>) =>
    user.click(screen.getByRole('button', { name: 'Save DOR settings' }));

  it('is offered for police programs only', () => {
    open();
    expect(screen.queryByRole('tab', { name: 'Daily Observation Reports' })).toBeNull();
  });

  it('starts from the standard categories and 25/50/75/100 %, and sends the edits with codes and shares', async () => {
    const { onSaveDorSettings, user } = await openDor();
    expect(within(screen.getByRole('list', { name: 'Categories' })).getAllByRole('listitem')).toHaveLength(
      DEFAULT_DOR_CATEGORIES.length,
    );
    expect(screen.getByLabelText('Category 1')).toHaveValue(DEFAULT_DOR_CATEGORIES[0].name);
    expect([1, 2, 3, 4].map((n) => (rule(n, 'Acceptable %') as HTMLInputElement).valueAsNumber)).toEqual([
      25, 50, 75, 100,
    ]);

    await user.clear(screen.getByLabelText('Category 1'));
    await user.type(screen.getByLabelText('Category 1'), 'Driving: Emergency Response');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const added = DEFAULT_DOR_CATEGORIES.length + 1;
    await user.type(screen.getByLabelText(`Category ${added}`), 'Radio Procedure (Ch. 2)');
    await user.clear(rule(4, 'Acceptable %'));
    await user.type(rule(4, 'Acceptable %'), '90');
    await save(user);

    expect(onSaveDorSettings).toHaveBeenCalledTimes(1);
    const body = onSaveDorSettings.mock.calls[0][0];
    expect(body.categories[0]).toEqual({ ...DEFAULT_DOR_CATEGORIES[0], name: 'Driving: Emergency Response' });
    expect(body.categories.at(-1)).toEqual({
      code: 'radio-procedure-ch-2',
      name: 'Radio Procedure (Ch. 2)',
      group: DEFAULT_DOR_CATEGORIES.at(-1)!.group,
    });
    expect(body.phaseRules).toEqual([
      { fromWeek: 1, toWeek: 4, minShare: 0.25 },
      { fromWeek: 5, toWeek: 8, minShare: 0.5 },
      { fromWeek: 9, toWeek: 12, minShare: 0.75 },
      { fromWeek: 13, toWeek: 17, minShare: 0.9 },
    ]);
  });

  it.each<[string, (user: ReturnType<typeof userEvent.setup>) => Promise<void>, string]>([
    [
      'overlapping intervals',
      async (user) => {
        await user.clear(rule(2, 'From week'));
        await user.type(rule(2, 'From week'), '3');
      },
      DOR_MSG.phaseRulesOrder,
    ],
    [
      'a share over 100 %',
      async (user) => {
        await user.clear(rule(1, 'Acceptable %'));
        await user.type(rule(1, 'Acceptable %'), '150');
      },
      DOR_MSG.phaseShare,
    ],
    ['a week left empty', (user) => user.clear(rule(3, 'To week')), DOR_MSG.phaseWeek],
    ['a blank category name', (user) => user.clear(screen.getByLabelText('Category 2')), DOR_MSG.categoryName],
    [
      'a name twice',
      async (user) => {
        await user.clear(screen.getByLabelText('Category 2'));
        await user.type(screen.getByLabelText('Category 2'), DEFAULT_DOR_CATEGORIES[0].name.toUpperCase());
      },
      DOR_MSG.categoryDuplicate,
    ],
  ])('refuses %s with its message and sends nothing', async (_case, edit, message) => {
    const { onSaveDorSettings, user } = await openDor();
    await edit(user);
    await save(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSaveDorSettings).not.toHaveBeenCalled();
  });

  it("shows the server's refusal over the list it is about", async () => {
    const { onSaveDorSettings, user } = await openDor(
      programRow('fto', {
        type: 'police',
        dorCategories: [{ code: 'officer-safety', name: 'Officer Safety', group: 'Critical' }],
        dorPhaseRules: [{ fromWeek: 1, toWeek: 17, minShare: 1 }],
      }),
    );
    onSaveDorSettings.mockResolvedValueOnce({ ok: false, fields: { programId: DOR_MSG.notPolice } });
    await save(user);
    expect(onSaveDorSettings).toHaveBeenCalledWith({
      categories: [{ code: 'officer-safety', name: 'Officer Safety', group: 'Critical' }],
      phaseRules: [{ fromWeek: 1, toWeek: 17, minShare: 1 }],
    });
    expect(await screen.findByText(DOR_MSG.notPolice)).toBeInTheDocument();
  });
});

describe('Requirements: the task book (fire programs)', () => {
  const fire = programRow('ff1', { name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' });
  async function openBook() {
    const opened = open(fire);
    await opened.user.click(screen.getByRole('tab', { name: 'Task book' }));
    return opened;
  }

  it('starts from two attempts a day on two days, and sends the days and the re-signing of training JPRs', async () => {
    const { onSaveTaskBookRules, user } = await openBook();
    expect(screen.getByLabelText('Skill-sheet attempts a day')).toHaveValue(2);
    expect(screen.getByLabelText('Days a JPR may be attempted on')).toHaveValue(2);
    await user.clear(screen.getByLabelText('Days a JPR may be attempted on'));
    await user.type(screen.getByLabelText('Days a JPR may be attempted on'), '3');
    await user.click(screen.getByLabelText('JPRs done in academy training must be performed and signed again'));
    await user.click(screen.getByRole('button', { name: 'Save task-book rules' }));
    expect(onSaveTaskBookRules).toHaveBeenCalledWith({ attemptsPerDay: 2, attemptDays: 3, resignTrainingJprs: true });
  });

  it('refuses a number out of range with its message and sends nothing', async () => {
    const { onSaveTaskBookRules, user } = await openBook();
    await user.clear(screen.getByLabelText('Skill-sheet attempts a day'));
    await user.type(screen.getByLabelText('Skill-sheet attempts a day'), '9');
    await user.click(screen.getByRole('button', { name: 'Save task-book rules' }));
    expect(await screen.findByText(TASK_BOOK_ERR.attemptsRange)).toBeInTheDocument();
    expect(onSaveTaskBookRules).not.toHaveBeenCalled();
  });
});
