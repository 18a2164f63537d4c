/**
 * What Profile and Request Management use of Requests: kinds, labels, programs a form offers, the status badge,
 * requests as the tables show them (and what the signed-in user may do with each), and when one was sent.
 */
export { KIND_LABELS, MANAGED_KINDS, type ManagedKind, roleChangePrograms, roleLabel } from './request-rules.ts';
export {
  pendingCounts,
  type RequestView,
  type RowPermissions,
  rowPermissions,
  toRequestViews,
} from './request-views.ts';
export { RequestStatusBadge } from './status-badge.tsx';
export { submittedAgo } from './submitted-time.ts';
