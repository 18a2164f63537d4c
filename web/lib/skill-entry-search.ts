/**
 * The /ems/skill-entry search params: which tab is open, the tracker's skill search, and a skill and student chosen.
 * In web/lib/ because the route, Skill Entry, the EMS tracker and the shell's search all link or read by them.
 */
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
  /** A skill's id: the tracker shows that skill's card alone (a link from the matrix or the header search). */
  skill?: string;
  /** A student's id, chosen on arrival (staff; a student works with their own record anyway). */
  student?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Unknown tabs and empty or non-text values are dropped, so a hand-edited link still opens the screen. */
export function parseEntrySearch(search: Record<string, unknown>): SkillEntrySearch {
  const tab = ENTRY_TABS.find(([t]) => t === search.tab)?.[0];
  const [q, skill, student] = [text(search.q), text(search.skill), text(search.student)];
  return { ...(tab && { tab }), ...(q && { q }), ...(skill && { skill }), ...(student && { student }) };
}

/** The one-tap Successful / Unsuccessful screen with a skill (and a student) chosen: where "Log attempt" leads. */
export const logSkillLink = (skillId: string, studentId?: string) => ({
  to: '/ems/skill-entry' as const,
  search: { skill: skillId, ...(studentId && { student: studentId }) } satisfies SkillEntrySearch,
});
