/** The trackers' search parameters: `q` narrows the skills shown (the header search opens a skill this way). */
export interface TrackerSearch {
  q?: string;
}

export const trackerSearch = (search: Record<string, unknown>): TrackerSearch =>
  typeof search.q === 'string' && search.q.trim() ? { q: search.q } : {};
