import { desc, isNull } from 'drizzle-orm';
import * as t from '../../../schema/tables.ts';
import type { Actor } from '../../commands/command.ts';
import type { Q } from '../../db/open.ts';
import { can } from '../../permissions/matrix.ts';
import { programScope } from '../../permissions/scope.ts';

export type DocumentRow = typeof t.documents.$inferSelect;

/**
 * Who may see a document: everyone a public one; its uploader; staff and students of its program; staff a
 * non-public one of no program; director and administration all. One rule for the list, downloads and deletes.
 */
export function documentVisibility(q: Q, actor: Actor): (d: DocumentRow) => boolean {
  if (can(actor.role, 'documents.readAll')) return () => true;
  const scope = programScope(q, actor);
  const staff = can(actor.role, 'staff.read');
  return (d) =>
    d.isPublic || d.uploadedBy === actor.id || (d.programId ? scope === 'all' || scope.has(d.programId) : staff);
}

/** The stored file's own name never leaves the server. */
export const documentToApi = (d: DocumentRow) => ({
  id: d.id,
  name: d.name,
  description: d.description,
  type: d.type,
  programType: d.programType,
  programId: d.programId,
  isPublic: d.isPublic,
  fileSize: d.fileSize,
  fileName: d.fileName,
  mimeType: d.mimeType,
  uploadedBy: d.uploadedBy,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

export function listDocuments(q: Q, actor: Actor) {
  const visible = documentVisibility(q, actor);
  return q
    .select()
    .from(t.documents)
    .where(isNull(t.documents.deletedAt))
    .orderBy(desc(t.documents.createdAt))
    .all()
    .filter(visible)
    .map(documentToApi);
}
