/** What Profile and Request Management use of Requests: kinds, labels, programs a form offers, the status badge. */
export {
  isManagedKind,
  KIND_LABELS,
  MANAGED_KINDS,
  type ManagedKind,
  roleChangePrograms,
  roleLabel,
} from './request-rules.ts';
export { RequestStatusBadge } from './status-badge.tsx';
