/**
 * One-tap attempts drawn in the frame of the tap. Storing an attempt on the device is one IndexedDB transaction and a
 * re-read of the screen's rows, tens of milliseconds on a device holding a college; until then each attempt in flight
 * is folded into its skill's summary row by the functions the device's write uses (schema/skill-figures.ts), and its
 * card says "Pending sync" as for any change the server has not acknowledged. The page's tiles count a skill it
 * completes as well. It leaves once the re-read rows hold it (the skill's row, and the tiles' totals when they count
 * this student), or at once when the write failed: the figures go back and the error toast says the attempt was not
 * logged. A property test (attempts-in-flight.test.ts) checks any order of taps, writes and re-reads.
 */
import { useCallback, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';

import {
  applyEntry,
  attemptDeltas,
  entryOf,
  figuresOf,
  type SkillMinimum,
  summaryAfter,
} from '#schema/skill-figures.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { progressKey } from '#web/lib/sync-client.ts';

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
  /** The tiles' totals as read when tapped. */
  totalsBefore: unknown;
  stored: boolean;
}

/** What the device holds as the screen shows it: the student's rows by skill, and the tiles' totals. */
interface Reads {
  studentId: string;
  stored: ReadonlyMap<string, ProgressRow>;
  totals: unknown;
  /** Whether this student's skills count in the totals. */
  counted: boolean;
}

/** The screen's rows already hold it: stored on the device, and the skill's row read again since. */
const held = (a: InFlight, { stored }: Reads) => a.stored && stored.get(a.skillId) !== a.before;
/** The tiles' totals already hold it (or do not count it). */
const heldByTotals = (a: InFlight, { studentId, totals, counted }: Reads) =>
  a.studentId !== studentId || !counted || (a.stored && totals !== a.totalsBefore);
const shownFor = (a: InFlight, reads: Reads) => a.studentId === reads.studentId && !held(a, reads);

/**
 * Drops the attempts the rows now hold (and those stored for a student no longer shown). A row read before an
 * attempt's write was stored cannot hold it, so each attempt still being written is compared with the latest row: a
 * second tap on the same skill is not taken for held when the first one's row arrives. The same list when nothing
 * changes, so the screen does not draw again.
 */
function settle(list: InFlight[], reads: Reads) {
  const next = list
    .filter((a) => !a.stored || shownFor(a, reads) || !heldByTotals(a, reads))
    .map((a) =>
      a.stored
        ? a
        : {
            ...a,
            before: a.studentId === reads.studentId ? reads.stored.get(a.skillId) : a.before,
            totalsBefore: reads.totals,
          },
    );
  return next.length === list.length &&
    next.every((a, i) => a.before === list[i].before && a.totalsBefore === list[i].totalsBefore)
    ? list
    : next;
}

const completedIn = (row: ProgressRow | undefined) => (row?.status === 'completed' ? 1 : 0);

const entryOfTap = (a: AttemptTap) => ({ ...entryOf({ ...attemptDeltas(a.outcome), ...a }), verified: a.verified });

function withAttempt(row: ProgressRow | undefined, a: AttemptTap, minimum: SkillMinimum): ProgressRow {
  const figures = applyEntry(figuresOf(row), entryOfTap(a));
  return { ...row, studentId: a.studentId, skillId: a.skillId, ...summaryAfter(row, figures, minimum) } as ProgressRow;
}

/**
 * The skills that attempts the tiles' totals do not hold yet complete: each skill's row as shown, less those attempts.
 * Worked out from the rows at every draw, not per attempt when tapped: an earlier attempt refused changes what a later
 * one completes.
 */
function completedBeyond(
  bySkill: ReadonlyMap<string, ProgressRow>,
  attempts: InFlight[],
  minimumOf: (skillId: string) => SkillMinimum,
) {
  let completed = 0;
  for (const skillId of new Set(attempts.map((a) => a.skillId))) {
    const row = bySkill.get(skillId);
    let figures = figuresOf(row);
    for (const a of attempts) if (a.skillId === skillId) figures = applyEntry(figures, entryOfTap(a), -1);
    completed += completedIn(row) - (summaryAfter(row, figures, minimumOf(skillId)).status === 'completed' ? 1 : 0);
  }
  return completed;
}

/**
 * `stored` is one student's summary rows by skill as the device holds them; the answer adds the attempts in flight.
 * `tiles` is the page's totals as read (any object) and whether this student's skills count in them; the answer's
 * `completedInTiles` is the skills the attempts in flight complete there. `track` draws an attempt before its write
 * begins and follows the write (its promise answers the id, or null when nothing was stored).
 */
export function useAttemptsInFlight(
  studentId: string,
  stored: ReadonlyMap<string, ProgressRow>,
  minimumOf: (skillId: string) => SkillMinimum,
  tiles: { totals: unknown; counted: boolean } = NO_TILES,
) {
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const reads: Reads = useMemo(
    () => ({ studentId, stored, totals: tiles.totals, counted: tiles.counted }),
    [studentId, stored, tiles.totals, tiles.counted],
  );
  const shown = useMemo(() => inFlight.filter((a) => shownFor(a, reads)), [inFlight, reads]);
  const bySkill = useMemo(() => {
    if (shown.length === 0) return stored;
    const rows = new Map(stored);
    for (const a of shown) rows.set(a.skillId, withAttempt(rows.get(a.skillId), a, minimumOf(a.skillId)));
    return rows;
  }, [shown, stored, minimumOf]);
  const keys = useMemo(() => new Set(shown.map((a) => progressKey(a.studentId, a.skillId))), [shown]);

  const completedInTiles = useMemo(
    () =>
      completedBeyond(
        bySkill,
        inFlight.filter((a) => !heldByTotals(a, reads)),
        minimumOf,
      ),
    [bySkill, inFlight, reads, minimumOf],
  );

  // each read settles the list, as React advises for state that follows a prop
  const [settledFor, setSettledFor] = useState(reads);
  if (settledFor !== reads) {
    setSettledFor(reads);
    setInFlight((list) => settle(list, reads));
  }

  const track = useCallback(
    (tap: AttemptTap, write: () => Promise<string | null>) => {
      const entry = { ...tap, before: stored.get(tap.skillId), totalsBefore: tiles.totals, stored: false };
      flushSync(() => setInFlight((list) => [...list, entry]));
      void write().then((id) =>
        setInFlight((list) =>
          id ? list.map((a) => (a.id === tap.id ? { ...a, stored: true } : a)) : list.filter((a) => a.id !== tap.id),
        ),
      );
    },
    [stored, tiles.totals],
  );

  return { bySkill, inFlightKeys: keys, completedInTiles, track };
}

const NO_TILES = { totals: null, counted: false };
