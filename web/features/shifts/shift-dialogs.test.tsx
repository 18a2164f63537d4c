// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SHIFT_MSG } from '#schema/messages.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import type { SyncEngine } from '#web/lib/sync-client.ts';
import { programRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, siteRow, userRow } from '#web/lib/testing/test-sync.tsx';

import { EditShiftDialog, NewShiftDialog } from './shift-dialogs.tsx';
import { shiftRow } from './shift-rows.test-support.ts';

const opened: { db: TrainingDb; engine: SyncEngine }[] = [];
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  for (const { db, engine } of opened.splice(0)) {
    await engine.sync();
    await db.delete();
  }
});

/** The server answers every write with `{}`; answers the bodies sent to a path that includes `part`. */
function server() {
  const fetchMock = vi.fn((_path: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return (part: string, method: string) =>
    fetchMock.mock.calls
      .filter(([p, init]) => String(p).includes(part) && init?.method === method)
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

const rows = {
  programs: [programRow('p1', { name: 'Paramedic' })],
  clinicalSites: [siteRow('site-1', { name: 'Mercy General' })],
  users: [
    userRow('pre-1', { role: 'preceptor', firstName: 'Pat', lastName: 'Lee' }),
    userRow('pre-2', { role: 'preceptor', firstName: 'Jo', lastName: 'Kim' }),
  ],
};

describe('posting a shift', () => {
  it('sends every field of a shift: site and unit, sign-up window, drop and swap rules, preceptors, compliance', async () => {
    const sent = server();
    const onClose = vi.fn();
    opened.push(await renderWithRows(<NewShiftDialog onClose={onClose} />, rows));
    // the form's lists fill from the device's rows as they load
    await screen.findByRole('option', { name: 'Paramedic' });
    await screen.findByRole('option', { name: 'Mercy General' });
    await screen.findByLabelText('Jo Kim');
    await userEvent.selectOptions(screen.getByLabelText('Program'), 'p1');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'field');
    await userEvent.selectOptions(screen.getByLabelText('Site'), 'site-1');
    await userEvent.type(screen.getByLabelText('Unit or department'), 'Medic 4');
    await userEvent.type(screen.getByLabelText(/^Sign-up opens/), '14');
    await userEvent.clear(screen.getByLabelText(/^Sign-up closes/));
    await userEvent.type(screen.getByLabelText(/^Sign-up closes/), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(SHIFT_MSG.signupOrder)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Sign-up closes/));
    await userEvent.type(screen.getByLabelText(/^Sign-up closes/), '2');
    await userEvent.type(screen.getByLabelText(/^No drops within/), '48');
    await userEvent.click(screen.getByLabelText('Students may offer their place for a swap'));
    await userEvent.click(screen.getByLabelText('Pat Lee'));
    await userEvent.click(screen.getByLabelText('Jo Kim'));
    await userEvent.click(screen.getByLabelText('Immunization'));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('/api/shifts', 'POST')).toEqual([
      expect.objectContaining({
        programId: 'p1',
        type: 'field',
        clinicalSiteId: 'site-1',
        unit: 'Medic 4',
        startTime: '07:00',
        durationMinutes: 720,
        slots: 2,
        signupOpensDaysBefore: 14,
        signupClosesDaysBefore: 2,
        allowDrop: true,
        dropCutoffHours: 48,
        allowSwap: false,
        preceptorIds: ['pre-1', 'pre-2'],
        requiredCredentials: ['immunization'],
      }),
    ]);
  });
});

describe('editing a shift of a series', () => {
  it('"this one and all after" sends only the fields changed, and no date', async () => {
    const sent = server();
    const onClose = vi.fn();
    const shift = shiftRow('s1', { seriesId: 's0', slots: 3, preceptorIds: ['pre-1'] });
    opened.push(await renderWithRows(<EditShiftDialog shiftId="s1" onClose={onClose} />, { ...rows, shifts: [shift] }));
    await waitFor(() => expect(screen.getByLabelText('Slots')).toHaveValue(3));
    expect(await screen.findByLabelText('Pat Lee')).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText('Site')).toHaveValue('site-1'));
    await userEvent.click(screen.getByLabelText('This one and all after'));
    expect(screen.getByLabelText('Date')).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Slots'));
    await userEvent.type(screen.getByLabelText('Slots'), '4');
    await userEvent.click(screen.getByLabelText('Jo Kim'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('/api/shifts/s1', 'PATCH')).toEqual([
      { scope: 'following', changes: { slots: 4, preceptorIds: ['pre-1', 'pre-2'] } },
    ]);
  });
});
