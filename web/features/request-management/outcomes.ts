/** Spec section 8's review toasts: approved successfully, denied, deleted successfully; failures per kind. */
import type { Outcome } from '#web/lib/write.ts';

import type { ManagedKind } from '../requests/index.ts';

export type Decision = 'approve' | 'deny';

const NOUN: Record<ManagedKind, string> = {
  'program-join': 'program join request',
  'role-change': 'role change request',
  preceptor: 'preceptor request',
};
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function reviewOutcome(kind: ManagedKind, decision: Decision): Outcome {
  return decision === 'approve'
    ? { success: `${capitalised(NOUN[kind])} approved successfully`, failure: `Failed to approve ${NOUN[kind]}` }
    : { success: `${capitalised(NOUN[kind])} denied`, failure: `Failed to deny ${NOUN[kind]}` };
}

export const DELETE_OUTCOME: Outcome = { success: 'Request deleted successfully', failure: 'Failed to delete request' };
