// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TASK_BOOK_ERR } from '#schema/messages.ts';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { fireBookRows } from '#web/lib/testing/fire-books.ts';
import { programRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { memberRow, renderWithRows, userRow } from '#web/lib/testing/test-sync.tsx';

import { TaskBookPage } from './task-book-page.tsx';

const signedIn = vi.hoisted(() => ({ role: 'student' }));
vi.mock('#web/lib/session.tsx', () => ({
  useSession: () => ({
    status: 'signed-in',
    fromCache: false,
    user: { id: 'user-1', email: 'cam@example.org', firstName: 'Cam', lastName: 'Carter', role: signedIn.role },
  }),
}));

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('#web/lib/ui/toasts.tsx', () => ({ toast: toasts }));

// a canvas needs a real browser: the evaluator types their name to sign instead
vi.mock('../sign-offs/signature-field.tsx', () => ({ SignatureField: () => null }));

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  signedIn.role = 'student';
  await db.delete();
});

const jpr = (id: string, name: string, ref: string) =>
  skillRow(id, { name, programType: 'fire', certificationLevel: 'firefighter_1', standardReference: ref });

/** The signed-in account's name: the candidate's, or on staff's phone the evaluator's the sheets are typed with. */
const signedInName = () =>
  signedIn.role === 'student' ? { firstName: 'Cam', lastName: 'Carter' } : { firstName: 'Rosa', lastName: 'Diaz' };

