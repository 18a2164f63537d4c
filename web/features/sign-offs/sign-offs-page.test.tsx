// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { createHash } from 'node:crypto';

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { cosignTotp } from '#schema/cosign.ts';
import { ERR, MSG } from '#schema/messages.ts';
import { signedContent, signOffContent } from '#schema/sign-off.ts';
import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import type { DomainRows, TrainingDb } from '#sync/client/db.ts';
import type { SyncEngine } from '#sync/client/engine.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { signOffRow as signOff, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';

import { SignOffs } from './sign-offs-page.tsx';

// a canvas needs a real browser: the test draws by handing the form a signature, as the pad reports one
vi.mock('./signature-field.tsx', () => ({
  SignatureField: ({ onChange, error }: { onChange: (s: unknown) => void; error?: string }) => (
    <div>
      <button type="button" onClick={() => onChange({ width: 320, height: 140, strokes: [[10, 10, 60, 40]] })}>
        Draw signature
      </button>
      {error && <span role="alert">{error}</span>}
    </div>
  ),
}));

let db: TrainingDb | undefined;
let engine: SyncEngine | undefined;
afterEach(async () => {
  // the save's sync round (offline here) finishes before its database goes
  await engine?.sync();
  await new Promise((resolve) => setTimeout(resolve, 0));
  cleanup();
  await db?.delete();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const stamp = { createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', version: 1 };

function attempt(id: string, over: Partial<DomainRows['skillAttempts']> = {}): DomainRows['skillAttempts'] {
  return {
    ...stamp,
    id,
    studentId: 'st1',
    skillId: 'iv',
    kind: 'attempt',
    attemptedAt: '2026-11-20T14:00:00.000Z',
    setting: 'field',
    outcome: 'successful',
    participation: 'performed',
    attemptsDelta: 1,
    successfulDelta: 1,
    patientContactId: null,
    clinicalSiteId: null,
    notes: null,
    recordedBy: 'user-1',
    verifiedBy: null,
    verifiedAt: null,
    ...over,
  };
}

const teamLead: DomainRows['patientContacts'] = {
  ...stamp,
  id: 'c-lead',
  studentId: 'st1',
  date: '2026-11-20',
  setting: 'field',
  clinicalSiteId: null,
  ageYears: 40,
  ageMonths: 0,
  gender: 'female',
  chiefComplaints: [],
  primaryImpression: 'ACS',
  secondaryImpression: null,
  teamLead: true,
  careLevel: 'als',
  disposition: 'transported',
  notes: null,
  recordedBy: 'user-1',
  verifiedBy: null,
  verifiedAt: null,
  smcItem: null,
};

const rows = () => ({
  students: [studentRow('st1', { userId: 'user-1', firstName: 'Ana', lastName: 'Diaz' })],
  skills: [skillRow('iv', { name: 'IV access' })],
  skillAttempts: [
    attempt('a1'),
    attempt('a2', { outcome: 'unsuccessful', successfulDelta: 0 }),
    attempt('a-old', { attemptedAt: '2026-11-12T09:00:00.000Z' }),
    attempt('a-verified', { verifiedBy: 'instructor-1' }),
    attempt('a-voided'),
    attempt('a-held'),
    attempt('a-other', { studentId: 'st2' }),
  ],
  skillAttemptVoids: [
    { ...stamp, id: 'v1', attemptId: 'a-voided', studentId: 'st1', skillId: 'iv', reason: 'x', voidedBy: 'user-1' },
  ],
  patientContacts: [],
  clinicalHours: [],
  signOffs: [signOff('s-held')],
});

async function fillPreceptor(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Preceptor name/), 'Sam Rivera');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Credential/ }), 'Paramedic');
  await user.type(screen.getByLabelText(/^Credential number/), 'NRP 123456');
  await user.type(screen.getByLabelText(/^Agency/), 'County EMS');
  await user.type(screen.getByLabelText(/^E-mail or phone/), 'sam@county.example');
}

