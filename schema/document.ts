import { z } from 'zod';
import { DOCUMENT_EXTENSIONS, DOCUMENT_PROGRAM_TYPES, DOCUMENT_TYPES } from './enums.ts';
import { MSG } from './messages.ts';
import { clientId, optionalText, requiredText } from './common.ts';

/** Metadata fields of the upload form; the file itself travels as multipart. `isPublic` arrives as a string. */
export const documentMetaSchema = z.object({
  id: clientId(),
  name: requiredText(MSG.documentNameRequired),
  description: optionalText(2000),
  type: z.enum(DOCUMENT_TYPES, { error: MSG.documentTypeRequired }),
  programType: z.enum(DOCUMENT_PROGRAM_TYPES, { error: MSG.programTypeRequired }),
  programId: z.string().trim().max(64).nullish().transform((v) => (v ? v : null)),
  isPublic: z.union([z.boolean(), z.enum(['true', 'false'])]).default(false).transform((v) => v === true || v === 'true'),
});
export type DocumentMeta = z.infer<typeof documentMetaSchema>;

export const fileExtension = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};
export const isAllowedExtension = (fileName: string) =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
