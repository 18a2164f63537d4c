// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DOR_MSG } from '#schema/messages.ts';
import type { DomainRows, TrainingDb } from '#web/lib/sync-client.ts';
import { programRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, userRow } from '#web/lib/testing/test-sync.tsx';

import { DorPage } from './dor-page.tsx';

vi.mock('#web/lib/session.tsx', () => ({
  useSession: () => ({
    status: 'signed-in',
    fromCache: false,
    user: { id: 'fto', email: 'fto@example.org', firstName: 'Frank', lastName: 'Torres', role: 'preceptor' },
  }),
}));

// a canvas needs a real browser: the test draws by handing the step a signature, as the pad reports one
vi.mock('../sign-offs/signature-field.tsx', () => ({
  SignatureField: ({ onChange }: { onChange: (s: unknown) => void }) => (
    <button
      type="button"
      onClick={() => onChange({ kind: 'drawn', width: 320, height: 140, strokes: [[10, 10, 60, 40]] })}
    >
      Draw signature
    </button>
  ),
}));

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});

const DOR_ID = '00000000-0000-4000-8000-000000000001';
const CATEGORIES = [
  { code: 'officer-safety', name: 'Officer Safety: General', group: 'Critical' },
  { code: 'report-writing', name: 'Report Writing', group: 'Frequent' },
];

function dorRow(over: Partial<DomainRows['dors']> = {}): DomainRows['dors'] {
  return {
    id: DOR_ID,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    version: 3,
    studentId: 'riley',
    ftoId: 'fto',
    date: '2026-11-20',
    shiftStart: '07:00',
    shiftEnd: '15:00',
    assignment: 'Patrol, district 2',
    noEvaluationReason: null,
    ratings: { 'officer-safety': { rating: 5, comment: null } },
    narrative: 'Good officer safety on the stop',
    trainingPlan: null,
    activityLog: null,
    fieldStamps: {},
    superseded: [],
    status: 'draft',
    signatures: {},
    ...over,
  };
}

/** The report open on the screen, or with `open` false the list it is in. */
async function renderReport(dor: DomainRows['dors'] | null, open = true, meta = {}) {
  const dors = dor ? [dor] : [];
  const openId = open ? dor?.id : undefined;
  ({ db } = await renderWithRows(
    <DorPage openId={openId} onOpen={() => undefined} />,
    {
      programs: [programRow('pd', { name: 'Police FTO', type: 'police', dorCategories: CATEGORIES })],
      students: [studentRow('riley', { firstName: 'Riley', lastName: 'Carter', programId: 'pd', userId: 'recruit' })],
      users: [
        userRow('fto', { firstName: 'Frank', lastName: 'Torres', role: 'preceptor' }),
        userRow('sgt', { firstName: 'Maria', lastName: 'Delgado', role: 'instructor' }),
      ],
      dors,
    },
    meta,
  ));
}

