// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { partialRecordsNotice } from '#schema/messages.ts';
import type { Cookie } from '#sync/protocol.ts';

import { useDeviceDownload } from './device-download.ts';
import { SyncValueProvider } from './sync.tsx';
import { SyncEngine, TrainingDb } from './sync-client.ts';
import { toast } from './ui/toasts.tsx';

vi.mock('./ui/toasts.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let db: TrainingDb;
beforeEach(() => {
  db = new TrainingDb(`device-download-${crypto.randomUUID()}`);
  vi.mocked(toast.error).mockClear();
});
afterEach(() => db.delete());

function downloader() {
  const engine = new SyncEngine({
    db,
    userId: 'user-1',
    autoRetry: false,
    fetch: () => Promise.reject(new TypeError()),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SyncValueProvider value={{ db, engine }}>{children}</SyncValueProvider>
  );
  return renderHook(() => useDeviceDownload(), { wrapper }).result.current;
}

const firstSyncAt = (sent: number, total: number): Cookie => ({
  version: 4,
  epoch: 'e',
  snapshot: { table: 'skillAttempts', afterId: 'k', sent, total },
});

it('refuses a report while a first sync has brought only part of the records, and says how much', async () => {
  await db.setMeta('cookie', firstSyncAt(1000, 1702));
  const download = vi.fn();
  expect(await downloader()(download)).toBe(false);
  expect(download).not.toHaveBeenCalled();
  const notice = partialRecordsNotice(58);
  expect(toast.error).toHaveBeenCalledWith(notice.title, { description: notice.text });
  expect(notice.text).toContain('58 % of them are on this device');
});

it('refuses a report on a device that has never received a page', async () => {
  const download = vi.fn();
  expect(await downloader()(download)).toBe(false);
  expect(download).not.toHaveBeenCalled();
  expect(toast.error).toHaveBeenCalledWith(partialRecordsNotice(0).title, expect.anything());
});

it('builds the report once a sync has gone through, and waits for it to finish', async () => {
  await db.setMeta('cookie', { version: 9, epoch: 'e' } satisfies Cookie);
  let built = false;
  const download = vi.fn(async () => {
    await Promise.resolve();
    built = true;
  });
  expect(await downloader()(download)).toBe(true);
  expect(built).toBe(true);
  expect(toast.error).not.toHaveBeenCalled();
});
