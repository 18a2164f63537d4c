/** The /ems/skill-entry search params: which tab is open and the tracker's skill search. */
export const ENTRY_TABS = [
  ['tracker', 'Real-Time Tracker'],
  ['bulk', 'Bulk Entry'],
  ['scheduled', 'Scheduled Assessments'],
  ['reports', 'Reports'],
] as const;
export type EntryTab = (typeof ENTRY_TABS)[number][0];

export interface SkillEntrySearch {
  /** Absent means the first tab. */
  tab?: EntryTab;
  q?: string;
}

/** Unknown tabs and empty or non-text values are dropped, so a hand-edited link still opens the screen. */
export function parseEntrySearch(search: Record<string, unknown>): SkillEntrySearch {
  const tab = ENTRY_TABS.find(([t]) => t === search.tab)?.[0];
  const q = typeof search.q === 'string' && search.q ? search.q : undefined;
  return { ...(tab && { tab }), ...(q && { q }) };
}

export const tabIndex = (tab: EntryTab | undefined) =>
  Math.max(
    0,
    ENTRY_TABS.findIndex(([t]) => t === tab),
  );
