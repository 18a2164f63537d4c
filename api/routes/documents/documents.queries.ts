import { and, desc, eq, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { DocumentAnswer } from '#schema/api-answers.ts';
import * as t from '#schema/tables.ts';

export type DocumentRow = typeof t.documents.$inferSelect;

/** Whether the actor may see the document: the list's rule (visibility.ts), for downloads and deletes. */
export const canSeeDocument = (q: Q, actor: Actor, id: string) =>
  q
    .select({ id: t.documents.id })
    .from(t.documents)
    .where(and(eq(t.documents.id, id), visibleWhere.documents(q, actor)))
    .get() !== undefined;

/** The stored file's own name never leaves the server. */
export const documentToApi = (d: DocumentRow): DocumentAnswer => ({
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
  return q
    .select()
    .from(t.documents)
    .where(and(isNull(t.documents.deletedAt), visibleWhere.documents(q, actor)))
    .orderBy(desc(t.documents.createdAt))
    .all()
    .map(documentToApi);
}
