/**
 * What one user may see, computed once per pull (the visible students only when a changed row needs them). The epoch fingerprints everything visibility depends on beyond a
 * row's own fields (role, programs, own student records): when it changes, the client gets a full resync, so rows
 * that became visible arrive and rows that stopped being visible go.
 */
import { createHash } from 'node:crypto';
import { and, isNull } from 'drizzle-orm';
import * as t from '../../schema/tables.ts';
import type { Actor } from '../../api/commands/command.ts';
import type { Q } from '../../api/db/open.ts';
import { can } from '../../api/permissions/matrix.ts';
import { cachedAtVersion } from '../../api/db/version-cache.ts';
import { ownStudentRecords, programScope, visibleStudentsWhere } from '../../api/permissions/scope.ts';
import { documentVisibility, type DocumentRow } from '../../api/routes/documents/documents.queries.ts';

export interface View {
  actor: Actor;
  epoch: string;
  staff: boolean;
  scope: 'all' | Set<string>;
  ownStudentIds: Set<string>;
  visibleStudentIds: Set<string>;
  canSeeDocument: (d: DocumentRow) => boolean;
}

/** The view at a data version read in the caller's read transaction, kept until the next write (it depends on nothing else). */
export const viewAt = (q: Q, actor: Actor, version: number): View =>
  cachedAtVersion(q, `sync view ${actor.id} ${actor.role}`, version, () => viewOf(q, actor));

function viewOf(q: Q, actor: Actor): View {
  const scope = programScope(q, actor);
  const ownStudentIds = new Set(actor.role === 'student' ? ownStudentRecords(q, actor).map((s) => s.id) : []);
  const fingerprint = JSON.stringify([
    actor.id,
    actor.role,
    scope === 'all' ? 'all' : [...scope].sort(),
    [...ownStudentIds].sort(),
  ]);
  let visibleStudentIds: Set<string> | undefined;
  return {
    actor,
    epoch: createHash('sha256').update(fingerprint).digest('base64url').slice(0, 22),
    staff: can(actor.role, 'staff.read'),
    scope,
    ownStudentIds,
    get visibleStudentIds() {
      visibleStudentIds ??= new Set(
        q
          .select({ id: t.students.id })
          .from(t.students)
          .where(and(isNull(t.students.deletedAt), visibleStudentsWhere(q, actor)))
          .all()
          .map((s) => s.id),
      );
      return visibleStudentIds;
    },
    canSeeDocument: documentVisibility(q, actor),
  };
}

export const inScope = (view: View, programId: string | null) =>
  programId === null || view.scope === 'all' || view.scope.has(programId);
