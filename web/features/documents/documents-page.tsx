import { useEffect, useMemo, useState } from 'react';

import type { DocumentRoutes } from '#api/routes/documents/index.ts';
import { DOCUMENT_PROGRAM_TYPES, DOCUMENT_TYPES } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { fullName } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { ShowMore, useShowMore } from '#web/lib/ui/show-more.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { DocumentCard } from './document-card.tsx';
import { DocumentDetailsDialog } from './document-details-dialog.tsx';
import { byNewest, canDeleteDocument, DOCUMENT_PROGRAM_LABELS, filterDocuments } from './document-rules.ts';
import { downloadDocument } from './download.ts';
import { UploadDialog } from './upload-dialog.tsx';
import { uploadFields, type UploadFormValues } from './upload-schema.ts';

const documentsApi = apiClient<DocumentRoutes>().documents;

type Doc = DomainRows['documents'];

const TYPE_OPTIONS = [['all', 'All Types'] as const, ...DOCUMENT_TYPES.map((t) => [t, t] as const)];
const PROGRAM_OPTIONS = [
  ['all', 'All Programs'] as const,
  ...DOCUMENT_PROGRAM_TYPES.map((p) => [p, DOCUMENT_PROGRAM_LABELS[p]] as const),
];

export function DocumentsPage({
  initialQuery = '',
  uploadRequested = false,
  onUploadHandled,
}: {
  initialQuery?: string;
  /** The route's `?upload=1`: open the Upload dialog once, then `onUploadHandled` clears the flag. */
  uploadRequested?: boolean;
  onUploadHandled?: () => void;
}) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const role = user?.role ?? 'student';
  const documents = useRows('documents');
  const users = useRows('users');
  const { online } = useWriter();
  const canUpload = can(role, 'documents.upload');

  const [query, setQuery] = useState(initialQuery);
  // a new ?q= while the page is open (the header search) starts the search over, in this render rather than the next
  const [seenQuery, setSeenQuery] = useState(initialQuery);
  if (initialQuery !== seenQuery) {
    setSeenQuery(initialQuery);
    setQuery(initialQuery);
  }
  const [type, setType] = useState('all');
  const [programType, setProgramType] = useState('all');
  const [uploading, setUploading] = useState(uploadRequested && canUpload);
  const [viewing, setViewing] = useState<Doc | null>(null);
  const [deleting, setDeleting] = useState<Doc | null>(null);

  // ?upload=1 opens the dialog during render, like ?q= above; clearing the flag is a navigation, so it waits for the effect
  const [seenUploadRequest, setSeenUploadRequest] = useState(uploadRequested);
  if (uploadRequested !== seenUploadRequest) {
    setSeenUploadRequest(uploadRequested);
    if (uploadRequested && canUpload) setUploading(true);
  }
  useEffect(() => {
    if (uploadRequested) onUploadHandled?.();
  }, [uploadRequested, onUploadHandled]);

  const sorted = useMemo(() => byNewest(documents ?? []), [documents]);
  const userName = useMemo(() => new Map((users ?? []).map((u) => [u.id, fullName(u)])), [users]);
  const shown = useMemo(
    () => filterDocuments(sorted, { query, type, programType }),
    [sorted, query, type, programType],
  );
  const paged = useShowMore(shown, `${query} ${type} ${programType}`);
  if (!documents) return <Loading text="Loading documents..." />;

  const filtered = query.trim() !== '' || type !== 'all' || programType !== 'all';

  const upload = (values: UploadFormValues) =>
    online(() => documentsApi.$post({ form: uploadFields(values) }), {
      success: 'Document uploaded successfully',
      failure: 'Failed to upload document',
    });
  const remove = async (doc: Doc) => {
    await online(() => documentsApi[':id'].$delete({ param: { id: doc.id } }), {
      success: 'Document deleted successfully',
      failure: 'Failed to delete document',
    });
  };

  return (
    <section>
      <PageHeader
        title="Document Management"
        description="Policies, procedures and training material for every program"
        actions={
          canUpload && (
            <button type="button" className={buttonClass()} onClick={() => setUploading(true)}>
              Upload Document
            </button>
          )
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search documents"
          type="search"
          placeholder="Name or description"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <SelectField
          label="Document type"
          value={type}
          onChange={(e) => setType(e.target.value)}
          options={TYPE_OPTIONS}
        />
        <SelectField
          label="Program type"
          value={programType}
          onChange={(e) => setProgramType(e.target.value)}
          options={PROGRAM_OPTIONS}
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState
          title={filtered ? 'No documents found' : 'No documents yet'}
          text={
            filtered
              ? 'Try another search or filter.'
              : canUpload
                ? 'Upload the first one with Upload Document.'
                : undefined
          }
        />
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {paged.visible.map((doc) => (
              <li key={doc.id}>
                <DocumentCard
                  doc={doc}
                  canDelete={!!user && canDeleteDocument(role, user.id, doc)}
                  onDownload={() => void downloadDocument(doc)}
                  onView={() => setViewing(doc)}
                  onDelete={() => setDeleting(doc)}
                />
              </li>
            ))}
          </ul>
          <ShowMore shown={paged.visible.length} total={paged.total} noun="documents" onMore={paged.showMore} />
        </>
      )}
      {canUpload && <UploadDialog open={uploading} onClose={() => setUploading(false)} onUpload={upload} />}
      {viewing && (
        <DocumentDetailsDialog
          doc={viewing}
          uploaderName={userName.get(viewing.uploadedBy) ?? null}
          onDownload={() => void downloadDocument(viewing)}
          onClose={() => setViewing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Document"
        message={`Delete ${deleting?.name ?? 'this document'}? It is removed from the list for everyone.`}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
