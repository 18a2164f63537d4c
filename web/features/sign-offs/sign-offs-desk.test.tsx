// @vitest-environment happy-dom
/**
 * The verification queue's site filter on a desk device, which holds the attempts (and so their sites) of the students
 * it opened only: it never answers "none match" for a student whose attempts have not come, and once they have it
 * lists what a device holding every record lists.
 */
import '@testing-library/jest-dom/vitest';

import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { SyncEngine } from '#sync/client/engine.ts';
import { signOffRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, siteRow, type TrainingDb } from '#web/lib/testing/test-sync.tsx';

import { SignOffs } from './sign-offs-page.tsx';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'cc-1', email: 'cc@x.org', firstName: 'Cam', lastName: 'Coordinator', role: 'clinical_coordinator' },
    fromCache: false,
  }),
}));

const stamp = { createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', version: 1 };
const heldAttempt = {
  ...stamp,
  id: 'a-held',
  studentId: 'st1',
  skillId: 'iv',
  kind: 'attempt',
  attemptedAt: '2026-11-20T14:00:00.000Z',
  setting: 'clinical',
  outcome: 'successful',
  participation: 'performed',
  attemptsDelta: 1,
  successfulDelta: 1,
  patientContactId: null,
  clinicalSiteId: 'site-1',
  notes: null,
  recordedBy: 'user-1',
  verifiedBy: null,
  verifiedAt: null,
} as DomainRows['skillAttempts'];

let db: TrainingDb | undefined;
let engine: SyncEngine | undefined;
beforeEach(() => {
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
});
afterEach(async () => {
  // the sync the opening started (refused: no signal) ends before the database goes
  await engine?.sync();
  cleanup();
  await db?.delete();
});

describe('the sign-off queue filtered by site, on a desk device', () => {
  it('waits for the attempts of students not opened, then lists what a full device lists', async () => {
    const user = userEvent.setup();
    // st1's sign-off names an attempt at site-1; the device has not fetched st1's attempts (the cookie opens no one)
    ({ db, engine } = await renderWithRows(
      <SignOffs role="clinical_coordinator" userId="cc-1" email="cc@x.org" />,
      {
        students: [studentRow('st1', { firstName: 'Ana', lastName: 'Diaz' })],
        clinicalSites: [siteRow('site-1', { name: 'St. Mary Regional' })],
        signOffs: [signOffRow('s-held')],
      },
      { cookie: { version: 1, epoch: 'e' } },
    ));
    await screen.findByRole('option', { name: 'St. Mary Regional' });
    await user.selectOptions(screen.getByLabelText('Site'), 'site-1');
    expect(await screen.findByText(MSG.studentsNotOnDeviceYet)).toBeInTheDocument();
    expect(screen.queryByText('None match these filters')).toBeNull();

    // the next sync brings st1's attempts, as a device holding every record has them
    await db.transaction('rw', db.tables, async () => {
      await db!.rows('skillAttempts').put(heldAttempt);
      await db!.setMeta('cookie', { version: 2, epoch: 'e', opened: ['st1'] });
    });
    expect(await screen.findByRole('article', { name: 'Sign-off of Ana Diaz by Lee Park' })).toBeInTheDocument();
  });
});
