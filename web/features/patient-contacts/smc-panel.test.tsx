// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { addUpHours } from '#schema/student-summary.ts';
import type { DomainRows } from '#web/lib/sync-client.ts';
import { hoursRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, type TrainingDb } from '#web/lib/testing/test-sync.tsx';

import { SmcPanel } from './smc-panel.tsx';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({ status: 'signed-in', user: { id: 'student-user', role: 'student' }, fromCache: false }),
}));

let db: TrainingDb;
afterEach(async () => {
  cleanup();
  await db.delete();
});

const stamp = { createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', version: 1 };
const contact = (id: string, verifiedBy: string | null) =>
  ({
    ...stamp,
    id,
    studentId: 's1',
    date: '2026-11-20',
    setting: 'field',
    clinicalSiteId: null,
    ageYears: 54,
    ageMonths: 0,
    gender: 'female',
    chiefComplaints: ['Chest pain'],
    primaryImpression: 'ACS',
    secondaryImpression: null,
    teamLead: true,
    careLevel: 'als',
    disposition: 'transported',
    notes: null,
    recordedBy: 'student-user',
    verifiedBy,
    verifiedAt: verifiedBy && stamp.createdAt,
    smcItem: null,
  }) as DomainRows['patientContacts'];

describe('the EMS contacts and hours panel', () => {
  it("counts verified contacts and hours only, and shows the student's own awaiting verification apart", async () => {
    const hours = [
      hoursRow('h1', 's1', { hoursCompleted: 6 }),
      hoursRow('h2', 's1', { hoursCompleted: 2.5, hourType: 'field', verifiedBy: null, verifiedAt: null }),
      // held only by a sign-off staff rejected: awaiting nobody
      hoursRow('h3', 's1', { hoursCompleted: 4, verifiedBy: null, verifiedAt: null, refusedBy: 'sign-off:s8' }),
    ];
    ({ db } = await renderWithRows(<SmcPanel studentId="s1" hours={addUpHours(hours)} requiredHours={100} />, {
      students: [studentRow('s1', { userId: 'student-user' })],
      patientContacts: [contact('c1', 'sign-off:s9'), contact('c2', null), contact('c3', null)],
      clinicalHours: hours,
    }));
    expect(await screen.findByText(/1 patient contact ·/)).toHaveTextContent(
      '1 patient contact · 6 of 100 hours (6 clinical, 0 field)',
    );
    expect(screen.getByText('2 patient contacts and 2.5 h awaiting verification')).toBeVisible();
    expect(screen.getByText('4 h not verified: refused, sign them off again')).toBeVisible();
    const leads = screen.getByRole('group', { name: 'Team leads' });
    expect(within(leads).getByText('Team lead').nextSibling).toHaveTextContent('1 of 20');
    const adults = within(screen.getByRole('group', { name: 'By age' })).getByText('Adult');
    expect(adults.nextSibling).toHaveTextContent('1 of 60');
  });
});
