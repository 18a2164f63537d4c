import { describe, expect, it } from 'vitest';

import { ROLES } from '#schema/enums.ts';

import { DATA_TABS, openTab, overviewCounts, restrictedTabs, tabAllowed } from './data-tabs.ts';

const list = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('overviewCounts', () => {
  it("counts each list, in the spec's order of cards", () => {
    const counts = overviewCounts({
      users: list(6),
      programs: list(4),
      clinicalSites: list(3),
      skills: list(238),
      documents: list(2),
      accreditationRequirements: list(11),
    });
    expect(counts.map((c) => [c.label, c.value])).toEqual([
      ['Users', 6],
      ['Training Programs', 4],
      ['Clinical Sites', 3],
      ['Skills', 238],
      ['Documents', 2],
      ['Standards', 11],
    ]);
  });

  it('shows zero for empty lists rather than any sample figure', () => {
    const empty = overviewCounts({
      users: [],
      programs: [],
      clinicalSites: [],
      skills: [],
      documents: [],
      accreditationRequirements: [],
    });
    expect(empty.every((c) => c.value === 0)).toBe(true);
  });
});

describe('tab access by role', () => {
  const openTabs = (role: (typeof ROLES)[number]) => DATA_TABS.filter((t) => tabAllowed(role, t)).map((t) => t.key);

  it('opens Users and Programs to directors and administration, Clinical Sites also to clinical coordinators', () => {
    expect(openTabs('director')).toEqual(['overview', 'users', 'programs', 'sites', 'skills', 'documents']);
    expect(openTabs('administration')).toEqual(['overview', 'users', 'programs', 'sites', 'skills', 'documents']);
    expect(openTabs('clinical_coordinator')).toEqual(['overview', 'sites', 'skills', 'documents']);
    for (const role of ['student', 'instructor', 'preceptor'] as const) {
      expect(openTabs(role)).toEqual(['overview', 'skills', 'documents']);
    }
  });

  it("gives each closed tab the spec's message", () => {
    expect(restrictedTabs('instructor').map((t) => t.restriction)).toEqual([
      'Only directors and administrators can create users.',
      'Only directors and administrators can create training programs.',
      'Only directors, administrators, and clinical coordinators can create clinical sites.',
    ]);
    expect(restrictedTabs('clinical_coordinator').map((t) => t.key)).toEqual(['users', 'programs']);
    expect(restrictedTabs('director')).toEqual([]);
  });

  it('opens the tab the URL asks for only when the role may use it', () => {
    expect(openTab('director', 'users')).toBe('users');
    expect(openTab('instructor', 'users')).toBe('overview');
    expect(openTab('instructor', 'skills')).toBe('skills');
    expect(openTab('director', 'nonsense')).toBe('overview');
    expect(openTab('director', undefined)).toBe('overview');
  });
});
