import { z } from 'zod';

import { clientId, optionalRefId, optionalText, requiredText } from './common.ts';
import { DOCUMENT_EXTENSIONS } from './enums.ts';
import { MSG } from './messages.ts';
import { documentProgramType, documentType } from './spelling.ts';

/** Metadata fields of the upload form; the file itself travels as multipart. `isPublic` arrives as a string. */
export const documentMetaSchema = z.object({
  id: clientId(),
  name: requiredText(MSG.documentNameRequired),
  description: optionalText(2000),
  type: documentType(MSG.documentTypeRequired),
  programType: documentProgramType(MSG.programTypeRequired),
  programId: optionalRefId(),
  isPublic: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
});
export type DocumentMeta = z.infer<typeof documentMetaSchema>;

export const fileExtension = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};
export const isAllowedExtension = (fileName: string) =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
