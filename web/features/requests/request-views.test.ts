import { describe, expect, it } from 'vitest';

import type { Role } from '#schema/enums.ts';
import type { DomainRows } from '#sync/client/db.ts';

import { pendingCounts, rowPermissions, toRequestViews } from './request-views.ts';

type RequestRow = DomainRows['requests'];
const base: RequestRow = {
  id: 'r',
  kind: 'program-join',
  userId: 'stu-user',
  status: 'pending',
  justification: 'I would like to join the course',
  reviewNotes: null,
  reviewedBy: null,
  reviewedAt: null,
  approvalLevel: null,
  programId: 'p1',
  currentRole: null,
  requestedRole: 'student',
  studentId: null,
  clinicalSiteId: null,
  requestedPreceptorId: null,
  emsCertificationLevel: null,
  requestedDates: null,
  requestedDatesText: null,
  skillsToFocus: null,
  skillsToFocusText: null,
  startAt: null,
  endAt: null,
  requestedHours: null,
  specialRequirements: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  version: 1,
} as RequestRow;
const req = (over: Partial<RequestRow>): RequestRow => ({ ...base, ...over });

const lookups = {
  users: [
    { id: 'stu-user', firstName: 'Sam', lastName: 'Student', role: 'student' },
    { id: 'prec', firstName: 'Pat', lastName: 'Preceptor', role: 'preceptor' },
  ],
  programs: [{ id: 'p1', name: 'EMT Basic Spring' }],
  students: [{ id: 's1', firstName: 'Sam', lastName: 'Student', studentId: 'STU-2026001' }],
  sites: [{ id: 'site1', name: 'St. Mary Regional' }],
};

describe('request rows', () => {
  it('names replace ids; preceptor requests show the student identifier and "No preference" without a preceptor', () => {
    const [pre, join] = toRequestViews(
      [
        req({ id: 'j', createdAt: '2026-11-19T08:00:00.000Z' }),
        req({
          id: 'p',
          kind: 'preceptor',
          studentId: 's1',
          clinicalSiteId: 'site1',
          emsCertificationLevel: 'paramedic',
          requestedDatesText: 'Evenings',
        }),
      ],
      lookups,
    );
    expect(join).toMatchObject({ userName: 'Sam Student', programName: 'EMT Basic Spring', requestedRole: 'Student' });
    expect(pre).toMatchObject({
      studentCode: 'STU-2026001',
      siteName: 'St. Mary Regional',
      emsLevel: 'Paramedic',
      preceptorName: 'No preference',
      requestedDates: 'Evenings',
    });
  });

  it("a named preceptor shows by name; the site screen's date list reads as text", () => {
    const [view] = toRequestViews(
      [req({ kind: 'preceptor', requestedPreceptorId: 'prec', requestedDates: ['2026-12-01', '2026-12-02'] })],
      lookups,
    );
    expect(view.preceptorName).toBe('Pat Preceptor');
    expect(view.requestedDates).toBe('2026-12-01, 2026-12-02');
  });

  it('leaves out clinical-time requests, which belong to Clinical Management', () => {
    expect(toRequestViews([req({ kind: 'clinical-time' })], lookups)).toEqual([]);
  });

  it("carries the role asked for and the requester's account role for the approval rule", () => {
    const [view] = toRequestViews([req({ requestedRole: 'instructor' })], lookups);
    expect(view.grant).toEqual({ requestedRole: 'instructor', requesterRole: 'student' });
  });

  it('counts pending requests per kind', () => {
    expect(
      pendingCounts([
        req({}),
        req({ status: 'approved' }),
        req({ kind: 'role-change' }),
        req({ kind: 'preceptor', status: 'denied' }),
        req({ kind: 'clinical-time' }),
      ]),
    ).toEqual({ 'program-join': 1, 'role-change': 1, preceptor: 0 });
  });
});

describe('who may do what with a row', () => {
  const sameRole = { requestedRole: 'student', requesterRole: 'student' };
  const pendingJoin: Parameters<typeof rowPermissions>[2] = {
    kind: 'program-join',
    status: 'pending',
    userId: 'someone',
    grant: sameRole,
  };
  const perms = (role: Role, view = pendingJoin, unsynced = false, me = 'reviewer') =>
    rowPermissions(role, me, view, unsynced);

  it('administration, director and clinical coordinator review pending requests; only the first two delete', () => {
    expect(perms('director')).toMatchObject({ canReview: true, canDelete: true, awaitingOthers: false });
    expect(perms('administration')).toMatchObject({ canReview: true, canDelete: true });
    expect(perms('clinical_coordinator')).toMatchObject({ canReview: true, canDelete: false });
  });

  it('everyone else sees "Pending approval" on pending rows and no actions', () => {
    for (const role of ['student', 'instructor', 'preceptor'] as const) {
      expect(perms(role)).toEqual({
        canReview: false,
        canApprove: false,
        canDelete: false,
        awaitingOthers: true,
        unsynced: false,
      });
    }
    expect(perms('student', { ...pendingJoin, status: 'approved' }).awaitingOthers).toBe(false);
  });

  it('decided requests cannot be reviewed again but can still be deleted', () => {
    expect(perms('director', { ...pendingJoin, status: 'denied' })).toMatchObject({
      canReview: false,
      canDelete: true,
      awaitingOthers: false,
    });
  });

  it('nobody reviews their own join or role-change request; a preceptor request they filed is fine', () => {
    expect(perms('clinical_coordinator', { ...pendingJoin, userId: 'reviewer' })).toMatchObject({
      canReview: false,
      awaitingOthers: true,
    });
    expect(
      perms('clinical_coordinator', { kind: 'preceptor', status: 'pending', userId: 'reviewer', grant: sameRole })
        .canReview,
    ).toBe(true);
  });

  it("a clinical coordinator may deny but not approve a role change, nor a join in a role other than the account's", () => {
    const roleChange = {
      ...pendingJoin,
      kind: 'role-change' as const,
      grant: { requestedRole: 'instructor', requesterRole: 'preceptor' },
    };
    const otherRoleJoin = { ...pendingJoin, grant: { requestedRole: 'instructor', requesterRole: 'student' } };
    expect(perms('clinical_coordinator', roleChange)).toMatchObject({ canReview: true, canApprove: false });
    expect(perms('clinical_coordinator', otherRoleJoin)).toMatchObject({ canReview: true, canApprove: false });
    expect(perms('clinical_coordinator')).toMatchObject({ canReview: true, canApprove: true });
    for (const role of ['director', 'administration'] as const) {
      expect(perms(role, roleChange)).toMatchObject({ canReview: true, canApprove: true });
      expect(perms(role, otherRoleJoin)).toMatchObject({ canReview: true, canApprove: true });
    }
  });

  it('a request still on its way to the server offers nothing yet', () => {
    expect(perms('director', pendingJoin, true)).toMatchObject({ canReview: false, canDelete: false, unsynced: true });
  });
});
