// @vitest-environment happy-dom
/**
 * Skill entry's SMC reports are titled by the cohort's level from the one definition (schema/smc.ts
 * `smcTableLabel`): a paramedic cohort's are the CoAEMSP SMC's numbered tables, an EMT cohort's are not, since no SMC
 * exists at the EMT level.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { TrainingDb } from '#sync/client/db.ts';
import { programRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';

import { ReportsPanel } from './reports-panel.tsx';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'u1', email: 'u@demo.test', firstName: 'Dana', lastName: 'Desk', role: 'instructor' },
    fromCache: false,
  }),
}));

let db: TrainingDb | undefined;
afterEach(async () => {
  cleanup();
  await db?.delete();
});

const rows = {
  programs: [programRow('emt'), programRow('medic', { certificationLevel: 'paramedic' })],
  students: [
    studentRow('e1', { programId: 'emt' }),
    studentRow('m1', { programId: 'medic', emsCertificationLevel: 'paramedic' }),
  ],
};

const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

describe("skill entry's SMC report titles", () => {
  it.each([
    ['emt', ['Patient contacts by pathology report', 'Skills (program-set minimums) report'], /SMC|Table \d/],
    ['paramedic', ['Table 2: Pathologies report', 'Table 3: Motor skills report'], /program-set|Patient contacts by/],
  ])('the %s cohort’s reports', async (level, titles, notTheirs) => {
    ({ db } = await renderWithRows(
      <ReportsPanel studentId="" onStudentChange={() => undefined} today="2026-11-27" />,
      rows,
    ));
    fireEvent.change(await screen.findByLabelText('Cohort level'), { target: { value: level } });
    expect(await screen.findByText('Cohort reports cover 1 student.')).toBeTruthy();
    expect(buttons()).toEqual(expect.arrayContaining(titles));
    expect(buttons().join('\n')).not.toMatch(notTheirs);
  });
});
