import { describe, expect, it } from 'vitest';

import { programRow } from '#web/lib/testing/test-rows.ts';
import { userRow } from '#web/lib/testing/test-sync.tsx';

import { filterUsers, programDuration } from './record-lists.ts';
import { hasStaffDetails, ROLE_CARDS, splitList, userPayload } from './user-form.ts';

describe('filterUsers', () => {
  const ana = userRow('u1', { firstName: 'Ana', lastName: 'Zamora', email: 'ana@demo.test', role: 'instructor' });
  const ben = userRow('u2', { firstName: 'Ben', lastName: 'Adams', email: 'ben@demo.test', role: 'student' });

  it('orders by last name and matches name or e-mail, ignoring case', () => {
    expect(filterUsers([ana, ben], '', 'all')).toEqual([ben, ana]);
    expect(filterUsers([ana, ben], 'ana z', 'all')).toEqual([ana]);
    expect(filterUsers([ana, ben], 'BEN@', 'all')).toEqual([ben]);
  });

  it('keeps the chosen role', () => {
    expect(filterUsers([ana, ben], '', 'instructor')).toEqual([ana]);
  });
});

describe('programDuration', () => {
  it('shows weeks, else the free-text duration, else nothing', () => {
    expect(programDuration(programRow('p1', { durationWeeks: 16 }))).toBe('16 weeks');
    expect(programDuration(programRow('p1', { durationWeeks: null, durationText: '12 months' }))).toBe('12 months');
    expect(programDuration(programRow('p1', { durationWeeks: null, durationText: null }))).toBeNull();
  });
});

describe('Add New User rules', () => {
  it("has six role cards with the spec's descriptions", () => {
    expect(ROLE_CARDS.map((c) => c.label)).toEqual([
      'Student',
      'Instructor',
      'Administration',
      'Preceptor',
      'Director',
      'Clinical Coordinator',
    ]);
    expect(ROLE_CARDS.find((c) => c.role === 'director')?.description).toBe('Program director with full access');
  });

  it('asks department, certifications and specialties only of instructors, preceptors and directors', () => {
    expect(['instructor', 'preceptor', 'director'].every(hasStaffDetails)).toBe(true);
    expect(['student', 'administration', 'clinical_coordinator'].some(hasStaffDetails)).toBe(false);
    expect(hasStaffDetails(undefined)).toBe(false);
  });

  it('splits a comma-separated entry and drops blanks', () => {
    expect(splitList(' Paramedic, ACLS ,, ')).toEqual(['Paramedic', 'ACLS']);
    expect(splitList('')).toEqual([]);
  });

  it('does not send staff details typed before switching to a role without them', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.test',
      phone: null,
      department: 'Fire Science',
      certifications: ['FF1'],
      specialties: ['Hazmat'],
    };
    expect(userPayload({ ...base, role: 'student' })).toMatchObject({
      department: null,
      certifications: [],
      specialties: [],
    });
    expect(userPayload({ ...base, role: 'preceptor' })).toMatchObject({
      department: 'Fire Science',
      certifications: ['FF1'],
    });
  });
});
