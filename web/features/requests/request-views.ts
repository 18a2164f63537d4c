/** Requests as the tables show them (names instead of ids), the pending counts, and what each user may do with a row. */
import { PRECEPTOR_LEVEL_LABELS, type Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import { preceptorRequestText } from '#schema/preceptor-request.ts';
import { isOwnGrant, mayApprove } from '#schema/request-review.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { fullName } from '#web/lib/format.ts';

import { isManagedKind, MANAGED_KINDS, type ManagedKind, roleLabel } from './request-rules.ts';

type RequestRow = DomainRows['requests'];

export interface Lookups {
  users: readonly Pick<DomainRows['users'], 'id' | 'firstName' | 'lastName' | 'role'>[];
  programs: readonly Pick<DomainRows['programs'], 'id' | 'name'>[];
  students: readonly Pick<DomainRows['students'], 'id' | 'firstName' | 'lastName' | 'studentId'>[];
  sites: readonly Pick<DomainRows['clinicalSites'], 'id' | 'name'>[];
}

export interface RequestView {
  id: string;
  kind: ManagedKind;
  userId: string;
  status: string;
  createdAt: string;
  userName: string;
  programName: string;
  requestedRole: string;
  currentRole: string;
  /** The student's display identifier (preceptor requests). */
  studentCode: string;
  studentName: string;
  emsLevel: string;
  siteName: string;
  preceptorName: string;
  requestedDates: string;
  skillsToFocus: string;
  justification: string;
  reviewNotes: string | null;
  /** What the approval rule reads: the role asked for and the requester's account role, as values, not labels. */
  grant: { requestedRole: string | null; requesterRole: string | undefined };
}

const named = <T extends { id: string }>(rows: readonly T[], name: (row: T) => string) => {
  const map = new Map(rows.map((r) => [r.id, name(r)]));
  return (id: string | null | undefined, missing: string) => (id && map.get(id)) || missing;
};

export function toRequestViews(requests: readonly RequestRow[], lookups: Lookups): RequestView[] {
  const user = named(lookups.users, fullName);
  const program = named(lookups.programs, (p) => p.name);
  const studentCode = named(lookups.students, (s) => s.studentId);
  const studentName = named(lookups.students, fullName);
  const site = named(lookups.sites, (s) => s.name);
  const accountRole = new Map(lookups.users.map((u) => [u.id, u.role]));
  return requests
    .filter((r): r is RequestRow & { kind: ManagedKind } => isManagedKind(r.kind))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      userId: r.userId,
      status: r.status,
      createdAt: r.createdAt,
      userName: user(r.userId, 'Unknown user'),
      programName: program(r.programId, 'Unknown program'),
      requestedRole: roleLabel(r.requestedRole),
      currentRole: roleLabel(r.currentRole),
      studentCode: studentCode(r.studentId, 'Unknown student'),
      studentName: studentName(r.studentId, 'Unknown student'),
      emsLevel: r.emsCertificationLevel
        ? (PRECEPTOR_LEVEL_LABELS[r.emsCertificationLevel as keyof typeof PRECEPTOR_LEVEL_LABELS] ??
          r.emsCertificationLevel)
        : 'Not given',
      siteName: site(r.clinicalSiteId, 'Unknown site'),
      preceptorName: r.requestedPreceptorId ? user(r.requestedPreceptorId, 'Unknown preceptor') : 'No preference',
      requestedDates: preceptorRequestText(r).requestedDates ?? '',
      skillsToFocus: preceptorRequestText(r).skillsToFocus ?? '',
      justification: r.justification ?? '',
      reviewNotes: r.reviewNotes,
      grant: { requestedRole: r.requestedRole, requesterRole: accountRole.get(r.userId) },
    }));
}

export function pendingCounts(requests: readonly { kind: string; status: string }[]): Record<ManagedKind, number> {
  const counts = Object.fromEntries(MANAGED_KINDS.map((k) => [k, 0])) as Record<ManagedKind, number>;
  for (const r of requests) if (isManagedKind(r.kind) && r.status === 'pending') counts[r.kind] += 1;
  return counts;
}

export interface RowPermissions {
  /** Deny, and Approve where canApprove. */
  canReview: boolean;
  canApprove: boolean;
  canDelete: boolean;
  /** 'Pending approval' instead of review buttons. */
  awaitingOthers: boolean;
  /** Filed on this device and not on the server yet: nothing can be done to it there. */
  unsynced: boolean;
}

export function rowPermissions(
  role: Role,
  me: string,
  view: Pick<RequestView, 'kind' | 'status' | 'userId' | 'grant'>,
  unsynced: boolean,
): RowPermissions {
  const pending = view.status === 'pending';
  const canReview = pending && !unsynced && can(role, 'requests.review') && !isOwnGrant(me, view);
  return {
    canReview,
    canApprove:
      canReview &&
      mayApprove(role, { kind: view.kind, requestedRole: view.grant.requestedRole }, view.grant.requesterRole),
    canDelete: !unsynced && can(role, 'requests.delete'),
    awaitingOthers: pending && !canReview,
    unsynced,
  };
}
