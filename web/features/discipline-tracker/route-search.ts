import { searchText } from '#web/lib/search-params.ts';

/** The trackers' search parameters: `q` narrows the skills shown (the header search opens a skill this way). */
export interface TrackerSearch {
  q?: string;
}

export const trackerSearch = (search: Record<string, unknown>): TrackerSearch => {
  const q = searchText(search.q);
  return q ? { q } : {};
};
