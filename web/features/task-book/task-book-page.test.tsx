// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TASK_BOOK_ERR } from '#schema/messages.ts';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { programRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, userRow } from '#web/lib/testing/test-sync.tsx';

import { TaskBookPage } from './task-book-page.tsx';

vi.mock('#web/lib/session.tsx', () => ({
  useSession: () => ({
    status: 'signed-in',
    fromCache: false,
    user: { id: 'user-1', email: 'cam@example.org', firstName: 'Cam', lastName: 'Carter', role: 'student' },
  }),
}));

// a canvas needs a real browser: the evaluator types their name to sign instead
vi.mock('../sign-offs/signature-field.tsx', () => ({ SignatureField: () => null }));

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});

const jpr = (id: string, name: string, ref: string) =>
  skillRow(id, { name, programType: 'fire', certificationLevel: 'firefighter_1', standardReference: ref });

async function renderCandidatePhone() {
  ({ db } = await renderWithRows(<TaskBookPage onPickStudent={() => undefined} />, {
    users: [userRow('user-1', { role: 'student', email: 'cam@example.org' })],
    programs: [programRow('ff1', { name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' })],
    skills: [jpr('j1', 'Don SCBA', 'NFPA 1001 (2019) 4.3.1'), jpr('j2', 'Raise a ladder', 'NFPA 1001 (2019) 4.3.6')],
    students: [studentRow('s1', { firstName: 'Cam', lastName: 'Carter', programId: 'ff1', userId: 'user-1' })],
  }));
}

describe("the candidate's task book on their phone", () => {
  it('starts the book, lists its JPRs, and asks the evaluator for their code before a JPR is signed', async () => {
    const user = userEvent.setup();
    await renderCandidatePhone();
    expect(await screen.findByText('Task book: 0 / 2 JPRs signed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start task book' }));
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    const jprs = screen.getByRole('list', { name: 'JPRs' });
    expect(
      within(jprs)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Don SCBA', 'Raise a ladder']);
    await user.click(within(jprs).getAllByRole('button', { name: 'Sign JPR' })[0]);
    const sheet = await screen.findByRole('dialog');
    await user.type(within(sheet).getByLabelText('Evaluator name'), 'Rosa Diaz');
    await user.type(within(sheet).getByLabelText('Evaluator ID'), 'FD-2042');
    await user.type(within(sheet).getByLabelText("Or type the evaluator's full name to sign"), 'Rosa Diaz');
    await user.click(screen.getByRole('button', { name: 'Sign JPR' }));
    expect(await within(sheet).findByText(TASK_BOOK_ERR.codeRequired)).toBeInTheDocument();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['startTaskBook']);
    expect(await db.rows('jprSignOffs').count()).toBe(0);
  });
});
