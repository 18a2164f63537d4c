interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a task of its own, so the browser can paint and take a tap before what follows runs: work split at
 * these points blocks a phone for a slice at a time, not for its sum. `scheduler.yield` (Chromium) resumes ahead of
 * other queued tasks; elsewhere a timer does.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
