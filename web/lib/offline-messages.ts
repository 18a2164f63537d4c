/** What the service worker and the pages say to each other about storing the app for offline use. */
export const PRECACHE_PROGRESS = 'precache-progress';
const PRECACHE_PROGRESS_ASKED = 'precache-progress?';

/** A page asking how far the app is stored, and saying whose device it is once someone has signed in. */
export interface PrecacheProgressAsked {
  type: typeof PRECACHE_PROGRESS_ASKED;
  role?: string;
}

export const progressAsked = (role?: string): PrecacheProgressAsked => ({ type: PRECACHE_PROGRESS_ASKED, role });

export const isAsked = (data: unknown): data is PrecacheProgressAsked =>
  typeof data === 'object' && data !== null && (data as PrecacheProgressAsked).type === PRECACHE_PROGRESS_ASKED;

export interface PrecacheProgress {
  type: typeof PRECACHE_PROGRESS;
  /** Files stored on this device so far by the service worker (web/sw.ts), of those the user's role needs. */
  stored: number;
  total: number;
}
