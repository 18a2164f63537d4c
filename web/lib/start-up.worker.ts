/**
 * A page's one-time set-ups that need no page, done off its main thread while the screens' code loads (see
 * start-up-worker.ts):
 * - ICU's data: each of the app's Intl formatters and its collator, made once. ICU's locale data and caches belong to
 *   the browser's renderer process, not to one thread: made here first, the main thread's first date, count and
 *   sorted list of names cost nothing, where each first use took 20-90 ms of a throttled phone's main thread
 *   (docs/PERFORMANCE.md, issue 32's tenth stop). Answered `warm`.
 * - Once the page says who is signed in (their id, or null for nobody), their database if the device has none
 *   (sync/client/device-stores.ts). Answered `database`.
 */
import { compareText } from '#schema/names.ts';
import { createDeviceDatabase, databaseName } from '#sync/client/device-stores.ts';

import { formatCount, formatDate, formatDateTime, formatDayTime, formatTime } from './format.ts';

const now = new Date().toISOString();
formatDate(now);
formatDateTime(now);
formatDayTime(now);
formatTime(now);
formatCount(2000);
compareText('Cruz', 'Émile');
// a sort with no locale named (dates and codes by localeCompare) uses the default locale's collator
'a'.localeCompare('b');
postMessage('warm');

addEventListener('message', (e: MessageEvent<string | null>) => {
  const made = e.data ? createDeviceDatabase(databaseName(e.data)).catch(() => undefined) : Promise.resolve();
  void made.then(() => postMessage('database'));
});
