/**
 * One-tap attempts drawn in the frame of the tap. Storing an attempt on the device is one IndexedDB transaction and a
 * re-read of the screen's rows, tens of milliseconds on a device holding a college; until then each attempt in flight
 * is folded into its skill's summary row by the functions the device's write uses (schema/skill-figures.ts), and its
 * card says "Pending sync" as for any change the server has not acknowledged. It leaves once the re-read rows hold
 * it, or at once when the write failed: the figures go back and the error toast says the attempt was not logged.
 */
import { useCallback, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DomainRows } from '../../../sync/client/db.ts';
import {
  applyEntry,
  attemptDeltas,
  entryOf,
  figuresOf,
  summaryAfter,
  type SkillMinimum,
} from '../../../schema/skill-figures.ts';
import { progressKey } from '../../lib/sync-client.ts';

type ProgressRow = DomainRows['studentSkills'];

export interface AttemptTap {
  id: string;
  studentId: string;
  skillId: string;
  outcome: string;
  setting: string | null;
  participation?: string | null;
  attemptedAt: string;
  /** Whether it counts at once: staff's attempts do, a student's own wait for a preceptor's word. */
  verified: boolean;
}

interface InFlight extends AttemptTap {
  /** The skill's stored row when tapped: a row read since is another object. */
  before: ProgressRow | undefined;
  stored: boolean;
}

/** The screen's rows already hold it: stored on the device, and the skill's row read again since. */
const held = (a: InFlight, stored: ReadonlyMap<string, ProgressRow>) => a.stored && stored.get(a.skillId) !== a.before;

/**
 * Drops the attempts the rows now hold (and those stored for a student no longer shown). A row read before an
 * attempt's write was stored cannot hold it, so each attempt still being written is compared with the latest row: a
 * second tap on the same skill is not taken for held when the first one's row arrives. The same list when nothing
 * changes, so the screen does not draw again.
 */
function settle(list: InFlight[], studentId: string, stored: ReadonlyMap<string, ProgressRow>) {
  const next = list
    .filter((a) => !a.stored || (a.studentId === studentId && !held(a, stored)))
    .map((a) => (a.stored || a.studentId !== studentId ? a : { ...a, before: stored.get(a.skillId) }));
  return next.length === list.length && next.every((a, i) => a === list[i] || a.before === list[i].before)
    ? list
    : next;
}

function withAttempt(row: ProgressRow | undefined, a: AttemptTap, minimum: SkillMinimum): ProgressRow {
  const entry = { ...entryOf({ ...attemptDeltas(a.outcome), ...a }), verified: a.verified };
  const figures = applyEntry(figuresOf(row), entry);
  return { ...row, studentId: a.studentId, skillId: a.skillId, ...summaryAfter(row, figures, minimum) } as ProgressRow;
}

/**
 * `stored` is one student's summary rows by skill as the device holds them; the answer adds the attempts in flight.
 * `track` draws an attempt before its write begins and follows the write (its promise answers the id, or null when
 * nothing was stored).
 */
export function useAttemptsInFlight(
  studentId: string,
  stored: ReadonlyMap<string, ProgressRow>,
  minimumOf: (skillId: string) => SkillMinimum,
) {
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const shown = useMemo(
    () => inFlight.filter((a) => a.studentId === studentId && !held(a, stored)),
    [inFlight, studentId, stored],
  );
  const bySkill = useMemo(() => {
    if (shown.length === 0) return stored;
    const rows = new Map(stored);
    for (const a of shown) rows.set(a.skillId, withAttempt(rows.get(a.skillId), a, minimumOf(a.skillId)));
    return rows;
  }, [shown, stored, minimumOf]);
  const keys = useMemo(() => new Set(shown.map((a) => progressKey(a.studentId, a.skillId))), [shown]);

  // each read of the rows settles the list, as React advises for state that follows a prop
  const [settledFor, setSettledFor] = useState({ studentId, stored });
  if (settledFor.studentId !== studentId || settledFor.stored !== stored) {
    setSettledFor({ studentId, stored });
    setInFlight((list) => settle(list, studentId, stored));
  }

  const track = useCallback(
    (tap: AttemptTap, write: () => Promise<string | null>) => {
      const before = stored.get(tap.skillId);
      flushSync(() => setInFlight((list) => [...list, { ...tap, before, stored: false }]));
      void write().then((id) =>
        setInFlight((list) =>
          id ? list.map((a) => (a.id === tap.id ? { ...a, stored: true } : a)) : list.filter((a) => a.id !== tap.id),
        ),
      );
    },
    [stored],
  );

  return { bySkill, inFlightKeys: keys, track };
}
