/** The screen's tabs; a separate module so the route's search check does not pull in the screen. */
import type { TabDefs } from '#web/lib/search-params.ts';

export const STUDENT_MANAGEMENT_TABS = [
  ['overview', 'Overview'],
  ['progress', 'Progress Tracking'],
  ['records', 'Academic Records'],
  ['reports', 'Reports'],
] as const satisfies TabDefs<string>;
export type StudentManagementTab = (typeof STUDENT_MANAGEMENT_TABS)[number][0];
