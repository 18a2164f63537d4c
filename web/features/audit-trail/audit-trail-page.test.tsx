// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AuditEntry } from '#schema/audit.ts';
import { renderWithRows } from '#web/lib/testing/test-sync.tsx';

import { AuditTrailPage } from './audit-trail-page.tsx';

const signedIn = vi.hoisted(() => ({ role: 'director' }));
vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'd1', email: 'd@demo.test', firstName: 'Dana', lastName: 'Director', role: signedIn.role },
    fromCache: false,
  }),
}));

const entry = (id: string, recordId: string): AuditEntry => ({
  id,
  at: '2026-03-01T10:00:00.000Z',
  actorId: 'd1',
  actorName: 'Dana Director',
  command: 'updateStudent',
  table: 'students',
  recordId,
  action: 'update',
  changes: {},
});
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signedIn.role = 'director';
});

describe('audit trail: who may read it', () => {
  it('tells an instructor it is for directors and administrators, without asking the server', async () => {
    signedIn.role = 'instructor';
    const fetch = vi.fn(() => Promise.resolve(answer({ entries: [], nextBefore: null })));
    vi.stubGlobal('fetch', fetch);
    const { db } = await renderWithRows(<AuditTrailPage />, {});
    expect(await screen.findByText('Only directors and administrators can read the audit trail.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    db.close();
  });
});

describe('audit trail: loading older changes', () => {
  it('says why older changes could not load, and keeps the changes already shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('before=')
          ? Promise.resolve(answer({ error: 'The server is busy. Try again shortly.' }, 503))
          : Promise.resolve(
              answer({
                entries: [entry('2026-03-01T10:00:00.000Z~0~5', 'first-record')],
                nextBefore: '2026-03-01T10:00:00.000Z~0~5',
              }),
            ),
      ),
    );
    const { db } = await renderWithRows(<AuditTrailPage />, {});
    await userEvent.click(await screen.findByRole('button', { name: 'Load older changes' }));
    expect(await screen.findByText('Unable to load older changes')).toBeInTheDocument();
    expect(screen.getByText('The server is busy. Try again shortly.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /record first-re/ })).toBeInTheDocument();
    db.close();
  });

  it('offline, says the audit trail needs the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('before=')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(
              answer({
                entries: [entry('2026-03-01T10:00:00.000Z~0~5', 'first-record')],
                nextBefore: '2026-03-01T10:00:00.000Z~0~5',
              }),
            ),
      ),
    );
    const { db } = await renderWithRows(<AuditTrailPage />, {});
    await userEvent.click(await screen.findByRole('button', { name: 'Load older changes' }));
    expect(await screen.findByText('The audit trail needs a connection to the server.')).toBeInTheDocument();
    db.close();
  });
});
