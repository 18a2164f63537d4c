import { describe, expect, it } from 'vitest';

import { ROLES } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';

import { LOG_SKILLS_PATH, NAV_GROUPS, navGroupsFor, PLATFORM_NAME, refusedScreens, titleFor } from './navigation.ts';

const menuOf = (role: (typeof ROLES)[number]) => navGroupsFor(role).flatMap((g) => g.items.map((i) => i.label));

describe('the menu by role', () => {
  it("a student's menu holds no staff screen", () => {
    const menu = menuOf('student');
    for (const staff of [
      'Instructors',
      'Request Management',
      'Data Management',
      'Student Records',
      'Clinical Management',
      'Accreditation',
      'Compliance',
      'Audit Trail',
    ])
      expect(menu, staff).not.toContain(staff);
    expect(menu).toEqual(expect.arrayContaining(['Dashboard', 'Requests', 'Sign-offs', 'Messages', 'Profile']));
  });

  it('every role sees exactly the items the permission matrix lets it use', () => {
    for (const role of ROLES) {
      const allowed = NAV_GROUPS.flatMap((g) => g.items).filter((i) => !i.onlyFor || can(role, i.onlyFor));
      expect(menuOf(role), role).toEqual(allowed.map((i) => i.label));
    }
    expect(menuOf('instructor')).toEqual(expect.arrayContaining(['Instructors', 'Data Management', 'Accreditation']));
  });

  it('students and preceptors reach one-tap skill logging from the menu', () => {
    for (const role of ['student', 'preceptor'] as const) {
      const items = navGroupsFor(role).flatMap((g) => g.items);
      expect(items.find((i) => i.to === LOG_SKILLS_PATH)?.label, role).toBe('Log Skills');
    }
  });
});

describe("the screens a role's device need not store to work offline", () => {
  it("are exactly the screens its menu leaves out: none of a student's own, every desk screen", () => {
    for (const role of ROLES) {
      const menu = navGroupsFor(role).flatMap((g) => g.items.map((i) => i.to));
      const all = NAV_GROUPS.flatMap((g) => g.items.map((i) => i.to));
      expect([...refusedScreens(role), ...menu].sort(), role).toEqual([...all].sort());
    }
    expect(refusedScreens('student')).toEqual(
      expect.arrayContaining(['/instructors', '/data-management', '/audit-trail', '/reports/compliance']),
    );
    expect(refusedScreens('director')).toEqual([]);
  });
});

describe('header titles', () => {
  it('every screen of the menu, skill entry and sign-offs included, names itself', () => {
    const paths = NAV_GROUPS.flatMap((g) => g.items.map((i) => i.to));
    expect(paths).toEqual(expect.arrayContaining(['/ems/skill-entry', '/sign-offs']));
    for (const path of paths) expect(titleFor(path, 'director'), path).not.toBe(PLATFORM_NAME);
    expect(titleFor('/ems/skill-entry', 'student')).toBe('EMS Skill Entry');
    expect(titleFor('/sign-offs', 'preceptor')).toBe('Sign-offs');
  });

  it("keeps the spec's titles and the student's home", () => {
    expect(titleFor('/', 'director')).toBe('Dashboard');
    expect(titleFor('/', 'student')).toBe('My progress');
    expect(titleFor('/students', 'director')).toBe('Student Management');
    expect(titleFor('/no-such-screen', 'director')).toBe(PLATFORM_NAME);
  });
});
