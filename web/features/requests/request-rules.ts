/** Rules the Requests, Profile and Request Management screens share: kinds, statuses, which programs a form offers. */
import { type RequestStatus, type Role, ROLE_LABELS } from '#schema/enums.ts';
import { byRecordName } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { Tone } from '#web/lib/format.ts';

type RequestRow = DomainRows['requests'];
type Program = Pick<DomainRows['programs'], 'id' | 'name'>;
type Membership = Pick<DomainRows['programMembers'], 'programId' | 'userId' | 'assignedRole'>;

/** The three kinds these screens handle (clinical-time requests belong to Clinical Management). */
export const MANAGED_KINDS = ['program-join', 'role-change', 'preceptor'] as const;
export type ManagedKind = (typeof MANAGED_KINDS)[number];

export const KIND_LABELS: Record<ManagedKind, string> = {
  'program-join': 'Program Join',
  'role-change': 'Role Change',
  preceptor: 'Preceptor',
};

export const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};
export const STATUS_TONES: Record<RequestStatus, Tone> = { pending: 'yellow', approved: 'green', denied: 'red' };

export const roleLabel = (role: string | null | undefined) => (role ? (ROLE_LABELS[role as Role] ?? role) : 'Unknown');

export const isManagedKind = (kind: string): kind is ManagedKind => (MANAGED_KINDS as readonly string[]).includes(kind);

/** The user's own requests of the three kinds, newest first. */
export const ownRequests = (requests: readonly RequestRow[], me: string) =>
  requests
    .filter((r) => r.userId === me && isManagedKind(r.kind))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** Programs a join request makes sense for: not one the user belongs to, nor one already asked for and pending. */
export function joinablePrograms<P extends Program>(
  programs: readonly P[],
  memberships: readonly Membership[],
  requests: readonly RequestRow[],
  me: string,
): P[] {
  const member = new Set(memberships.filter((m) => m.userId === me).map((m) => m.programId));
  const asked = new Set(
    requests
      .filter((r) => r.userId === me && r.kind === 'program-join' && r.status === 'pending')
      .map((r) => r.programId),
  );
  return programs.filter((p) => !member.has(p.id) && !asked.has(p.id)).sort(byRecordName);
}

/**
 * Programs a role change can be asked for: the user's own programs (the role is held there); someone in no program
 * yet (most staff) may name any program.
 */
export function roleChangePrograms<P extends Program>(
  programs: readonly P[],
  memberships: readonly Membership[],
  me: string,
): { programs: P[]; fromMemberships: boolean } {
  const mine = new Set(memberships.filter((m) => m.userId === me).map((m) => m.programId));
  const own = programs.filter((p) => mine.has(p.id));
  return own.length > 0
    ? { programs: own.sort(byRecordName), fromMemberships: true }
    : { programs: [...programs].sort(byRecordName), fromMemberships: false };
}

/** The role the server will record as current: the one held in that program, else the account's role. */
export function currentRoleIn(
  programId: string,
  memberships: readonly Membership[],
  me: string,
  accountRole: string,
): string {
  return memberships.find((m) => m.userId === me && m.programId === programId)?.assignedRole ?? accountRole;
}
