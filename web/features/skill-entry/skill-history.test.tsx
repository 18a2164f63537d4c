// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AssessmentChange } from '#schema/assessment-fields.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { SyncValueProvider } from '#web/lib/sync.tsx';
import { SyncEngine, TrainingDb } from '#web/lib/sync-client.ts';

import { SkillHistory } from './skill-history.tsx';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: { id: 'user-1', role: 'instructor' }, fromCache: false }),
}));

const at = '2026-03-05T15:30:00.000Z';
const CHANGES: AssessmentChange[] = [
  { at, byName: 'Pat Nguyen', field: 'statusOverride', before: null, after: 'completed' },
  { at, byName: 'Pat Nguyen', field: 'nextAssessmentDate', before: null, after: '2026-04-01' },
  { at, byName: 'Irene Okafor', field: 'progressOverride', before: 40, after: null },
  { at, byName: 'Irene Okafor', field: 'notes', before: 'Good seal', after: 'Needs coaching', superseded: true },
];
let db: TrainingDb;

/** The server: the history under /api; any other path is the app's page, as the server answers unknown paths. */
function server(url: string) {
  if (url === '/api/student-skills/history?studentId=student-1&skillId=skill-1')
    return new Response(JSON.stringify(CHANGES), { headers: { 'content-type': 'application/json' } });
  return new Response('<!doctype html><html></html>', { headers: { 'content-type': 'text/html' } });
}

beforeEach(() => {
  db = new TrainingDb(`skill-history-${crypto.randomUUID()}`);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => server(url)),
  );
  const engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError('offline')),
  });
  render(
    <SyncValueProvider value={{ db, engine }}>
      <SkillHistory pair={{ studentId: 'student-1', skillId: 'skill-1' }} />
    </SyncValueProvider>,
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await db.delete();
});

describe('a skill history online', () => {
  it("lists every judgement change from the server's history, each value as the form shows it", async () => {
    const changes = within(await screen.findByRole('region', { name: 'Assessment changes' }));
    const when = formatDateTime(at);
    expect(await changes.findByText(`Status: Completed · Pat Nguyen, ${when}`)).toBeInTheDocument();
    expect(changes.getByText(`Next Assessment Date: Apr 1, 2026 · Pat Nguyen, ${when}`)).toBeInTheDocument();
    expect(changes.getByText(`Progress %: cleared · Irene Okafor, ${when}`)).toBeInTheDocument();
    expect(changes.queryByText(/every change shows when online/)).not.toBeInTheDocument();
  });

  it('lists an offline save that lost to a later one with what its user typed, marked superseded', async () => {
    const changes = within(await screen.findByRole('region', { name: 'Assessment changes' }));
    const item = (await changes.findByText(/Notes: Needs coaching · Irene Okafor/)).closest('li');
    expect(item).toHaveTextContent('Superseded: a later change stands');
    expect(changes.getByText(/Status: Completed/).closest('li')).not.toHaveTextContent('Superseded');
  });
});
