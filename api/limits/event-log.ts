/**
 * Times of events per key, in memory, oldest first: what the write quotas and the co-sign lock count. A key keeps
 * only the times inside the longest window it is asked about, so the log never grows past what a limit can see.
 */
import type { QuotaWindow } from '#schema/quotas.ts';

export class EventLog {
  private times = new Map<string, number[]>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Seconds until one more event under `key` fits every window (at most `max` in `seconds`); 0 now. */
  waitFor(key: string, windows: readonly QuotaWindow[]): number {
    const times = this.recent(key, windows);
    let waitMs = 0;
    for (const { max, seconds } of windows) {
      const inWindow = times.filter((at) => at > this.now() - seconds * 1000);
      if (inWindow.length >= max)
        waitMs = Math.max(waitMs, inWindow[inWindow.length - max] + seconds * 1000 - this.now());
    }
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** Records an event under `key`; answers how many the longest window now holds. */
  add(key: string, windows: readonly QuotaWindow[]): number {
    const times = [...this.recent(key, windows), this.now()];
    this.times.set(key, times);
    return times.length;
  }

  private recent(key: string, windows: readonly QuotaWindow[]): number[] {
    const since = this.now() - Math.max(...windows.map((w) => w.seconds)) * 1000;
    const kept = (this.times.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.times.set(key, kept);
    else this.times.delete(key);
    return kept;
  }
}
