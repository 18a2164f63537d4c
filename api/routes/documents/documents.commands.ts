import { byId } from '../../../schema/common.ts';
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES } from '../../../schema/enums.ts';
import { MSG } from '../../../schema/messages.ts';
import { documentMetaSchema, isAllowedExtension } from '../../../schema/document.ts';
import * as t from '../../../schema/tables.ts';
import { defineCommand } from '../../commands/command.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { assertCan, can } from '../../permissions/matrix.ts';
import { inProgram } from '../../permissions/scope.ts';
import { MIME_BY_EXTENSION } from './documents.files.ts';
import { documentVisibility } from './documents.queries.ts';

const MIME_TYPES = [...new Set(Object.values(MIME_BY_EXTENSION))] as [string, ...string[]];

/** The form's metadata plus what the server learnt storing the file (the route writes the file before this runs). */
export const uploadDocumentSchema = documentMetaSchema.extend({
  fileName: z.string().trim().min(1, MSG.fileRequired).max(255).refine(isAllowedExtension, MSG.fileTypeNotAllowed),
  storedName: z.uuid(),
  mimeType: z.enum(MIME_TYPES),
  fileSize: z.number().int().min(0).max(DOCUMENT_MAX_BYTES, MSG.fileTooLarge),
});

export const uploadDocument = defineCommand({
  name: 'uploadDocument',
  args: uploadDocumentSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'documents.upload');
    if (args.programId) {
      if (!ctx.find(t.programs, args.programId)) throw invalid({ programId: 'Program not found' });
      if (!inProgram(ctx.tx, ctx.actor, args.programId)) throw forbidden();
    }
    return ctx.insert(t.documents, { ...args, uploadedBy: ctx.actor.id });
  },
});

/** Its uploader or director and administration; the file stays on disk as evidence. */
export const deleteDocument = defineCommand({
  name: 'deleteDocument',
  args: byId,
  apply(ctx, { id }) {
    const doc = ctx.get(t.documents, id, 'Document');
    if (!documentVisibility(ctx.tx, ctx.actor)(doc)) throw notFound('Document');
    if (doc.uploadedBy !== ctx.actor.id && !can(ctx.actor.role, 'documents.deleteAny')) throw forbidden();
    ctx.remove(t.documents, doc);
    return { id };
  },
});

export const documentCommands = [uploadDocument, deleteDocument];
