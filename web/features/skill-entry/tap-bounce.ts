/**
 * A finger that bounces on glass, or a shaky glove, lands a second tap on the same button tens of milliseconds after
 * the first (7 ms was seen on a phone); a person tapping twice on purpose needs about a third of a second to lift and
 * tap again. So a second tap on the same button within this window is the same tap.
 */
export const TAP_BOUNCE_MS = 300;

/**
 * Says whether a tap on the button named `key` at `now` (ms) is a new one: false within TAP_BOUNCE_MS of the last tap
 * that counted on that button. Measured from the counted tap, so a third deliberate tap is never swallowed by a bounce.
 */
export function tapBounceFilter(windowMs = TAP_BOUNCE_MS) {
  const counted = new Map<string, number>();
  return (key: string, now: number) => {
    const last = counted.get(key);
    if (last !== undefined && now - last < windowMs) return false;
    counted.set(key, now);
    return true;
  };
}
