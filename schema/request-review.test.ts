import { describe, expect, it } from 'vitest';

import { isOwnGrant, mayApprove } from './request-review.ts';

const join = (requestedRole: string) => ({ kind: 'program-join', requestedRole });
const roleChange = { kind: 'role-change', requestedRole: 'director' };
const preceptor = { kind: 'preceptor', requestedRole: null };

describe('mayApprove', () => {
  it('lets directors and administration approve any request', () => {
    for (const role of ['director', 'administration'] as const) {
      expect([
        mayApprove(role, roleChange, 'student'),
        mayApprove(role, join('instructor'), 'student'),
        mayApprove(role, preceptor, undefined),
      ]).toEqual([true, true, true]);
    }
  });

  it('lets a clinical coordinator admit someone in their account role, never change a role', () => {
    expect(mayApprove('clinical_coordinator', join('student'), 'student')).toBe(true);
    expect(mayApprove('clinical_coordinator', join('instructor'), 'student')).toBe(false);
    expect(mayApprove('clinical_coordinator', roleChange, 'student')).toBe(false);
    expect(mayApprove('clinical_coordinator', preceptor, 'student')).toBe(true);
  });

  it('refuses a coordinator a join whose requester is unknown', () => {
    expect(mayApprove('clinical_coordinator', join('student'), undefined)).toBe(false);
  });
});

describe('isOwnGrant', () => {
  it("is a join or role change the reviewer filed, not a preceptor request nor someone else's", () => {
    expect(isOwnGrant('me', { kind: 'program-join', userId: 'me' })).toBe(true);
    expect(isOwnGrant('me', { kind: 'role-change', userId: 'me' })).toBe(true);
    expect(isOwnGrant('me', { kind: 'preceptor', userId: 'me' })).toBe(false);
    expect(isOwnGrant('me', { kind: 'role-change', userId: 'other' })).toBe(false);
  });
});
