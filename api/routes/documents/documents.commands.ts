import { z } from 'zod';

import { defineCommand } from '#api/commands/command.ts';
import { forbidden, invalid, notFound } from '#api/http/errors.ts';
import { assertCan, can } from '#api/permissions/matrix.ts';
import { inProgram } from '#api/permissions/scope.ts';
import { byId } from '#schema/common.ts';
import { documentMetaSchema, isAllowedExtension } from '#schema/document.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

import { canSeeDocument } from './documents.queries.ts';
import { assertProgramHasRoom } from './documents.quota.ts';

/** The form's metadata and the name of the file the user chose. */
const uploadDocumentSchema = documentMetaSchema.extend({
  fileName: z.string().trim().min(1, MSG.fileRequired).max(255).refine(isAllowedExtension, MSG.fileTypeNotAllowed),
});

/** What the upload handler learnt storing the file: never read from a request, so no one can point at another's file. */
export interface StoredFile {
  storedName: string;
  mimeType: string;
  fileSize: number;
}

/**
 * The command for one stored file; its arguments carry no file facts. Not in the command registry: without a file
 * the upload handler has stored, there is nothing to record. The file must fit in its program's `quotaBytes`.
 */
export const uploadDocument = (stored: StoredFile, quotaBytes: number) =>
  defineCommand({
    name: 'uploadDocument',
    args: uploadDocumentSchema,
    apply(ctx, args) {
      assertCan(ctx.actor, 'documents.upload');
      if (args.programId) {
        if (!ctx.find(t.programs, args.programId)) throw invalid({ programId: 'Program not found' });
        if (!inProgram(ctx.tx, ctx.actor, args.programId)) throw forbidden();
      }
      assertProgramHasRoom(ctx.tx, args.programId, stored.fileSize, quotaBytes);
      return ctx.insert(t.documents, { ...args, ...stored, uploadedBy: ctx.actor.id });
    },
  });

/** Its uploader or director and administration; the file stays on disk as evidence. */
export const deleteDocument = defineCommand({
  name: 'deleteDocument',
  args: byId,
  apply(ctx, { id }) {
    const doc = ctx.get(t.documents, id, 'Document');
    if (!canSeeDocument(ctx.tx, ctx.actor, doc.id)) throw notFound('Document');
    if (doc.uploadedBy !== ctx.actor.id && !can(ctx.actor.role, 'documents.deleteAny')) throw forbidden();
    ctx.remove(t.documents, doc);
    return { id };
  },
});

export const documentCommands = [deleteDocument];
