/**
 * What one user may see, computed once per data version: the visibility condition of each synced table
 * (api/permissions/visibility.ts). The epoch fingerprints everything visibility depends on beyond a row's own fields
 * (role, programs, own student records): when it changes, the client gets a full resync, so rows that became visible
 * arrive and rows that stopped being visible go.
 */
import { createHash } from 'node:crypto';

import type { SQL } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { cachedAtVersion } from '#api/db/version-cache.ts';
import { ownStudentRecords, programScope } from '#api/permissions/scope.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';

import { SYNCED_TABLES, type SyncedTableName } from '../protocol.ts';

export interface View {
  actor: Actor;
  epoch: string;
  /** Per table, the rows the user sees (tombstones aside); undefined: all of them. */
  visible: Record<SyncedTableName, SQL | undefined>;
}

/** The view at a data version read in the caller's read transaction, kept until the next write (it depends on nothing else). */
export const viewAt = (q: Q, actor: Actor, version: number): View =>
  cachedAtVersion(q, `sync view ${actor.id} ${actor.role}`, version, () => viewOf(q, actor));

function viewOf(q: Q, actor: Actor): View {
  const scope = programScope(q, actor);
  const ownStudentIds = actor.role === 'student' ? ownStudentRecords(q, actor).map((s) => s.id) : [];
  const fingerprint = JSON.stringify([
    actor.id,
    actor.role,
    scope === 'all' ? 'all' : [...scope].sort(),
    ownStudentIds.sort(),
  ]);
  return {
    actor,
    epoch: createHash('sha256').update(fingerprint).digest('base64url').slice(0, 22),
    visible: Object.fromEntries(SYNCED_TABLES.map((name) => [name, visibleWhere[name](q, actor)])) as View['visible'],
  };
}
