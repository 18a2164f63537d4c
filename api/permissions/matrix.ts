/**
 * Enforcement of the permission matrix (schema/permissions.ts). Ownership and program scope (which students a
 * preceptor may record for, which messages a user may read) are in scope.ts.
 */
import { type Action, can } from '#schema/permissions.ts';

import { forbidden } from '../http/errors.ts';
import type { Actor } from './actor.ts';

export { permissionTable } from '#schema/permission-rules.ts';
export { type Action, can } from '#schema/permissions.ts';

export function assertCan(actor: Actor, action: Action): void {
  if (!can(actor.role, action)) throw forbidden();
}
