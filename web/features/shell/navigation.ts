/**
 * The spec's sidebar (section 2): every item is shown to everyone (the server decides what each screen may show). Ours
 * adds the part-2 screens the spec's sidebar leaves unreachable (student records, clinical and accreditation
 * management, messages) and the audit trail, shown only to those who may read it.
 */
import type { Role } from '../../../schema/enums.ts';
import type { Action } from '../../../schema/permissions.ts';

/** Counts the menu shows next to an item, kept live from the device's rows (web/features/shell/nav-counts.ts). */
export type NavCount = 'signOffsNeedingAttention';

export interface NavItem {
  label: string;
  /** A student's name for the item, where their screen differs (their home is My progress). */
  studentLabel?: string;
  to: string;
  badge?: string;
  /** A live count shown instead of the badge while it is above zero, and what it says to a screen reader (1, many). */
  count?: { of: NavCount; one: string; many: string };
  onlyFor?: Action;
}

const HOME_STUDENT_TITLE = 'My progress';

export const NAV_GROUPS: readonly { title: string; items: readonly NavItem[] }[] = [
  {
    title: 'MAIN MODULES',
    items: [
      { label: 'Dashboard', studentLabel: HOME_STUDENT_TITLE, to: '/' },
      { label: 'EMS Training', to: '/ems/competency-tracker', badge: 'CoAEMSP' },
      { label: 'Fire Training', to: '/fire/competency-tracker', badge: 'NFPA' },
      { label: 'Police Training', to: '/police/competency-tracker', badge: 'POST' },
    ],
  },
  {
    title: 'MANAGEMENT',
    items: [
      { label: 'Programs', to: '/program-management' },
      { label: 'Students', to: '/students' },
      { label: 'Instructors', to: '/instructors' },
      { label: 'Clinical Sites', to: '/clinical-sites' },
      { label: 'Documents', to: '/documents' },
      { label: 'Requests', to: '/requests' },
      { label: 'Request Management', to: '/request-management' },
      {
        label: 'Sign-offs',
        to: '/sign-offs',
        count: { of: 'signOffsNeedingAttention', one: 'needs attention', many: 'need attention' },
      },
      { label: 'Data Management', to: '/data-management' },
      { label: 'Student Records', to: '/student-management' },
      { label: 'Clinical Management', to: '/clinical-management' },
      { label: 'Accreditation', to: '/accreditation-management' },
      { label: 'Audit Trail', to: '/audit-trail', onlyFor: 'audit.read' },
    ],
  },
  {
    title: 'ACCOUNT',
    items: [
      { label: 'Messages', to: '/messages' },
      { label: 'Profile', to: '/profile' },
    ],
  },
  {
    title: 'REPORTS',
    items: [
      { label: 'Progress Reports', to: '/reports/progress' },
      { label: 'Compliance', to: '/reports/compliance' },
      { label: 'Graduation', to: '/reports/graduation' },
    ],
  },
];

export const navLabel = (item: NavItem, role: Role) => (role === 'student' && item.studentLabel) || item.label;

export const PLATFORM_NAME = 'Public Safety Training Platform';
const SEARCH_PLACEHOLDER = 'Search students, courses, standards...';
/** A student's search finds skills and standards (and only their own record), so it does not offer students. */
const STUDENT_SEARCH_PLACEHOLDER = 'Search skills and standards...';

export const searchPlaceholderFor = (role: Role) =>
  role === 'student' ? STUDENT_SEARCH_PLACEHOLDER : SEARCH_PLACEHOLDER;

/** Header titles by route (spec section 2); other routes show the platform name. */
const TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/ems/competency-tracker': 'EMS Competency Tracker',
  '/fire/competency-tracker': 'Fire Competency Tracker',
  '/police/competency-tracker': 'Police Competency Tracker',
  '/students': 'Student Management',
  '/documents': 'Document Management',
};

export const titleFor = (path: string, role: Role) =>
  path === '/' && role === 'student' ? HOME_STUDENT_TITLE : (TITLES[path] ?? PLATFORM_NAME);
