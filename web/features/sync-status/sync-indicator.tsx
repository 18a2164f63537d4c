import { useEffect, useState } from 'react';

import { formatCount, formatTime } from '#web/lib/format.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import { useOfflineReadiness } from '#web/lib/offline-readiness.ts';
import { useSync } from '#web/lib/sync.tsx';
import { receivedPercent, type SyncOverview, syncOverview } from '#web/lib/sync-client.ts';
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';

function useOnline() {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

// only shown when something was refused: loaded then, not with the first screen
const NeedsAttention = lazyPart(
  () => import('./needs-attention.tsx'),
  (m) => m.NeedsAttention,
  'The list of changes needing attention',
);

/** Whether this device can work with no signal yet: until then a screen not opened before may not load. */
function OfflineReadiness({ online }: { online: boolean }) {
  const readiness = useOfflineReadiness();
  if (readiness.state === 'unavailable') return null;
  // with no signal the app is already working offline: "Offline" says it, and "Ready offline" beside it would jar
  if (readiness.state === 'ready')
    return online ? (
      <span data-testid="offline-readiness" className="text-green-900">
        Ready offline
      </span>
    ) : null;
  const field = readiness.fieldScreens;
  const text = online
    ? `${field ? 'Field screens ready offline · preparing the rest' : 'Preparing offline use…'} ${readiness.percent} %`
    : field
      ? 'Field screens work offline; other screens need a connection the first time'
      : 'Not ready offline yet: screens not opened before need a connection';
  return (
    <span data-testid="offline-readiness" className="text-amber-900">
      {text}
    </span>
  );
}

/**
 * A first sync in pages: how much of the user's records this device holds so far. Screens show that part already;
 * once the sync has stopped short (no signal), the row says first that their figures count only that part (a phone
 * shows the row's start), so a tile reading 0 students is not taken for the program's figure.
 */
function FirstSyncProgress({ received, total, stopped }: NonNullable<SyncOverview['firstSync']>) {
  const percent = receivedPercent({ received, total });
  return (
    <span data-testid="first-sync" className={stopped ? 'text-amber-900' : 'text-slate-700'}>
      <label>
        {stopped ? `Figures partial: ${percent} % of records downloaded` : `Downloading records ${percent} %`}{' '}
        <progress className="h-2 w-16 align-middle" value={received} max={Math.max(total, 1)} />
      </label>{' '}
      <span className={stopped ? undefined : 'text-slate-500'}>
        ({formatCount(received)} of {formatCount(total)})
      </span>
    </span>
  );
}

/**
 * Online or offline, how many changes wait to be sent (and why, when the server asked to wait), when the device last
 * synced, and rejected changes. The online chip shows from the first frame, and on a phone the row stays one line
 * (swiped sideways when it is long), so the header keeps its height as the figures change and nothing below it moves
 * under a tap. What needs the user comes first.
 */
export function SyncIndicator() {
  const { db } = useSync();
  const online = useOnline();
  const overview = useLiveQuery(() => syncOverview(db), [db]);
  return (
    <div
      role="status"
      aria-label="Sync status"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- on a phone the row scrolls sideways when long, and a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="flex max-w-full min-w-0 items-center gap-x-1.5 overflow-x-auto scroll-cue [--cue-bg:#fff] text-[13px] whitespace-nowrap md:text-sm [scrollbar-width:none] md:flex-wrap md:whitespace-normal"
    >
      <span
        className={`rounded-full px-2 py-1 font-medium ${online ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
      >
        {online ? 'Online' : 'Offline'}
      </span>
      {overview && <SyncFigures online={online} overview={overview} />}
    </div>
  );
}

function SyncFigures({ online, overview }: { online: boolean; overview: SyncOverview }) {
  return (
    <>
      {overview.needsAttention > 0 && <NeedsAttention count={overview.needsAttention} />}
      <OfflineReadiness online={online} />
      {overview.firstSync && <FirstSyncProgress {...overview.firstSync} />}
      <span data-testid="pending-count" className="text-slate-700">
        {overview.pending === 0 ? 'All changes saved' : `${overview.pending} pending`}
      </span>
      {overview.phase === 'paused' && <span className="text-slate-700">{overview.error}</span>}
      {overview.lastSyncedAt && <span className="text-slate-500">Synced {formatTime(overview.lastSyncedAt)}</span>}
    </>
  );
}
