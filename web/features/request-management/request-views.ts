/** Requests as the tables show them (names instead of ids), the pending counts, and what each user may do with a row. */
import type { Role } from '../../../schema/enums.ts';
import { can } from '../../../schema/permissions.ts';
import { preceptorRequestText } from '../../../schema/preceptor-request.ts';
import type { DomainRows } from '../../../sync/client/db.ts';
import { fullName } from '../../lib/format.ts';
import { isManagedKind, MANAGED_KINDS, PRECEPTOR_LEVEL_LABELS, roleLabel, type ManagedKind } from '../requests/request-rules.ts';

type RequestRow = DomainRows['requests'];

export interface Lookups {
  users: readonly Pick<DomainRows['users'], 'id' | 'firstName' | 'lastName'>[];
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
      emsLevel: r.emsCertificationLevel ? PRECEPTOR_LEVEL_LABELS[r.emsCertificationLevel as keyof typeof PRECEPTOR_LEVEL_LABELS] ?? r.emsCertificationLevel : 'Not given',
      siteName: site(r.clinicalSiteId, 'Unknown site'),
      preceptorName: r.requestedPreceptorId ? user(r.requestedPreceptorId, 'Unknown preceptor') : 'No preference',
      requestedDates: preceptorRequestText(r).requestedDates ?? '',
      skillsToFocus: preceptorRequestText(r).skillsToFocus ?? '',
      justification: r.justification ?? '',
      reviewNotes: r.reviewNotes,
    }));
}

export function pendingCounts(requests: readonly { kind: string; status: string }[]): Record<ManagedKind, number> {
  const counts = Object.fromEntries(MANAGED_KINDS.map((k) => [k, 0])) as Record<ManagedKind, number>;
  for (const r of requests) if (isManagedKind(r.kind) && r.status === 'pending') counts[r.kind] += 1;
  return counts;
}

/** Joining a program and changing a role grant access, so nobody reviews their own (the server refuses it too). */
const GRANTS_ACCESS: ReadonlySet<ManagedKind> = new Set(['program-join', 'role-change']);

export interface RowPermissions {
  canReview: boolean;
  canDelete: boolean;
  /** 'Pending approval' instead of review buttons. */
  awaitingOthers: boolean;
  /** Filed on this device and not on the server yet: nothing can be done to it there. */
  unsynced: boolean;
}

export function rowPermissions(role: Role, me: string, view: Pick<RequestView, 'kind' | 'status' | 'userId'>, unsynced: boolean): RowPermissions {
  const pending = view.status === 'pending';
  const ownGrant = GRANTS_ACCESS.has(view.kind) && view.userId === me;
  const canReview = pending && !unsynced && can(role, 'requests.review') && !ownGrant;
  return {
    canReview,
    canDelete: !unsynced && can(role, 'requests.delete'),
    awaitingOthers: pending && !canReview,
    unsynced,
  };
}
