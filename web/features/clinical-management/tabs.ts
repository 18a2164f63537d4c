/** The screen's tabs; a separate module so the route's search check does not pull in the screen. */
import type { TabDefs } from '#web/lib/search-params.ts';

export const CLINICAL_TABS = [
  ['sites', 'Clinical Sites'],
  ['requests', 'Time Requests'],
  ['calendar', 'Calendar'],
  ['emails', 'Email Management'],
  ['rotations', 'Rotations'],
  ['reports', 'Reports'],
] as const satisfies TabDefs<string>;
export type ClinicalTab = (typeof CLINICAL_TABS)[number][0];
