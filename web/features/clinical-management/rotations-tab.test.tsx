// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { localDay } from '#schema/dates.ts';
import type { TrainingDb } from '#web/lib/sync-client.ts';
import { bookingRow, shiftRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, siteRow } from '#web/lib/testing/test-sync.tsx';

import { ClinicalManagementPage } from './clinical-management-page.tsx';

vi.mock('#web/lib/session.tsx', async (original) => ({
  ...(await original<typeof import('#web/lib/session.tsx')>()),
  useSession: () => ({
    status: 'signed-in',
    user: { id: 'user-1', email: 'c@demo.test', firstName: 'Casey', lastName: 'Cole', role: 'clinical_coordinator' },
    fromCache: false,
  }),
}));

let db: TrainingDb | undefined;
afterEach(async () => {
  cleanup();
  await db?.delete();
});

describe('Clinical Management: rotations are booked shifts', () => {
  it("the tile counts today's booked clinical and field shifts, and the tab lists them with those to come", async () => {
    const today = localDay(new Date());
    // booked today on the board (Ana) and from an approved request (Ben); a lab today and a dropped one count nowhere
    ({ db } = await renderWithRows(<ClinicalManagementPage tab="rotations" onTabChange={() => {}} />, {
      clinicalSites: [siteRow('site-1', { name: 'Mercy General' })],
      students: [
        studentRow('s1', { firstName: 'Ana', lastName: 'Diaz' }),
        studentRow('s2', { firstName: 'Ben', lastName: 'Okafor' }),
      ],
      shifts: [
        shiftRow('board', { date: today, unit: 'ED', slots: 2 }),
        shiftRow('request', { date: today, type: 'field', unit: 'Medic 4', notes: 'From an approved request' }),
        shiftRow('lab', { date: today, type: 'lab', unit: 'Skills lab' }),
        shiftRow('next-week', { unit: 'ICU' }),
      ],
      shiftBookings: [
        bookingRow('b1', 'board', 's1'),
        bookingRow('b2', 'request', 's2'),
        bookingRow('b3', 'lab', 's1'),
        bookingRow('b4', 'next-week', 's2'),
      ],
    }));
    const tile = (await screen.findByText('Active Rotations')).parentElement!;
    expect(tile).toHaveTextContent('2');
    const cards = within(await screen.findByRole('list', { name: 'Rotations' })).getAllByRole('listitem');
    expect(cards.map((c) => [c.textContent!.includes('Active') ? 'active' : 'upcoming', c.textContent])).toEqual([
      ['active', expect.stringMatching(/Ana Diaz.*Clinical · ED · 12 hours/)],
      ['active', expect.stringMatching(/Ben Okafor.*Field · Medic 4 · 12 hours/)],
      ['upcoming', expect.stringMatching(/Ben Okafor.*Clinical · ICU · 12 hours/)],
    ]);
  });
});
