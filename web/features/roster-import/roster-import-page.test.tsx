// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import type { ImportInspection, ImportReport } from '#schema/roster-import.ts';
import { programRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';

import { RosterImportPage } from './roster-import-page.tsx';

const signedIn = vi.hoisted(() => ({ role: 'director' }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'd1', email: 'd@demo.test', firstName: 'Dana', lastName: 'Director', role: signedIn.role },
    fromCache: false,
  }),
}));

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const inspection: ImportInspection = {
  headers: ['Given', 'Family', 'Code'],
  rowCount: 2,
  sample: [
    ['Ana', 'Lopez', 'S-1'],
    ['', 'Okafor', 'S-2'],
  ],
  mapping: { firstName: 'Given', studentId: 'Code' },
  remembered: true,
};
const report = (over: Partial<ImportReport>): ImportReport => ({
  kind: 'students',
  dryRun: true,
  applied: false,
  rows: 2,
  created: 2,
  updated: 0,
  unchanged: 0,
  errors: [],
  batchId: null,
  alreadyImported: false,
  ...over,
});

/** What the screen sent: the form fields of each import call. */
const sentForms: Record<string, FormDataEntryValue>[] = [];
function server(reports: ImportReport[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/imports/inspect') return Promise.resolve(answer(inspection));
      if (path === '/api/imports') {
        sentForms.push(Object.fromEntries((init!.body as FormData).entries()));
        return Promise.resolve(answer(reports.shift()));
      }
      return Promise.resolve(answer([]));
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sentForms.length = 0;
  signedIn.role = 'director';
});

async function readFile() {
  const user = userEvent.setup();
  await screen.findByRole('option', { name: programRow('p1').name });
  await user.selectOptions(screen.getByLabelText('Program'), 'p1');
  await user.selectOptions(screen.getByLabelText('The file holds'), 'students');
  await user.upload(screen.getByLabelText('File (CSV or XLSX)'), new File(['x'], 'roster.csv'));
  await user.click(screen.getByRole('button', { name: 'Read file' }));
  return user;
}

describe('roster import screen', () => {
  it('is closed to a role that may import nothing, without asking the server', async () => {
    signedIn.role = 'preceptor';
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { db } = await renderWithRows(<RosterImportPage />, {});
    expect(await screen.findByText('Your role cannot import records.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    db.close();
  });

  it('offers an instructor only what they may import', async () => {
    signedIn.role = 'instructor';
    const { db } = await renderWithRows(<RosterImportPage />, { programs: [programRow('p1')] });
    const kinds = within(await screen.findByLabelText('The file holds')).getAllByRole('option');
    // no staff or sites (directors, administration and coordinators add those); history, which they attest, yes
    expect(kinds.map((o) => o.textContent)).toEqual([
      'Students',
      'Skill attempts (history)',
      'Patient contacts (history)',
      'Clinical and field hours (history)',
    ]);
    db.close();
  });

  it('lists each row’s errors by field and column, and imports only after a clean check, with the mapping chosen', async () => {
    server([
      report({ created: 1, errors: [{ row: 3, fields: { firstName: MSG.firstNameRequired } }] }),
      report({}),
      report({ dryRun: false, applied: true, batchId: 'b1' }),
    ]);
    const { db } = await renderWithRows(<RosterImportPage />, { programs: [programRow('p1')] });
    const user = await readFile();
    expect(await screen.findByText(/This program's last mapping/)).toBeInTheDocument();
    expect(screen.getByLabelText('First name *')).toHaveValue('Given');
    await user.selectOptions(screen.getByLabelText('Last name *'), 'Family');

    await user.click(screen.getByRole('button', { name: 'Check every row' }));
    const errors = await screen.findByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent(`3First nameGiven${MSG.firstNameRequired}`);
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Check every row' }));
    expect(await screen.findByText(/Every row can be imported/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText('Imported: 2 new, 0 updated, 0 unchanged.')).toBeInTheDocument();
    expect(sentForms.map((f) => f.dryRun)).toEqual(['true', 'true', 'false']);
    expect(JSON.parse(String(sentForms[2].mapping))).toEqual({
      firstName: 'Given',
      studentId: 'Code',
      lastName: 'Family',
    });
    db.close();
  });
});
