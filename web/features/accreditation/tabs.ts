/** The screen's tabs; a separate module so the route's search check does not pull in the screen. */
import type { TabDefs } from '#web/lib/search-params.ts';

export const ACCREDITATION_TABS = [
  ['requirements', 'Accreditation Requirements'],
  ['ram', 'Resource Assessment Matrix (RAM)'],
  ['annual-report', 'Annual Report'],
] as const satisfies TabDefs<string>;
export type AccreditationTab = (typeof ACCREDITATION_TABS)[number][0];
