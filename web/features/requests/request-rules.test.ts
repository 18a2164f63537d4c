import { describe, expect, it } from 'vitest';

import type { DomainRows } from '#sync/client/db.ts';

import { currentRoleIn, joinablePrograms, ownRequests, roleChangePrograms } from './request-rules.ts';

const programs = [
  { id: 'p2', name: 'EMT Basic Spring' },
  { id: 'p1', name: 'Paramedic Program 2026' },
  { id: 'p3', name: 'Fire Academy' },
];
const memberships = [
  { programId: 'p1', userId: 'me', assignedRole: 'student' },
  { programId: 'p3', userId: 'other', assignedRole: 'instructor' },
];
const request = (over: Partial<DomainRows['requests']>) =>
  ({
    id: 'r',
    kind: 'program-join',
    userId: 'me',
    status: 'pending',
    programId: 'p2',
    createdAt: '2026-11-20T08:00:00.000Z',
    ...over,
  }) as DomainRows['requests'];

describe('which programs the request forms offer', () => {
  it("join: not the user's programs, nor one with a pending join request; sorted by name", () => {
    expect(joinablePrograms(programs, memberships, [request({})], 'me').map((p) => p.id)).toEqual(['p3']);
    expect(joinablePrograms(programs, memberships, [request({ status: 'denied' })], 'me').map((p) => p.id)).toEqual([
      'p2',
      'p3',
    ]);
  });

  it("role change: the user's own programs; someone in none may name any", () => {
    expect(roleChangePrograms(programs, memberships, 'me')).toEqual({ programs: [programs[1]], fromMemberships: true });
    expect(roleChangePrograms(programs, memberships, 'director')).toEqual({
      programs: [programs[0], programs[2], programs[1]],
      fromMemberships: false,
    });
  });

  it('the current role is the one held in that program, else the account role', () => {
    expect(currentRoleIn('p1', memberships, 'me', 'instructor')).toBe('student');
    expect(currentRoleIn('p2', memberships, 'me', 'instructor')).toBe('instructor');
  });
});

describe('my requests', () => {
  it("only the user's own, of the three kinds, newest first", () => {
    const mine = ownRequests(
      [
        request({ id: 'old', createdAt: '2026-11-01T00:00:00.000Z' }),
        request({ id: 'new', kind: 'preceptor', createdAt: '2026-11-21T00:00:00.000Z' }),
        request({ id: 'time', kind: 'clinical-time' }),
        request({ id: 'theirs', userId: 'other' }),
      ],
      'me',
    );
    expect(mine.map((r) => r.id)).toEqual(['new', 'old']);
  });
});
