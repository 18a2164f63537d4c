/**
 * Sets up the browser's Intl (ICU) data off the main thread at start-up (intl-warm.worker.ts), while the screens'
 * code is still on its way. Where workers are missing or the file cannot load (no signal before the app was stored),
 * nothing happens: the first date or sorted list on the main thread pays the set-up, as before.
 */
export function warmIntl() {
  try {
    const worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  } catch {
    // no workers here: nothing to warm
  }
}
