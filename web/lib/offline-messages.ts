/** What the service worker and the pages say to each other about storing the app for offline use. */
export const PRECACHE_PROGRESS = 'precache-progress';
export const PRECACHE_PROGRESS_ASKED = 'precache-progress?';

export interface PrecacheProgress {
  type: typeof PRECACHE_PROGRESS;
  /** Files of the whole app stored on this device so far by the service worker (web/sw.ts). */
  stored: number;
  total: number;
}
