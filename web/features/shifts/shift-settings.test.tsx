// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SHIFT_MSG } from '#schema/messages.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import type { SyncEngine } from '#web/lib/sync-client.ts';
import { programRow, studentRow } from '#web/lib/testing/test-rows.ts';
import { renderWithRows, siteRow } from '#web/lib/testing/test-sync.tsx';

import { CredentialsDialog } from './credentials-dialog.tsx';
import { ClockWindowDialog, SiteLocationDialog } from './shift-settings.tsx';

const opened: { db: TrainingDb; engine: SyncEngine }[] = [];
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  // a saved setting syncs after it; let that finish before the database goes
  for (const { db, engine } of opened.splice(0)) {
    await engine.sync();
    await db.delete();
  }
});

/** The server answers every write with `{}`; the calls are returned to look at. */
function server() {
  const fetchMock = vi.fn((_path: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('shift settings', () => {
  it("the clock-in window shows the program's current window and saves the edited one", async () => {
    const calls = server();
    const onClose = vi.fn();
    const r = await renderWithRows(<ClockWindowDialog onClose={onClose} />, {
      programs: [programRow('p1', { name: 'Paramedic', clockEarlyMinutes: 10, clockLateMinutes: 5 })],
    });
    opened.push(r);
    const early = await screen.findByLabelText('Minutes early');
    await waitFor(() => expect(early).toHaveValue(10));
    expect(screen.getByLabelText('Minutes late')).toHaveValue(5);
    await userEvent.clear(early);
    await userEvent.type(early, '300');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SHIFT_MSG.windowRange)).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^Minutes early/));
    await userEvent.type(screen.getByLabelText(/^Minutes early/), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [path, init] = calls.mock.calls.find(([p]) => String(p).includes('clock-window'))!;
    expect(path).toBe('/api/programs/p1/clock-window');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ clockEarlyMinutes: 20, clockLateMinutes: 5 });
  });

  it("a site's location needs latitude, longitude and radius, and is sent as numbers", async () => {
    const calls = server();
    const r = await renderWithRows(<SiteLocationDialog onClose={() => {}} />, {
      clinicalSites: [siteRow('site-1', { name: 'Mercy General' })],
    });
    opened.push(r);
    // the sites fill the list from the device's rows as they load
    await screen.findByRole('option', { name: 'Mercy General' });
    await userEvent.selectOptions(screen.getByLabelText('Clinical site'), 'site-1');
    await waitFor(() => expect(screen.getByLabelText('Radius (metres)')).toHaveValue(200));
    await userEvent.type(screen.getByLabelText('Latitude'), '30.2672');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SHIFT_MSG.longitudeRange)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Longitude/), '-97.7431');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.mock.calls.some(([p]) => String(p).includes('/location'))).toBe(true));
    const [, init] = calls.mock.calls.find(([p]) => String(p).includes('/location'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ latitude: 30.2672, longitude: -97.7431, radiusMeters: 200 });
  });
});

describe('compliance records', () => {
  it("lists the student's records with their expiry and records a new one", async () => {
    const calls = server();
    const r = await renderWithRows(<CredentialsDialog onClose={() => {}} />, {
      students: [studentRow('s1', { firstName: 'Ana', lastName: 'Ruiz' })],
      studentCredentials: [
        {
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          version: 1,
          id: 'c1',
          studentId: 's1',
          kind: 'immunization',
          expiresOn: '2020-01-31',
          notes: null,
          recordedBy: 'u1',
        },
      ],
    });
    opened.push(r);
    // the lists fill from the device's rows as they load
    await screen.findByRole('option', { name: /Ana/ });
    await userEvent.selectOptions(screen.getByLabelText('Student'), 's1');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Records on file' })).toHaveTextContent(
        'ImmunizationExpired 2020-01-31',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText(SHIFT_MSG.credentialKindRequired)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Record/ }), 'immunization');
    await userEvent.type(screen.getByLabelText('Expires on (blank: never)'), '2027-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(calls.mock.calls.some(([p]) => p === '/api/student-credentials')).toBe(true));
    const [, init] = calls.mock.calls.find(([p]) => p === '/api/student-credentials')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      studentId: 's1',
      kind: 'immunization',
      expiresOn: '2027-12-31',
    });
  });
});
