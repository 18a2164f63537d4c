// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrainingDb } from '../../../sync/client/db.ts';
import { SyncEngine } from '../../../sync/client/engine.ts';
import { SyncValueProvider } from '../../lib/sync.tsx';
import { AUTO_REFRESH_MS, useAutoRefresh } from './auto-refresh.ts';

let db: TrainingDb;
let engine: SyncEngine;

beforeEach(() => {
  vi.useFakeTimers();
  db = new TrainingDb(`auto-refresh-${crypto.randomUUID()}`);
  engine = new SyncEngine({ db, userId: 'user-1', autoRetry: false });
  vi.spyOn(engine, 'sync').mockResolvedValue('in-sync');
});
afterEach(async () => {
  vi.useRealTimers();
  await db.delete();
});

const wrapper = ({ children }: { children: ReactNode }) => <SyncValueProvider value={{ db, engine }}>{children}</SyncValueProvider>;

describe('auto-refresh', () => {
  it('syncs every 30 seconds while on and stops when turned off', () => {
    const { rerender, unmount } = renderHook(({ on }) => useAutoRefresh(on), { wrapper, initialProps: { on: true } });
    vi.advanceTimersByTime(AUTO_REFRESH_MS - 1);
    expect(engine.sync).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(engine.sync).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AUTO_REFRESH_MS);
    expect(engine.sync).toHaveBeenCalledTimes(2);

    rerender({ on: false });
    vi.advanceTimersByTime(AUTO_REFRESH_MS * 3);
    expect(engine.sync).toHaveBeenCalledTimes(2);

    rerender({ on: true });
    vi.advanceTimersByTime(AUTO_REFRESH_MS);
    expect(engine.sync).toHaveBeenCalledTimes(3);
    unmount();
    vi.advanceTimersByTime(AUTO_REFRESH_MS);
    expect(engine.sync).toHaveBeenCalledTimes(3);
  });
});
