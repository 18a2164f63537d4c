import { z } from 'zod';

import { documentMetaSchema, isAllowedExtension } from '#schema/document.ts';
import { DOCUMENT_MAX_BYTES } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';

/** The Upload Document form: the server's metadata schema plus the file checks the server makes on arrival. */
export const uploadFormSchema = documentMetaSchema.extend({
  file: z
    .instanceof(File, { message: MSG.fileRequired })
    .refine((f) => f.name !== '', MSG.fileRequired)
    .refine((f) => isAllowedExtension(f.name), MSG.fileTypeNotAllowed)
    .refine((f) => f.size <= DOCUMENT_MAX_BYTES, MSG.fileTooLarge),
});
export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadFormValues = z.output<typeof uploadFormSchema>;

/** The multipart body POST /api/documents takes; `isPublic` travels as a string. */
export const uploadFields = ({ file, name, description, type, programType, isPublic }: UploadFormValues) => ({
  file,
  name,
  ...(description ? { description } : {}),
  type,
  programType,
  isPublic: String(isPublic),
});
