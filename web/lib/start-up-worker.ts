/**
 * The start-up worker (start-up.worker.ts), started with the entry, while the screens' code is still on its way: it
 * sets up the browser's Intl data, and makes a new device's database once the page knows who is signed in, so the
 * screens' first read opens a database that is there. Made on the main thread, the database's tables and indexes were
 * a task of 35-65 ms at start-up, 140-260 ms on a throttled phone (docs/PERFORMANCE.md, issue 32). Where workers are
 * missing or the file cannot load (no signal before the app was stored), nothing happens: the first date or sorted
 * list on the main thread pays the Intl set-up, and TrainingDb makes the database on its first read, as before. Both
 * make the same tables (sync/client/device-stores.ts), and IndexedDB lets one of them do it.
 */
let worker: Worker | undefined;

export function startUpWorker() {
  try {
    const started = new Worker(new URL('./start-up.worker.ts', import.meta.url), { type: 'module' });
    const waiting = new Set(['warm', 'database']);
    const stop = () => {
      started.terminate();
      if (worker === started) worker = undefined;
    };
    started.addEventListener('message', (e: MessageEvent<string>) => {
      waiting.delete(e.data);
      if (waiting.size === 0) stop();
    });
    started.addEventListener('error', stop);
    worker = started;
  } catch {
    // no workers here: nothing to set up ahead
  }
}

/**
 * Who signed in, once the server said so: the worker makes their database if the device has none. Null (signed out,
 * or a remembered user opened offline, whose database is there) lets the worker end.
 */
export function prepareDeviceDatabase(userId: string | null) {
  worker?.postMessage(userId);
}
