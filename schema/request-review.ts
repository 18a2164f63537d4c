/**
 * Who may approve or deny which request. The server refuses what these rules refuse (api/routes/requests); the
 * Request Management screen uses them to hide the buttons the server would refuse.
 */
import type { RequestKind, Role } from './enums.ts';
import { can } from './permissions.ts';

const GRANTS_ACCESS: ReadonlySet<string> = new Set(['program-join', 'role-change'] satisfies RequestKind[]);

/** Nobody reviews their own request for a program or a role: otherwise a coordinator could grant themselves a director's role. */
export const isOwnGrant = (reviewerId: string, request: { kind: string; userId: string }) =>
  GRANTS_ACCESS.has(request.kind) && request.userId === reviewerId;

/**
 * Nobody grants by approval a role they could not assign by hand. A role change needs what changing a role on the
 * user's account needs ('users.editOthers'). A program join is what clinical coordinators review: they may admit the
 * requester in the role their account already has (`requesterRole`); a join in another role (a student asking to join
 * as instructor) is a change of role in that program, so it needs the same permission as a role change.
 */
export function mayApprove(
  reviewerRole: Role,
  request: { kind: string; requestedRole: string | null },
  requesterRole: string | undefined,
): boolean {
  if (can(reviewerRole, 'users.editOthers') || !GRANTS_ACCESS.has(request.kind)) return true;
  return request.kind === 'program-join' && requesterRole === request.requestedRole;
}