describe('Sign-offs, for the student', () => {
  it("offers only what still needs a preceptor's word, the latest shift picked, and queues a sign-off the server can verify", async () => {
    const user = userEvent.setup();
    const seed = rows();
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, seed));
    await user.click(await screen.findByRole('button', { name: 'Ask preceptor to sign (3 unsigned)' }));
    const dialog = screen.getByRole('dialog');
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true, false]);
    expect(within(dialog).getByText('Nov 12, 2026')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ask preceptor to sign (2)' }));
    expect(screen.getByText('You are signing 2 records:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(MSG.preceptorNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.attestationRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.signatureRequired)).toBeInTheDocument();
    expect(await db!.outbox.count()).toBe(0);

    await fillPreceptor(user);
    await user.click(screen.getByLabelText(/I directly observed/));
    await user.click(screen.getByRole('button', { name: 'Draw signature' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [entry] = await db!.outbox.toArray();
    expect(entry.name).toBe('signOff');
    const args = entry.args as SignOffArgs;
    expect(args.records).toEqual([
      { kind: 'attempt', id: 'a1' },
      { kind: 'attempt', id: 'a2' },
    ]);
    const signedRows = seed.skillAttempts.filter((a) => a.id === 'a1' || a.id === 'a2');
    expect(args.contentHash).toBe(sha256(signedContent('st1', { attempts: signedRows, contacts: [], hours: [] })));
    expect(args.hash).toBe(sha256(signOffContent(args)));
    expect(args.preceptor).toEqual({
      name: 'Sam Rivera',
      credential: 'Paramedic',
      number: 'NRP 123456',
      agency: 'County EMS',
      contact: 'sam@county.example',
    });
    expect(await db!.rows('signOffs').get(args.id)).toMatchObject({ status: 'awaiting' });
  });

  it("refuses the student's own e-mail or phone, or this account's e-mail, as the preceptor's contact", async () => {
    const user = userEvent.setup();
    const seed = rows();
    const student = seed.students[0];
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, seed));
    await user.click(await screen.findByRole('button', { name: /^Ask preceptor to sign \(\d unsigned\)/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Ask preceptor to sign \(/ }));
    await fillPreceptor(user);
    await user.click(screen.getByLabelText(/I directly observed/));
    await user.click(screen.getByRole('button', { name: 'Draw signature' }));
    const contact = screen.getByLabelText(/^E-mail or phone/);
    for (const own of [' ANA@x.org', student.email, `+1 ${student.phone}`]) {
      await user.clear(contact);
      await user.type(contact, own);
      await user.click(screen.getByRole('button', { name: 'Sign' }));
      expect(await screen.findByText(ERR.ownSignOff)).toBeInTheDocument();
      expect(await db!.outbox.count()).toBe(0);
    }
    for (const hidden of ['Ana <ana@x.org>', 'sam@county.example, ana@x.org', '"ana"@x.org', '(me) ana@x.org']) {
      await user.clear(contact);
      await user.type(contact, hidden);
      await user.click(screen.getByRole('button', { name: 'Sign' }));
      expect(await screen.findByText(MSG.preceptorContactPlain)).toBeInTheDocument();
      expect(await db!.outbox.count()).toBe(0);
    }
    await user.clear(contact);
    await user.type(contact, 'Ana+preceptor@X.org');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(ERR.ownSignOff)).toBeInTheDocument();
    await user.clear(contact);
    await user.type(contact, 'sam@county.example');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db!.outbox.count()).toBe(1);
  });

  it("sends the preceptor's co-sign code with the sign-off, in the part the hash covers", async () => {
    const user = userEvent.setup();
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, rows()));
    await user.click(await screen.findByRole('button', { name: /^Ask preceptor to sign \(\d unsigned\)/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Ask preceptor to sign \(/ }));
    await fillPreceptor(user);
    await user.click(screen.getByLabelText(/I directly observed/));
    await user.click(screen.getByRole('button', { name: 'Draw signature' }));
    await user.type(screen.getByLabelText(/^Co-sign code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(MSG.cosignCodeFormat)).toBeInTheDocument();
    expect(await db!.outbox.count()).toBe(0);
    await user.type(screen.getByLabelText(/^Co-sign code/), '6');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const args = (await db!.outbox.toArray())[0].args as SignOffArgs;
    expect(args.cosignCode).toBe('123456');
    expect(args.hash).toBe(sha256(signOffContent(args)));
    expect(args.hash).not.toBe(sha256(signOffContent({ ...args, cosignCode: '654321' })));
  });

  it("chains each sign-off to this device's previous one", async () => {
    const user = userEvent.setup();
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, rows()));
    const signShift = async () => {
      await user.click(await screen.findByRole('button', { name: /^Ask preceptor to sign \(\d unsigned\)/ }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Ask preceptor to sign \(/ }));
      await fillPreceptor(user);
      await user.click(screen.getByLabelText(/I directly observed/));
      await user.click(screen.getByRole('button', { name: 'Draw signature' }));
      await user.click(screen.getByRole('button', { name: 'Sign' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await signShift();
    await signShift();
    const [first, second] = (await db!.outbox.toArray()).map((e) => e.args as SignOffArgs);
    expect(first.previousHash).toBeNull();
    expect(second.previousHash).toBe(first.hash);
    expect(second.deviceId).toBe(first.deviceId);
    expect(second.records).toEqual([{ kind: 'attempt', id: 'a-old' }]);
  });
  it("puts the preceptor's team-lead scores and evaluation in the queued sign-off", async () => {
    const user = userEvent.setup();
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, {
      ...rows(),
      patientContacts: [teamLead],
    }));
    await user.click(await screen.findByRole('button', { name: 'Ask preceptor to sign (4 unsigned)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ask preceptor to sign (3)' }));
    await fillPreceptor(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /ACS, team lead$/ }), '2');
    await user.click(screen.getByText(/^Professional behaviour \(optional\)/));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Integrity' }), '1');
    await user.click(screen.getByLabelText(/I directly observed/));
    await user.click(screen.getByRole('button', { name: 'Draw signature' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const args = (await db!.outbox.toArray())[0].args as SignOffArgs;
    expect(args.teamLeadScores).toEqual({ 'c-lead': 2 });
    expect(args.evaluation).toEqual({ Integrity: 1 });
    expect(args.records).toContainEqual({ kind: 'contact', id: 'c-lead' });
  });
});

