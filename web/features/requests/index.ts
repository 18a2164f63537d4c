/** What Profile and Request Management use of Requests: kinds, labels, programs a form offers, the status badge. */
export {
  isManagedKind,
  KIND_LABELS,
  MANAGED_KINDS,
  roleChangePrograms,
  roleLabel,
  type ManagedKind,
} from './request-rules.ts';
export { RequestStatusBadge } from './status-badge.tsx';
