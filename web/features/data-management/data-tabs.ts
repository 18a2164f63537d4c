/** The Data Management tabs, who may use each (spec section 6) and the overview's figures. */
import type { Role } from '#schema/enums.ts';
import { type Action, can } from '#schema/permissions.ts';

export const DATA_TABS = [
  { key: 'overview', label: 'Overview' },
  {
    key: 'users',
    label: 'Users',
    action: 'users.create',
    restriction: 'Only directors and administrators can create users.',
  },
  {
    key: 'programs',
    label: 'Programs',
    action: 'programs.manage',
    restriction: 'Only directors and administrators can create training programs.',
  },
  {
    key: 'sites',
    label: 'Clinical Sites',
    action: 'sites.manage',
    restriction: 'Only directors, administrators, and clinical coordinators can create clinical sites.',
  },
  { key: 'skills', label: 'Skills' },
  { key: 'documents', label: 'Documents' },
] as const satisfies readonly { key: string; label: string; action?: Action; restriction?: string }[];

export type DataTab = (typeof DATA_TABS)[number];
export type DataTabKey = DataTab['key'];

export const isDataTabKey = (v: unknown): v is DataTabKey => DATA_TABS.some((t) => t.key === v);

type RestrictedTab = Extract<DataTab, { restriction: string }>;

/** A restricted tab is open only to the roles its action allows; the others are for everyone. */
export function tabAllowed(role: Role, tabOrKey: DataTab | DataTabKey): boolean {
  const tab = typeof tabOrKey === 'string' ? DATA_TABS.find((t) => t.key === tabOrKey) : tabOrKey;
  return tab !== undefined && (!('action' in tab) || can(role, tab.action));
}

/** The tabs this role may not open, each with the spec's message. */
export const restrictedTabs = (role: Role): RestrictedTab[] =>
  DATA_TABS.filter((t): t is RestrictedTab => 'restriction' in t && !can(role, t.action));

/** A tab asked for by the URL, or the overview when it is unknown or closed to this role. */
export const openTab = (role: Role, key: unknown): DataTabKey =>
  isDataTabKey(key) && tabAllowed(role, key) ? key : 'overview';

export interface OverviewCount {
  label: string;
  value: number;
  /** The tab that lists these records; Standards are managed on the accreditation screen. */
  tab?: DataTabKey;
}

/** The six count cards, each a count of the records on this device (the same lists the API gives this user). */
export function overviewCounts(rows: {
  users: readonly unknown[];
  programs: readonly unknown[];
  clinicalSites: readonly unknown[];
  skills: readonly unknown[];
  documents: readonly unknown[];
  accreditationRequirements: readonly unknown[];
}): OverviewCount[] {
  return [
    { label: 'Users', value: rows.users.length, tab: 'users' },
    { label: 'Training Programs', value: rows.programs.length, tab: 'programs' },
    { label: 'Clinical Sites', value: rows.clinicalSites.length, tab: 'sites' },
    { label: 'Skills', value: rows.skills.length, tab: 'skills' },
    { label: 'Documents', value: rows.documents.length, tab: 'documents' },
    { label: 'Standards', value: rows.accreditationRequirements.length },
  ];
}