describe('Sign-offs, the verification queue', () => {
  it('lists awaiting sign-offs first, with their actions, and filters by status and search', async () => {
    const user = userEvent.setup();
    const seed = {
      ...rows(),
      signOffs: [
        signOff('s-held'),
        signOff('s-done', { status: 'confirmed', preceptor: { ...signOff('x').preceptor, name: 'Jo Kim' } }),
      ],
    };
    ({ db, engine } = await renderWithRows(
      <SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />,
      seed,
    ));
    const card = await screen.findByRole('article', { name: 'Sign-off of Ana Diaz by Lee Park' });
    expect(card).toHaveTextContent('Awaiting confirmation');
    expect(card).toHaveTextContent('1 attempt');
    expect(card).not.toHaveTextContent(/patient contact|hours entr/);
    for (const name of ['Accept as attested', 'Ask again', 'Get link', 'Reject']) {
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('article', { name: /by Jo Kim/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(screen.getByRole('article', { name: /by Jo Kim/ })).toHaveTextContent('Confirmed by preceptor');
    await user.type(screen.getByLabelText('Search'), 'metro');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'jo kim');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('opens on "Needs attention" when a sign-off is disputed, and on awaiting ones when none needs attention', async () => {
    const seed = {
      ...rows(),
      signOffs: [
        signOff('s-held'),
        signOff('s-disputed', {
          status: 'disputed',
          statusNote: 'By Jo Kim through the link sent to jo@x.org: I was not there',
          preceptor: { ...signOff('x').preceptor, name: 'Jo Kim' },
        }),
        signOff('s-done', { status: 'confirmed', preceptor: { ...signOff('x').preceptor, name: 'Pat Lee' } }),
      ],
    };
    ({ db, engine } = await renderWithRows(
      <SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />,
      seed,
    ));
    const disputed = await screen.findByRole('article', { name: /by Jo Kim/ });
    expect(disputed).toHaveTextContent('Disputed');
    expect(disputed).toHaveTextContent('I was not there');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Needs attention');
    // settled, the same queue opens on what awaits a preceptor, as before
    cleanup();
    await db!.delete();
    const settled = seed.signOffs.map((s) => (s.id === 's-disputed' ? { ...s, status: 'rejected' } : s));
    ({ db, engine } = await renderWithRows(<SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />, {
      ...seed,
      signOffs: settled,
    }));
    await screen.findByRole('article', { name: /by Lee Park/ });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Awaiting confirmation');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('turns to "Needs attention" when a dispute arrives by sync after the queue opened, until a status is chosen', async () => {
    const user = userEvent.setup();
    ({ db, engine } = await renderWithRows(<SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />, {
      ...rows(),
      signOffs: [signOff('s-held')],
    }));
    await screen.findByRole('article', { name: /by Lee Park/ });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Awaiting confirmation');
    const jo = { ...signOff('x').preceptor, name: 'Jo Kim' };
    await db!.rows('signOffs').put(signOff('s-disputed', { status: 'disputed', preceptor: jo }));
    expect(await screen.findByRole('article', { name: /by Jo Kim/ })).toHaveTextContent('Disputed');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Needs attention');
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await db!.rows('signOffs').put(signOff('s-changed', { status: 'changed', preceptor: { ...jo, name: 'Pat Lee' } }));
    const changed = await screen.findByRole('article', { name: /by Pat Lee/ });
    // what was signed no longer matches the records: the coordinator can only close it
    expect(
      within(changed)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toContain('Reject');
    expect(within(changed).queryByRole('button', { name: /Accept|Ask again/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('All statuses');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows a mail that failed or waits to be tried again, and confirmations by link that need accepting', async () => {
    const user = userEvent.setup();
    const seed = {
      ...rows(),
      signOffs: [
        signOff('s-refused', { mailTries: 1, mailFailure: '550 5.1.1 No such mailbox' }),
        signOff('s-retry', {
          capturedAt: '2026-11-18T18:00:00.000Z',
          preceptor: { ...signOff('x').preceptor, name: 'Jo Kim', contact: 'jo@x.org' },
          mailTries: 2,
          mailRetryAt: '2026-11-20T19:10:00.000Z',
        }),
        signOff('s-link', {
          status: 'link_confirmed',
          preceptor: { ...signOff('x').preceptor, name: 'Pat Lee', contact: 'pat@elsewhere.example' },
        }),
      ],
    };
    ({ db, engine } = await renderWithRows(
      <SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />,
      seed,
    ));
    // each of the three needs a coordinator, so the queue opens on them all
    await screen.findByRole('article', { name: 'Sign-off of Ana Diaz by Lee Park' });
    expect(screen.getByLabelText('Status')).toHaveValue('attention');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    await user.selectOptions(screen.getByLabelText('Status'), 'awaiting');
    const refused = screen.getByRole('article', { name: 'Sign-off of Ana Diaz by Lee Park' });
    expect(refused).toHaveTextContent('The e-mail to lee@x.org failed: 550 5.1.1 No such mailbox');
    expect(screen.getByRole('article', { name: /by Jo Kim/ })).toHaveTextContent(
      /The e-mail to jo@x\.org could not be sent yet; trying again at/,
    );
    expect(screen.queryByRole('article', { name: /by Pat Lee/ })).toBeNull();
    const waiting = screen.getByText(/1 confirmation by link .* waiting for a coordinator to accept/);
    await user.click(within(waiting).getByRole('button', { name: 'Show them' }));
    const byLink = screen.getByRole('article', { name: /by Pat Lee/ });
    expect(byLink).toHaveTextContent('Confirmed by link, awaiting a coordinator');
    expect(within(byLink).getByRole('button', { name: 'Accept confirmation' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('"Get link" shows the new link at once, with Copy, and makes it once', async () => {
    const user = userEvent.setup();
    const url = 'https://app.example.org/sign-off/tok-123';
    const asked: string[] = [];
    vi.stubGlobal('fetch', (path: string) => {
      asked.push(path);
      return path.endsWith('/link')
        ? Promise.resolve(new Response(JSON.stringify({ url }), { status: 201 }))
        : Promise.reject(new TypeError('offline'));
    });
    try {
      ({ db, engine } = await renderWithRows(<SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />, {
        ...rows(),
        signOffs: [signOff('s-held')],
      }));
      const card = await screen.findByRole('article', { name: 'Sign-off of Ana Diaz by Lee Park' });
      await user.click(within(card).getByRole('button', { name: 'Get link' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Link for the preceptor' }));
      expect(await dialog.findByLabelText('Confirmation link')).toHaveValue(url);
      await user.click(dialog.getByRole('button', { name: 'Copy' }));
      expect(await navigator.clipboard.readText()).toBe(url);
      expect(dialog.getByRole('status')).toHaveTextContent('Copied');
      expect(dialog.queryByRole('button', { name: 'Link for the preceptor' })).toBeNull();
      expect(asked.filter((p) => p.endsWith('/link'))).toEqual(['/api/sign-offs/s-held/link']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a preceptor the current code of the secret their sign-in left on this phone, and how to get one', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const codes = () => {
      const now = Date.now();
      return [now, now - 30_000].map((t) =>
        cosignTotp(secret)
          .generate({ timestamp: t })
          .replace(/^(\d{3})/, '$1 '),
      );
    };
    ({ db, engine } = await renderWithRows(<SignOffs role="preceptor" userId="p-1" email="p@x.org" />, rows(), {
      cosignSecret: secret,
    }));
    const region = await screen.findByRole('region', { name: 'Your co-sign code' });
    const shown = within(region).getByText(/^\d{3} \d{3}$/).textContent;
    expect(codes()).toContain(shown);
    cleanup();
    ({ db, engine } = await renderWithRows(<SignOffs role="preceptor" userId="p-1" email="p@x.org" />, rows()));
    expect(await screen.findByText(/sign out and sign in again here/)).toBeInTheDocument();
    cleanup();
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, rows(), {
      cosignSecret: secret,
    }));
    await screen.findByRole('button', { name: /^Ask preceptor to sign/ });
    expect(screen.queryByRole('region', { name: 'Your co-sign code' })).toBeNull();
  });

  it('shows no review actions to those who may not review', async () => {
    ({ db, engine } = await renderWithRows(<SignOffs role="preceptor" userId="p-1" email="LEE@x.org" />, rows()));
    await screen.findByRole('article', { name: 'Sign-off of Ana Diaz by Lee Park' });
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ask preceptor/ })).toBeNull();
    // the sign-off names this preceptor's e-mail: theirs to confirm, in one tap
    expect(screen.getByRole('heading', { name: 'Sign-offs to confirm (1)' })).toBeInTheDocument();
    const toConfirm = screen.getByRole('region', { name: 'Sign-offs to confirm (1)' });
    expect(toConfirm).toHaveTextContent('Ana Diaz: 1 record signed with your name');
    expect(screen.getByRole('button', { name: 'Confirm shift' })).toBeInTheDocument();
  });
  it("shows on the card's detail what the preceptor gave: the evaluation, team-lead scores and signature", async () => {
    const user = userEvent.setup();
    const given = signOff('s-held', {
      records: [
        { kind: 'attempt', id: 'a-held' },
        { kind: 'contact', id: 'c-lead' },
      ],
      evaluation: { Integrity: 2, Empathy: 0 },
      teamLeadScores: { 'c-lead': 1 },
      signature: {
        width: 320,
        height: 140,
        strokes: [
          [10, 10, 60, 40, 90, 20],
          [200, 100],
        ],
      },
    });
    ({ db, engine } = await renderWithRows(<SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />, {
      ...rows(),
      patientContacts: [teamLead],
      signOffs: [given],
    }));
    const card = await screen.findByRole('article', { name: 'Sign-off of Ana Diaz by Lee Park' });
    await user.click(within(card).getByText('Evaluation, scores and signature'));
    const evaluation = within(card).getByRole('region', { name: 'Professional behaviour' });
    const ratingOf = (item: string) => within(evaluation).getByText(item).nextSibling;
    expect(within(evaluation).getAllByRole('term')).toHaveLength(11);
    expect(ratingOf('Integrity')).toHaveTextContent('2 · competent');
    expect(ratingOf('Empathy')).toHaveTextContent('0 · not yet');
    expect(ratingOf('Respect')).toHaveTextContent('N/A');
    const scores = within(card).getByRole('region', { name: 'Team-lead scores' });
    expect(scores).toHaveTextContent('Nov 20, 2026, ACS1 · developing');
    const signature = within(card).getByRole('img', { name: 'Signature of Lee Park' });
    expect(signature).toHaveAttribute('viewBox', '0 0 320 140');
    const strokes = [...signature.querySelectorAll('polyline')].map((p) => p.getAttribute('points'));
    expect(strokes).toEqual(['10,10 60,40 90,20', '200,100 200,100']);
  });

  it('flags a sign-off whose device chain is broken, and only that one', async () => {
    const user = userEvent.setup();
    ({ db, engine } = await renderWithRows(<SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />, {
      ...rows(),
      signOffs: [
        signOff('s-gap', { chainBroken: true }),
        signOff('s-whole', { preceptor: { ...signOff('x').preceptor, name: 'Jo Kim' } }),
      ],
    }));
    const broken = await screen.findByRole('article', { name: 'Sign-off of Ana Diaz by Lee Park' });
    expect(within(broken).getByText('Device chain broken')).toBeInTheDocument();
    // a broken chain needs a coordinator; the whole one awaits its preceptor
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Status'), 'awaiting');
    const whole = screen.getByRole('article', { name: 'Sign-off of Ana Diaz by Jo Kim' });
    expect(within(whole).queryByText('Device chain broken')).toBeNull();
  });
});

describe('a preceptor who signed on this phone before', () => {
  it('is one tap: their name, credential, number, agency and contact fill in, leaving the attestation and signature', async () => {
    const user = userEvent.setup();
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, rows()));
    await user.click(await screen.findByRole('button', { name: 'Ask preceptor to sign (3 unsigned)' }));
    await user.click(screen.getByRole('button', { name: 'Ask preceptor to sign (2)' }));
    expect(screen.queryByRole('group', { name: 'Signed on this phone before' })).toBeNull();
    await fillPreceptor(user);
    await user.click(screen.getByLabelText(/I directly observed/));
    await user.click(screen.getByRole('button', { name: 'Draw signature' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Ask preceptor to sign (1 unsigned)' }));
    await user.click(screen.getByRole('button', { name: 'Ask preceptor to sign (1)' }));
    const before = screen.getByRole('group', { name: 'Signed on this phone before' });
    await user.click(within(before).getByRole('button', { name: 'Sam Rivera, Paramedic, County EMS' }));
    await user.click(screen.getByLabelText(/I directly observed/));
    await user.click(screen.getByRole('button', { name: 'Draw signature' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, second] = await db!.outbox.toArray();
    expect((second.args as SignOffArgs).preceptor).toEqual({
      name: 'Sam Rivera',
      credential: 'Paramedic',
      number: 'NRP 123456',
      agency: 'County EMS',
      contact: 'sam@county.example',
    });
  });
});

describe('a draft of the sign-off sheet', () => {
  it('keeps what the preceptor typed through a reload, but not the attestation', async () => {
    const user = userEvent.setup();
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, rows()));
    await user.click(await screen.findByRole('button', { name: 'Ask preceptor to sign (3 unsigned)' }));
    await user.click(screen.getByRole('button', { name: 'Ask preceptor to sign (2)' }));
    await fillPreceptor(user);
    await user.click(screen.getByLabelText(/I directly observed/));
    cleanup();
    // the page reloads: the screen opens again over the same device database
    render(
      <SyncValueProvider value={{ db: db!, engine: engine! }}>
        <SignOffs role="student" userId="user-1" email="ana@x.org" />
      </SyncValueProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Ask preceptor to sign (3 unsigned)' }));
    await user.click(screen.getByRole('button', { name: 'Ask preceptor to sign (2)' }));
    await waitFor(() => expect(screen.getByLabelText(/^Preceptor name/)).toHaveValue('Sam Rivera'));
    expect(screen.getByLabelText(/^E-mail or phone/)).toHaveValue('sam@county.example');
    expect(screen.getByLabelText(/I directly observed/)).not.toBeChecked();
  });
});

describe('a typed-name signature', () => {
  it('signs with the full name typed and the attestation, recorded as typed and covered by the hash', async () => {
    const user = userEvent.setup();
    ({ db, engine } = await renderWithRows(<SignOffs role="student" userId="user-1" email="ana@x.org" />, rows()));
    await user.click(await screen.findByRole('button', { name: 'Ask preceptor to sign (3 unsigned)' }));
    await user.click(screen.getByRole('button', { name: 'Ask preceptor to sign (2)' }));
    await fillPreceptor(user);
    await user.click(screen.getByLabelText(/I directly observed/));
    await user.click(screen.getByRole('button', { name: 'Type your name instead of drawing' }));
    await user.type(screen.getByLabelText(/^Signature: type your full name/), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(MSG.typedSignatureMismatch)).toBeInTheDocument();
    expect(await db!.outbox.count()).toBe(0);
    await user.type(screen.getByLabelText(/^Signature: type your full name/), ' Rivera');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [entry] = await db!.outbox.toArray();
    const args = entry.args as SignOffArgs;
    expect(args.signature).toEqual({ kind: 'typed', name: 'Sam Rivera' });
    expect(args.hash).toBe(sha256(signOffContent(args)));
  });
});