describe('a Daily Observation Report on the FTO phone', () => {
  it('refuses a rating of 2 without a comment with the rule message, and queues nothing', async () => {
    await renderReport(dorRow());
    await userEvent.selectOptions(await screen.findByLabelText('Report Writing'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText(DOR_MSG.commentRequired(2))).toBeVisible();
    // the comment owed takes the focus, so a phone scrolls to it from the Save button
    expect(screen.getByLabelText(/^Comment on Report Writing/)).toHaveFocus();
    expect(await db.outbox.count()).toBe(0);
    await userEvent.type(screen.getByLabelText(/^Comment on Report Writing/), 'Left out the second driver');
    await userEvent.click(screen.getByRole('button', { name: 'Save report' }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'saveDor',
      args: {
        id: DOR_ID,
        changes: { ratings: { 'report-writing': { rating: 2, comment: 'Left out the second driver' } } },
      },
    });
  });

  it('keeps what the FTO is typing when a sync brings the report again, and shows the fields they did not touch', async () => {
    await renderReport(dorRow());
    const assignment = await screen.findByLabelText('Assignment');
    await userEvent.clear(assignment);
    await userEvent.type(assignment, 'Traffic unit');
    // a pull lands the sergeant's narrative while the FTO is still typing the assignment
    await db.rows('dors').put(dorRow({ version: 4, narrative: 'Calm at the collision' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Narrative')).toHaveValue('Calm at the collision'));
    expect(screen.getByLabelText('Assignment')).toHaveValue('Traffic unit');
  });

  it('shows the text a later edit stood over, with whose it was and whose stands', async () => {
    await renderReport(
      dorRow({
        superseded: [
          {
            field: 'narrative',
            value: 'Slow to call in the plate',
            by: 'sgt',
            stamp: '1795000000000-00000-a',
            overBy: 'fto',
          },
        ],
      }),
    );
    const notice = (await screen.findByText('Edits a later save stood over')).parentElement!;
    expect(notice).toHaveTextContent("Maria Delgado's Narrative was replaced by Frank Torres's later edit");
    expect(within(notice).getByText('Slow to call in the plate')).toBeVisible();
    expect(within(notice).getByRole('button', { name: 'Copy' })).toBeVisible();
  });

  it('says from the list which reports keep an edit that a later save stood over', async () => {
    const lost = { field: 'narrative', value: 'Slow to call in the plate', by: 'sgt', stamp: '1-0-a', overBy: 'fto' };
    await renderReport(dorRow({ superseded: [lost, { ...lost, field: 'assignment', stamp: '1-1-a' }] }), false);
    expect(await screen.findByText('2 edits stood over, kept')).toBeVisible();
    expect(screen.getByRole('button', { name: 'New report' })).toBeVisible();
  });

  it('says the reports are on their way during a first sync, and that there are none once it has ended', async () => {
    await renderReport(null, false, { status: { phase: 'pulling', lastSyncedAt: null, error: null } });
    expect(await screen.findByText('Bringing the reports to this device')).toBeVisible();
    cleanup();
    await db.delete();
    await renderReport(null, false, {
      status: { phase: 'in-sync', lastSyncedAt: '2026-11-27T05:00:00Z', error: null },
    });
    expect(await screen.findByText('No reports yet')).toBeVisible();
  });

  it('opens a report at the top of the screen, without the form that starts another', async () => {
    await renderReport(dorRow());
    expect(await screen.findByRole('button', { name: 'Back to the list' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New report' })).not.toBeInTheDocument();
  });

  it('shows a rating a later edit stood over as the rating and its comment, not as code', async () => {
    await renderReport(
      dorRow({
        superseded: [
          {
            field: 'rating:report-writing',
            value: { rating: 2, comment: 'Left out the second driver' },
            by: 'sgt',
            stamp: '1795000000000-00000-a',
            overBy: 'fto',
          },
        ],
      }),
    );
    const notice = (await screen.findByText('Edits a later save stood over')).parentElement!;
    expect(notice).toHaveTextContent("Maria Delgado's Report Writing was replaced by Frank Torres's later edit");
    expect(within(notice).getByText('2: Left out the second driver')).toBeVisible();
    expect(notice).not.toHaveTextContent('{');
  });

  it('says why the report cannot be completed yet, until every category is rated', async () => {
    await renderReport(dorRow());
    expect(await screen.findByText(DOR_MSG.unrated(1))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Complete and sign' })).not.toBeInTheDocument();
  });

  it('completes the report only with the affirmation and a signature, queued for when there is signal', async () => {
    const rated = dorRow({
      ratings: { 'officer-safety': { rating: 5, comment: null }, 'report-writing': { rating: 'N.O.', comment: null } },
    });
    await renderReport(rated);
    await userEvent.click(await screen.findByRole('button', { name: 'Draw signature' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete and sign' }));
    expect(await screen.findByText(DOR_MSG.affirmRequired)).toBeVisible();
    expect(await db.outbox.count()).toBe(0);
    await userEvent.click(screen.getByLabelText(/I observed this trainee/));
    await userEvent.click(screen.getByRole('button', { name: 'Complete and sign' }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]).toMatchObject({
      name: 'signDor',
      args: { id: DOR_ID, phase: 'complete', affirmed: true },
    });
    expect(await screen.findByText('Completed: awaiting trainee')).toBeVisible();
  });

  it("signs with the FTO's own full name typed, recorded as typed, and refuses anyone else's", async () => {
    await renderReport(
      dorRow({
        ratings: { 'officer-safety': { rating: 5, comment: null }, 'report-writing': { rating: 4, comment: null } },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Type your name instead of drawing' }));
    await userEvent.type(screen.getByLabelText('Signature: type your full name'), 'Maria Delgado');
    await userEvent.click(screen.getByLabelText(/I observed this trainee/));
    await userEvent.click(screen.getByRole('button', { name: 'Complete and sign' }));
    expect(await screen.findByText(DOR_MSG.typedNotSigner)).toBeVisible();
    expect(await db.outbox.count()).toBe(0);
    await userEvent.clear(screen.getByLabelText('Signature: type your full name'));
    await userEvent.type(screen.getByLabelText('Signature: type your full name'), 'frank torres');
    await userEvent.click(screen.getByRole('button', { name: 'Complete and sign' }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]).toMatchObject({
      name: 'signDor',
      args: { phase: 'complete', signature: { kind: 'typed', name: 'frank torres' } },
    });
    expect(await screen.findByText(/^Completed by .*, .* \(typed signature: "frank torres"\)$/)).toBeVisible();
  });
});
