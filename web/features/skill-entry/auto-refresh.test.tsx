// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SyncValueProvider } from '#web/lib/sync.tsx';
import {
  FOREGROUND_PULL_MS,
  startSyncTriggers,
  SyncEngine,
  TrainingDb,
  type TriggerEnv,
} from '#web/lib/sync-client.ts';

import { useAutoRefresh } from './auto-refresh.ts';

let db: TrainingDb;
let engine: SyncEngine;
let stopTriggers: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  db = new TrainingDb(`auto-refresh-${crypto.randomUUID()}`);
  engine = new SyncEngine({ db, userId: 'user-1', autoRetry: false });
  vi.spyOn(engine, 'sync').mockResolvedValue('in-sync');
  // the app's own triggers, on this page's window and the faked clock
  const env: TriggerEnv = { window, document, setInterval, clearInterval, setTimeout, clearTimeout };
  stopTriggers = startSyncTriggers(engine, env);
  vi.mocked(engine.sync).mockClear();
});
afterEach(async () => {
  stopTriggers();
  vi.useRealTimers();
  await db.delete();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SyncValueProvider value={{ db, engine }}>{children}</SyncValueProvider>
);

describe('auto-refresh', () => {
  it('syncs once every 30 seconds while on; off, the timed syncs stop until it is on again or the tracker closes', () => {
    const { rerender, unmount } = renderHook(({ on }) => useAutoRefresh(on), { wrapper, initialProps: { on: true } });
    vi.advanceTimersByTime(FOREGROUND_PULL_MS - 1);
    expect(engine.sync).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(engine.sync).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FOREGROUND_PULL_MS);
    expect(engine.sync).toHaveBeenCalledTimes(2);

    rerender({ on: false });
    vi.advanceTimersByTime(FOREGROUND_PULL_MS * 3);
    expect(engine.sync).toHaveBeenCalledTimes(2);

    rerender({ on: true });
    vi.advanceTimersByTime(FOREGROUND_PULL_MS);
    expect(engine.sync).toHaveBeenCalledTimes(3);

    rerender({ on: false });
    unmount();
    vi.advanceTimersByTime(FOREGROUND_PULL_MS);
    expect(engine.sync).toHaveBeenCalledTimes(4);
  });
});
