/**
 * The tracker's Auto-refresh switch (spec: on at first; while on, the data refreshes every 30 s). The device already
 * pulls every 30 s (sync/client/triggers.ts), so on is that; off holds those timed pulls while the tracker is open.
 * Writes are still sent and coming online still syncs.
 */
import { useEffect } from 'react';

import { useSync } from '#web/lib/sync.tsx';

export function useAutoRefresh(on: boolean) {
  const { engine } = useSync();
  useEffect(() => (on ? undefined : engine.holdTimedPulls()), [on, engine]);
}