/** The book on a phone: the candidate's own (user-1 is the candidate) or an evaluator's (user-1 is staff). */
async function renderBook(candidateUserId = 'user-1') {
  ({ db } = await renderWithRows(<TaskBookPage onPickStudent={() => undefined} />, {
    users: [userRow('user-1', { role: signedIn.role as 'student', email: 'cam@example.org', ...signedInName() })],
    programs: [programRow('ff1', { name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' })],
    skills: [jpr('j1', 'Don SCBA', 'NFPA 1001 (2019) 4.3.1'), jpr('j2', 'Raise a ladder', 'NFPA 1001 (2019) 4.3.6')],
    students: [studentRow('s1', { firstName: 'Cam', lastName: 'Carter', programId: 'ff1', userId: candidateUserId })],
  }));
}
const renderCandidatePhone = () => renderBook();

/** The fixture's rows with the signed-in director (user-1) assigned to the candidates' program, ff1, as director. */
function assignedDirector(rows: ReturnType<typeof fireBookRows>) {
  return {
    ...rows,
    users: [...(rows.users ?? []), userRow('user-1', { role: 'director', firstName: 'Dana', lastName: 'Whitfield' })],
    programMembers: [memberRow('ff1', 'user-1', 'director')],
  };
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

describe("the skill sheet's steps on the evaluator's phone", () => {
  /** Starts the book as the evaluator and opens the sheet of its first JPR, signed by typed name. */
  async function openSheet(user: ReturnType<typeof userEvent.setup>) {
    signedIn.role = 'instructor';
    await renderBook('cand-1');
    await user.click(await screen.findByRole('button', { name: 'Start task book' }));
    await user.click((await screen.findAllByRole('button', { name: 'Sign JPR' }))[0]);
    const sheet = await screen.findByRole('dialog');
    await user.type(within(sheet).getByLabelText('Evaluator name'), 'Rosa Diaz');
    await user.type(within(sheet).getByLabelText('Evaluator ID'), 'FD-2042');
    await user.type(within(sheet).getByLabelText("Or type the evaluator's full name to sign"), 'Rosa Diaz');
    return sheet;
  }
  async function addStep(user: ReturnType<typeof userEvent.setup>, sheet: HTMLElement, name: string) {
    await user.click(within(sheet).getByRole('button', { name: 'Add step' }));
    const steps = within(sheet).getAllByRole('textbox', { name: /^Step \d+$/ });
    await user.type(steps[steps.length - 1], name);
  }
  const stepResult = (sheet: HTMLElement, n: number, result: 'Pass' | 'Fail') =>
    within(within(sheet).getByRole('radiogroup', { name: `Step ${n} result` })).getByRole('radio', { name: result });
  const overall = (sheet: HTMLElement, result: 'Pass' | 'Fail') =>
    within(within(sheet).getByRole('group', { name: 'Overall result' })).getByRole('radio', { name: result });

  it("refuses a name other than the signed-in evaluator's, and queues nothing", async () => {
    const user = userEvent.setup();
    const sheet = await openSheet(user);
    for (const field of ['Evaluator name', "Or type the evaluator's full name to sign"]) {
      await user.clear(within(sheet).getByLabelText(field));
      await user.type(within(sheet).getByLabelText(field), 'Captain Smith');
    }
    await user.click(within(sheet).getByRole('button', { name: 'Sign JPR' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('The JPR was not signed', {
        description: TASK_BOOK_ERR.evaluatorNotSigner,
      }),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['startTaskBook']);
    expect(await db.rows('jprSignOffs').count()).toBe(0);
  });

  it('fails the attempt when one step fails, stores every step, and marks the next attempt on the same sheet', async () => {
    const user = userEvent.setup();
    const sheet = await openSheet(user);
    await addStep(user, sheet, 'Don facepiece');
    await addStep(user, sheet, 'Check seal');
    await user.click(stepResult(sheet, 1, 'Pass'));
    expect(overall(sheet, 'Pass')).toBeChecked();
    await user.click(stepResult(sheet, 2, 'Fail'));
    expect(overall(sheet, 'Fail')).toBeChecked();
    expect(overall(sheet, 'Pass')).toBeDisabled();
    await user.click(within(sheet).getByRole('button', { name: 'Sign JPR' }));
    await waitFor(async () => expect(await db.rows('jprSignOffs').count()).toBe(1));
    expect(await db.rows('jprSignOffs').toArray()).toMatchObject([
      {
        skillId: 'j1',
        passed: false,
        attemptNumber: 1,
        steps: [
          { step: 'Don facepiece', passed: true },
          { step: 'Check seal', passed: false },
        ],
      },
    ]);
    expect(await screen.findByText(/1 failed attempt.*\(failed: Check seal\)/)).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Sign JPR' })[0]);
    const again = await screen.findByRole('dialog');
    expect(
      within(again)
        .getAllByRole('textbox', { name: /^Step \d+$/ })
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Don facepiece', 'Check seal']);
    expect(stepResult(again, 1, 'Pass')).not.toBeChecked();
  });

  it('refuses a step left unmarked, and queues nothing', async () => {
    const user = userEvent.setup();
    const sheet = await openSheet(user);
    await addStep(user, sheet, 'Don facepiece');
    await user.click(within(sheet).getByRole('button', { name: 'Sign JPR' }));
    expect(await within(sheet).findByText(TASK_BOOK_ERR.stepUnmarked)).toBeInTheDocument();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['startTaskBook']);
    expect(await db.rows('jprSignOffs').count()).toBe(0);
  });
});

describe('a program that signs JPRs done in training again (web/lib/testing/fire-books.ts)', () => {
  it('shows a training pass as still to be signed, and the evaluator signs it again', async () => {
    signedIn.role = 'instructor';
    const user = userEvent.setup();
    ({ db } = await renderWithRows(<TaskBookPage studentId="cy" onPickStudent={() => undefined} />, fireBookRows()));
    expect(await screen.findByText('Task book: 1 / 2 JPRs signed')).toBeInTheDocument();
    const [d, e] = within(screen.getByRole('list', { name: 'JPRs' })).getAllByRole('listitem');
    expect(d).toHaveTextContent('Passed in training Oct 1, 2026: the program requires it signed again');
    expect(e).toHaveTextContent('Signed');
    expect(within(e).queryByRole('button', { name: 'Sign JPR' })).not.toBeInTheDocument();

    await user.click(within(d).getByRole('button', { name: 'Sign JPR' }));
    const sheet = await screen.findByRole('dialog');
    await user.type(within(sheet).getByLabelText('Evaluator name'), 'Rosa Diaz');
    await user.type(within(sheet).getByLabelText('Evaluator ID'), 'FD-2042');
    await user.type(within(sheet).getByLabelText("Or type the evaluator's full name to sign"), 'Rosa Diaz');
    await user.click(within(sheet).getByRole('button', { name: 'Sign JPR' }));
    expect(await screen.findByText('Task book: 2 / 2 JPRs signed')).toBeInTheDocument();
    expect(d).toHaveTextContent('Signed');
    const again = (await db.rows('jprSignOffs').toArray()).filter((r) => r.skillId === 'd' && !r.inTraining);
    expect(again).toMatchObject([{ passed: true, attemptNumber: 1 }]);
  });
});

describe("each JPR's signed records", () => {
  it('lists every attempt as signed: day, attempt, result, method, evaluator and ID, signature, failed step', async () => {
    signedIn.role = 'instructor';
    const user = userEvent.setup();
    ({ db } = await renderWithRows(<TaskBookPage studentId="ana" onPickStudent={() => undefined} />, fireBookRows()));
    expect(await screen.findByText('Task book: 2 / 3 JPRs signed')).toBeInTheDocument();
    const b = within(screen.getByRole('list', { name: 'JPRs' })).getAllByRole('listitem')[1];
    await user.click(within(b).getByText('2 signed records'));
    const records = within(within(b).getByRole('group', { name: 'Signed records' })).getAllByRole('group');
    expect(records.map((r) => r.textContent)).toEqual([
      'PassNov 3, 2026, day 1, attempt 1Observed first-hand · Rosa Diaz (ID FD-2042) · typed signature',
      'FailNov 2, 2026, day 1, attempt 1Observed first-hand · Rosa Diaz (ID FD-2042) · typed signatureSteps: Check seal fail',
    ]);
  });
});

describe("the book's signatures on a staff phone", () => {
  const signAs = async (user: ReturnType<typeof userEvent.setup>, button: string, name: string) => {
    await user.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Type your full name to sign'), name);
    await user.click(within(dialog).getByRole('button', { name: button.split(' ')[0] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  };

  it('the final evaluator verifies the book once its last JPR is signed, and may not certify it', async () => {
    signedIn.role = 'director';
    const user = userEvent.setup();
    ({ db } = await renderWithRows(
      <TaskBookPage studentId="ana" onPickStudent={() => undefined} />,
      assignedDirector(fireBookRows()),
    ));
    expect(await screen.findByText('Task book: 2 / 3 JPRs signed')).toBeInTheDocument();
    const c = within(screen.getByRole('list', { name: 'JPRs' })).getAllByRole('listitem')[2];
    await user.click(within(c).getByRole('button', { name: 'Sign JPR' }));
    const sheet = await screen.findByRole('dialog');
    await user.type(within(sheet).getByLabelText('Evaluator name'), 'Dana Whitfield');
    await user.type(within(sheet).getByLabelText('Evaluator ID'), 'D-1');
    await user.type(within(sheet).getByLabelText("Or type the evaluator's full name to sign"), 'Dana Whitfield');
    // the sheet of the failed attempt, its step marked again
    const step = within(sheet).getByRole('radiogroup', { name: 'Step 1 result' });
    await user.click(within(step).getByRole('radio', { name: 'Pass' }));
    await user.click(within(sheet).getByRole('button', { name: 'Sign JPR' }));
    expect(await screen.findByText('Task book: 3 / 3 JPRs signed')).toBeInTheDocument();

    await signAs(user, 'Verify book as final evaluator', 'Dana Whitfield');
    expect(await screen.findByText('Verified by the final evaluator')).toBeInTheDocument();
    expect(screen.getByText(/^Dana Whitfield, /)).toBeInTheDocument();
    // a director may certify, but not the book they verified
    expect(screen.queryByRole('button', { name: 'Certify as agency official' })).not.toBeInTheDocument();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['signJpr', 'verifyTaskBook']);
  });

  it("shows no book signature to a director not assigned to the candidate's program", async () => {
    signedIn.role = 'director';
    const rows = fireBookRows();
    rows.taskBooks = rows.taskBooks!.map((b) =>
      b.id === 'book-dee' ? { ...b, state: 'verified', certifiedBy: null } : b,
    );
    rows.users = [userRow('user-1', { role: 'director' })];
    rows.programMembers = [memberRow('ff2', 'user-1', 'director')];
    ({ db } = await renderWithRows(<TaskBookPage studentId="dee" onPickStudent={() => undefined} />, rows));
    expect(await screen.findByText('Verified by the final evaluator')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Certify as agency official' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify book as final evaluator' })).not.toBeInTheDocument();
  });

  it('the certifying official signs a book another verified, last', async () => {
    signedIn.role = 'director';
    const user = userEvent.setup();
    const rows = fireBookRows();
    rows.taskBooks = rows.taskBooks!.map((b) =>
      b.id === 'book-dee'
        ? {
            ...b,
            state: 'verified',
            certifiedBy: null,
            certifiedName: null,
            certifiedSignature: null,
            certifiedAt: null,
          }
        : b,
    );
    ({ db } = await renderWithRows(
      <TaskBookPage studentId="dee" onPickStudent={() => undefined} />,
      assignedDirector(rows),
    ));
    expect(await screen.findByText('Verified by the final evaluator')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify book as final evaluator' })).not.toBeInTheDocument();
    await signAs(user, 'Certify as agency official', 'Omar Hale');
    expect(await screen.findByText('Certified by the agency')).toBeInTheDocument();
    expect(screen.getByText(/^Omar Hale, /)).toBeInTheDocument();
    expect((await db.rows('taskBooks').get('book-dee'))?.certifiedSignature).toEqual({
      kind: 'typed',
      name: 'Omar Hale',
    });
  });
});
