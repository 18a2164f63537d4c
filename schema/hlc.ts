/**
 * Hybrid logical clock stamps for judgement fields edited on several devices (a skill's status override, notes, next
 * assessment date). A stamp records when the user saved, not when it reached the server, so the later edit wins even
 * when it syncs first; the counter orders two saves in the same millisecond, the node breaks exact ties.
 * Stamps are fixed-width strings, so comparing them as strings compares them as clocks.
 */
export type Hlc = string;

const MS_WIDTH = 13;
const COUNTER_WIDTH = 5;
/**
 * How far ahead of the server's clock a device's clock may be trusted: a later stamp is taken as this far ahead, and a
 * co-sign code is not checked on a sign-off captured later than this.
 */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;
/** What a stamp looks like (the write schemas check stamps sent by devices against it). */
export const HLC_PATTERN = /^\d{13}-\d{5}-[A-Za-z0-9_-]{1,64}$/;

export const formatHlc = (ms: number, counter: number, node: string): Hlc =>
  `${String(ms).padStart(MS_WIDTH, '0')}-${String(counter).padStart(COUNTER_WIDTH, '0')}-${node}`;

export function parseHlc(stamp: Hlc): { ms: number; counter: number; node: string } {
  const [ms, counter, ...node] = stamp.split('-');
  return { ms: Number(ms), counter: Number(counter), node: node.join('-') };
}

/** When the stamp was made, as an ISO time (for "Jane Smith's change at 10:04 stands"). */
export const hlcTime = (stamp: Hlc) => new Date(parseHlc(stamp).ms).toISOString();

/** A clock for one device (or the server). `now` is injectable for tests. */
export function createHlcClock(node: string, now: () => number = Date.now) {
  let lastMs = 0;
  let counter = 0;
  return {
    /** A stamp later than every stamp this clock has made or seen. */
    tick(): Hlc {
      const wall = now();
      if (wall > lastMs) {
        lastMs = wall;
        counter = 0;
      } else {
        counter += 1;
      }
      return formatHlc(lastMs, counter, node);
    },
    /** Moves the clock past a stamp from elsewhere, so this device's next edit orders after what it has seen. */
    observe(stamp: Hlc) {
      const seen = parseHlc(stamp);
      if (seen.ms > lastMs || (seen.ms === lastMs && seen.counter > counter)) {
        lastMs = seen.ms;
        counter = seen.counter;
      }
    },
  };
}
export type HlcClock = ReturnType<typeof createHlcClock>;
