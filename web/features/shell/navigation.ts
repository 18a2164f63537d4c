/**
 * The spec's sidebar (section 2), plus the part-2 screens its sidebar leaves unreachable (student records, clinical and
 * accreditation management, messages), the audit trail and skill entry's one-tap logging. Each role sees only the
 * items the permission matrix lets it use: a staff screen in a student's menu only leads to "Access Restricted".
 */
import type { ProgramType, Role } from '#schema/enums.ts';
import { type Action, can } from '#schema/permissions.ts';

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
  /** One discipline's own screen: a student of another discipline has no record in it (their menu leaves it out). */
  discipline?: ProgramType;
}

const HOME_STUDENT_TITLE = 'My progress';
/** Skill entry's Real-Time Tracker: the one-tap Successful / Unsuccessful screen, for students and staff alike. */
export const LOG_SKILLS_PATH = '/ems/skill-entry';
const LOG_SKILLS_TITLE = 'Log Skills';

export const NAV_GROUPS: readonly { title: string; items: readonly NavItem[] }[] = [
  {
    title: 'MAIN MODULES',
    items: [
      { label: 'Dashboard', studentLabel: HOME_STUDENT_TITLE, to: '/' },
      { label: LOG_SKILLS_TITLE, to: LOG_SKILLS_PATH, onlyFor: 'attempts.log', discipline: 'ems' },
      { label: 'EMS Training', to: '/ems/competency-tracker', badge: 'CoAEMSP', discipline: 'ems' },
      { label: 'Fire Training', to: '/fire/competency-tracker', badge: 'NFPA', discipline: 'fire' },
      { label: 'Fire Task Book', to: '/fire/task-book', badge: 'NFPA 1001', discipline: 'fire' },
      { label: 'Police Training', to: '/police/competency-tracker', badge: 'POST', discipline: 'police' },
      { label: 'Daily Observation Reports', to: '/police/dors', badge: 'DOR', discipline: 'police' },
    ],
  },
  {
    title: 'MANAGEMENT',
    items: [
      { label: 'Programs', to: '/program-management' },
      { label: 'Students', to: '/students' },
      { label: 'Instructors', to: '/instructors', onlyFor: 'staff.read' },
      { label: 'Clinical Sites', to: '/clinical-sites' },
      { label: 'Documents', to: '/documents' },
      { label: 'Requests', to: '/requests' },
      { label: 'Shift Board', studentLabel: 'My Shifts', to: '/shifts' },
      { label: 'Request Management', to: '/request-management', onlyFor: 'staff.read' },
      {
        label: 'Sign-offs',
        to: '/sign-offs',
        count: { of: 'signOffsNeedingAttention', one: 'needs attention', many: 'need attention' },
      },
      { label: 'Data Management', to: '/data-management', onlyFor: 'staff.read' },
      { label: 'Student Records', to: '/student-management', onlyFor: 'staff.read' },
      { label: 'Clinical Management', to: '/clinical-management', onlyFor: 'staff.read' },
      { label: 'Accreditation', to: '/accreditation-management', onlyFor: 'staff.read' },
      { label: 'Audit Trail', to: '/audit-trail', onlyFor: 'audit.read' },
      // the roles that may import at least one kind of file (schema/roster-import.ts IMPORT_ACTIONS)
      { label: 'Roster Import', to: '/roster-import', onlyFor: 'signOffs.review' },
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
      { label: 'Compliance', to: '/reports/compliance', onlyFor: 'staff.read' },
      { label: 'Graduation', to: '/reports/graduation' },
    ],
  },
];

export const navLabel = (item: NavItem, role: Role) => (role === 'student' && item.studentLabel) || item.label;

/**
 * The menu as this role sees it: only the items the matrix lets it use, and no group left empty. Given the discipline
 * of a student's program, the other disciplines' screens are left out too (a fire candidate's menu names no EMS
 * screen); staff, who may work in every discipline, are given none and keep them all.
 */
export const navGroupsFor = (role: Role, discipline: ProgramType | null = null) =>
  NAV_GROUPS.map((group) => ({
    title: group.title,
    items: group.items.filter(
      (item) =>
        (!item.onlyFor || can(role, item.onlyFor)) &&
        (!discipline || !item.discipline || item.discipline === discipline),
    ),
  })).filter((group) => group.items.length > 0);

/**
 * The screens this role's menu leaves out because the matrix refuses them: the device of a user with this role does not
 * need their code to work offline (the service worker stores them last, web/sw.ts; vite.config.ts tells it which).
 */
export const refusedScreens = (role: Role) =>
  NAV_GROUPS.flatMap((group) => group.items).flatMap((item) =>
    item.onlyFor && !can(role, item.onlyFor) ? [item.to] : [],
  );

export const PLATFORM_NAME = 'Public Safety Training Platform';
const SEARCH_PLACEHOLDER = 'Search students, courses, standards...';
/** A student's search finds skills and standards (and only their own record), so it does not offer students. */
const STUDENT_SEARCH_PLACEHOLDER = 'Search skills and standards...';

export const searchPlaceholderFor = (role: Role) =>
  role === 'student' ? STUDENT_SEARCH_PLACEHOLDER : SEARCH_PLACEHOLDER;

/**
 * Header titles by route: the spec's (section 2) for the first six; every other screen names itself too, so a phone,
 * whose header is the only title in sight, says where the user is. Unknown routes show the platform name.
 */
const TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/ems/competency-tracker': 'EMS Competency Tracker',
  '/fire/competency-tracker': 'Fire Competency Tracker',
  '/fire/task-book': 'Fire Task Book',
  '/police/competency-tracker': 'Police Competency Tracker',
  '/police/dors': 'Daily Observation Reports',
  '/students': 'Student Management',
  '/documents': 'Document Management',
  [LOG_SKILLS_PATH]: 'EMS Skill Entry',
  '/sign-offs': 'Sign-offs',
  '/program-management': 'Program Management',
  '/instructors': 'Instructors',
  '/clinical-sites': 'Clinical Sites',
  '/requests': 'Requests',
  '/shifts': 'Shifts',
  '/request-management': 'Request Management',
  '/data-management': 'Data Management',
  '/student-management': 'Student Records',
  '/clinical-management': 'Clinical Management',
  '/accreditation-management': 'Accreditation',
  '/audit-trail': 'Audit Trail',
  '/roster-import': 'Roster Import',
  '/messages': 'Messages',
  '/profile': 'Profile',
  '/reports/progress': 'Progress Reports',
  '/reports/compliance': 'Compliance Report',
  '/reports/graduation': 'Graduation Report',
};

export const titleFor = (path: string, role: Role) =>
  path === '/' && role === 'student' ? HOME_STUDENT_TITLE : (TITLES[path] ?? PLATFORM_NAME);
