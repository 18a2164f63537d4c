/**
 * Makes each of the app's Intl formatters and its collator once, then says so. ICU's locale data and caches belong to
 * the browser's renderer process, not to one thread: made here first, the main thread's first date, count and sorted
 * list of names cost nothing, where each first use took 20-90 ms of a throttled phone's main thread
 * (docs/PERFORMANCE.md, issue 32's tenth stop). See intl-warm.ts.
 */
import { compareText } from '#schema/names.ts';

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
