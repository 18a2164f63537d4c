/** Filters and small rules of the Document Management screen, kept free of React so they are easy to test. */
import { fileExtension } from '#schema/document.ts';
import { type DocumentProgramType, PROGRAM_TYPE_LABELS, type Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import type { DomainRows } from '#sync/client/db.ts';

type Doc = DomainRows['documents'];

export const DOCUMENT_PROGRAM_LABELS: Record<DocumentProgramType, string> = {
  ...PROGRAM_TYPE_LABELS,
  general: 'General',
};
export const documentProgramLabel = (p: string) => DOCUMENT_PROGRAM_LABELS[p as DocumentProgramType] ?? p;

export interface DocumentFilters {
  query: string;
  /** A document type, or 'all'. */
  type: string;
  /** A document program type, or 'all'. */
  programType: string;
}

/** Search over name and description; type and program-type filters. */
export function filterDocuments<D extends Pick<Doc, 'name' | 'description' | 'type' | 'programType'>>(
  docs: readonly D[],
  f: DocumentFilters,
): D[] {
  const needle = f.query.trim().toLowerCase();
  return docs.filter(
    (d) =>
      (!needle || [d.name, d.description].some((v) => v?.toLowerCase().includes(needle))) &&
      (f.type === 'all' || d.type === f.type) &&
      (f.programType === 'all' || d.programType === f.programType),
  );
}

/** The document's name, with the uploaded file's extension when the name lacks it, so the saved file opens. */
export function downloadName(doc: Pick<Doc, 'name' | 'fileName'>): string {
  const ext = fileExtension(doc.fileName);
  const name = doc.name.trim().replace(/[\\/:*?"<>|]/g, '_') || doc.fileName;
  return ext && fileExtension(name) !== ext ? `${name}.${ext}` : name;
}

/** What the server allows: director and administration delete any document, everyone else their own uploads. */
export const canDeleteDocument = (role: Role, userId: string, doc: Pick<Doc, 'uploadedBy'>) =>
  can(role, 'documents.deleteAny') || doc.uploadedBy === userId;

/** Newest first. */
export const byNewest = <D extends Pick<Doc, 'createdAt'>>(docs: readonly D[]) =>
  [...docs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
