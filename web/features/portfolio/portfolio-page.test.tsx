// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ATTESTATION_ROLE_LABELS, ATTESTATION_RULES } from '#schema/attestation.ts';
import { MSG } from '#schema/messages.ts';
import { type Portfolio, portfolioDor, portfolioTaskBook, readyToGraduate } from '#schema/portfolio.ts';
import { smcFigures } from '#schema/smc.ts';
import { forgetServerReads } from '#web/lib/server-reads.ts';

import { type PortfolioAnswer, PortfolioPage } from './portfolio-page.tsx';

vi.mock('#web/lib/session.tsx', () => ({
  useSession: () => ({
    status: 'signed-in',
    fromCache: false,
    user: { id: 'u-1', email: 'd@example.org', firstName: 'Dana', lastName: 'W', role: 'director' },
  }),
}));

/** A student with no evidence yet: every figure is the shared functions' own answer for that. */
function answer(
  attestation: Partial<PortfolioAnswer['attestation']>,
  evidence: Pick<Portfolio, 'discipline' | 'taskBook' | 'dor'> = { discipline: 'ems', taskBook: null, dor: null },
): PortfolioAnswer {
  const base = {
    ...evidence,
    student: { id: 's-1', name: 'Ana Diaz', studentCode: 'STU-1', programId: 'p-1', programName: 'Medic 2026' },
    smc: smcFigures({ contacts: [], motorSkills: [], attempts: [], voidedAttemptIds: new Set(), program: null }),
    hours: { byType: [], bySite: [], verified: 0, awaiting: 0, rejected: 0 },
    requiredHours: 10,
    affective: [],
    teamLeads: [],
    signOffs: [],
    documents: [],
  };
  return {
    ...base,
    readiness: readyToGraduate(base),
    attestation: {
      signatures: [],
      changedAfter: [],
      yourRole: null,
      canSign: false,
      exceptionRequired: true,
      ...attestation,
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => forgetServerReads());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortfolioPage', () => {
  it('lists what is missing to graduate and shows a signature changed after attestation, with what changed', async () => {
    const signed = {
      role: 'program_director' as const,
      roleLabel: 'Program Director',
      name: 'Dana W',
      signedAt: '2026-11-20T10:00:00.000Z',
      contentHash: 'a'.repeat(64),
      exception: 'Short of trauma contacts; covered in simulation.',
      changed: true,
    };
    const data = answer({ signatures: [signed], changedAfter: ['Hours verified: was 4, now 6'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(data))),
    );
    render(<PortfolioPage studentId="s-1" />);
    const missing = await screen.findByRole('list', { name: 'Missing to graduate' });
    expect(within(missing).getByText('Hours: 0 of 10 verified')).toBeInTheDocument();
    expect(within(missing).getAllByRole('listitem')).toHaveLength(data.readiness.missing.length);
    expect(screen.getByText('Changed after attestation')).toBeInTheDocument();
    expect(screen.getByText('Hours verified: was 4, now 6')).toBeInTheDocument();
    expect(screen.getByText(`Exception: ${signed.exception}`)).toBeInTheDocument();
    // the server would not take this user's signature: no button
    expect(screen.queryByRole('button', { name: /^Sign as/ })).not.toBeInTheDocument();
  });

  it("signs with a written exception and shows the server's refusal under it", async () => {
    const fetchMock = vi.fn((_: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json({ error: 'Invalid input', fields: { exception: MSG.attestationExceptionRequired } }, 400)
          : json(answer({ yourRole: 'program_director', canSign: true })),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<PortfolioPage studentId="s-1" />);
    await user.type(await screen.findByLabelText(/Written exception/), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Sign as Program Director' }));
    expect(await screen.findByText(MSG.attestationExceptionRequired)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/api/students/s-1/attestations');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ exception: 'Too short' });
  });

  it("shows a fire candidate's task book in place of the SMC tables, and what is missing", async () => {
    const required = [
      { id: 'j-1', name: 'Use SCBA', standardReference: 'NFPA 1001 (2019) 4.3.1' },
      { id: 'j-2', name: 'Forcible entry', standardReference: 'NFPA 1001 (2019) 4.3.6' },
    ];
    const record = {
      skillId: 'j-1',
      performedOn: '2026-11-20',
      passed: true,
      inTraining: false,
      method: 'observed',
      evaluatorName: 'Rosa Diaz',
      capturedAt: '2026-11-20T16:00:00.000Z',
    };
    const rules = { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: false };
    const taskBook = portfolioTaskBook({ state: 'verified' }, required, [record], rules);
    const data = answer({}, { discipline: 'fire', taskBook, dor: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(data))),
    );
    render(<PortfolioPage studentId="s-1" />);
    const jprs = await screen.findByRole('list', { name: 'Job performance requirements' });
    expect(within(jprs).getAllByRole('listitem')).toHaveLength(2);
    expect(within(jprs).getByText(/Observed first-hand, Rosa Diaz/)).toBeInTheDocument();
    expect(screen.getByText('Verified by the final evaluator')).toBeInTheDocument();
    const missing = screen.getByRole('list', { name: 'Missing to graduate' });
    expect(within(missing).getByText('NFPA 1001 (2019) 4.3.6 Forcible entry: not signed')).toBeInTheDocument();
    expect(within(missing).getByText('Task book: Verified by the final evaluator, not certified')).toBeInTheDocument();
    expect(screen.queryByText(/Table 1/)).not.toBeInTheDocument();
  });

  it("shows a police recruit's DOR record in place of the SMC tables, and what is missing", async () => {
    const categories = [
      { code: 'A', name: 'Appearance', group: 'General' },
      { code: 'B', name: 'Driving', group: 'Patrol' },
    ];
    const rated = (a: 3 | 5, b: 4 | 'N.O.') => ({ A: { rating: a, comment: null }, B: { rating: b, comment: null } });
    const dor = portfolioDor(
      [
        { date: '2026-11-02', status: 'reviewed', ratings: rated(3, 4) },
        { date: '2026-11-03', status: 'acknowledged', ratings: rated(5, 'N.O.') },
      ],
      categories,
      [
        { fromWeek: 1, toWeek: 1, minShare: 0.5 },
        { fromWeek: 2, toWeek: 2, minShare: 1 },
      ],
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(answer({}, { discipline: 'police', taskBook: null, dor })))),
    );
    render(<PortfolioPage studentId="s-1" />);
    expect(
      await screen.findByText(/Phase 1 of 2, week 1 · signed by the FTO 2, by the trainee 2, by a supervisor 1/),
    ).toBeInTheDocument();
    // Driving: latest as given (not observed), mean of its scores only
    const driving = screen.getByRole('row', { name: /Driving/ });
    expect(
      within(driving)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Driving', 'N.O.', '4']);
    const appearance = screen.getByRole('row', { name: /Appearance/ });
    expect(
      within(appearance)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Appearance', '5', '4']);
    const missing = screen.getByRole('list', { name: 'Missing to graduate' });
    expect(within(missing).getByText('Phase 1 of 2: the final phase is not reached')).toBeInTheDocument();
    expect(screen.queryByText(/Table 3/)).not.toBeInTheDocument();
  });
});

describe("a fire or police graduate's portfolio speaks its discipline's words", () => {
  /** The words of EMS documents a fire or police reader must never see. */
  const EMS_WORDS = /Terminal Competency|Medical Director|Patient contact|SMC|CoAEMSP|Table \d/;
  const taskBook = portfolioTaskBook(
    { state: 'certified' },
    [{ id: 'j-1', name: 'Use SCBA', standardReference: 'NFPA 1001 (2019) 4.3.1' }],
    [
      {
        skillId: 'j-1',
        performedOn: '2026-11-20',
        passed: true,
        inTraining: false,
        method: 'observed',
        evaluatorName: 'Rosa Diaz',
        capturedAt: '2026-11-20T16:00:00.000Z',
      },
    ],
    { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: false },
  );
  const dor = portfolioDor(
    [{ date: '2026-11-02', status: 'reviewed', ratings: { A: { rating: 5, comment: null } } }],
    [{ code: 'A', name: 'Appearance', group: 'General' }],
    [{ fromWeek: 1, toWeek: 1, minShare: 0.5 }],
  );
  const worlds = {
    fire: {
      evidence: { discipline: 'fire', taskBook, dor: null },
      first: 'training_officer',
      second: 'certifying_official',
    },
    police: {
      evidence: { discipline: 'police', taskBook: null, dor },
      first: 'fto_coordinator',
      second: 'academy_director',
    },
  } as const;

  for (const [discipline, w] of Object.entries(worlds)) {
    it(`titles a ${discipline} attestation and its signers by the ${discipline} rules`, async () => {
      const signed = {
        role: w.first,
        roleLabel: ATTESTATION_ROLE_LABELS[w.first],
        name: 'Dana W',
        signedAt: '2026-11-20T10:00:00.000Z',
        contentHash: 'a'.repeat(64),
        exception: null,
        changed: false,
      };
      const data = answer(
        { signatures: [signed], yourRole: w.second, canSign: true, exceptionRequired: false },
        w.evidence,
      );
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.resolve(json(data))),
      );
      render(<PortfolioPage studentId="s-1" />);
      const rules = ATTESTATION_RULES[discipline as 'fire' | 'police'];
      expect(await screen.findByRole('heading', { name: rules.title })).toBeInTheDocument();
      expect(screen.getByText(ATTESTATION_ROLE_LABELS[w.first])).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Sign as ${ATTESTATION_ROLE_LABELS[w.second]}` })).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(EMS_WORDS);
    });
  }
});
