import type { DomainRows } from '#sync/client/db.ts';
import { formatDate, formatFileSize } from '#web/lib/format.ts';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { documentProgramLabel } from './document-rules.ts';

type Doc = DomainRows['documents'];

/** View: the server serves files only as attachments, so viewing shows the document's details with a download. */
export function DocumentDetailsDialog({
  doc,
  uploaderName,
  onDownload,
  onClose,
}: {
  doc: Doc;
  uploaderName: string | null;
  onDownload: () => void;
  onClose: () => void;
}) {
  const rows: [string, string][] = [
    ['Type', doc.type],
    ['Program', documentProgramLabel(doc.programType)],
    ['Visibility', doc.isPublic ? 'Public' : 'Restricted'],
    ['File', doc.fileName],
    ['Size', formatFileSize(doc.fileSize)],
    ['Uploaded by', uploaderName ?? 'Unknown'],
    ['Created', formatDate(doc.createdAt)],
    ['Last updated', formatDate(doc.updatedAt)],
  ];
  return (
    <Modal title={doc.name} open onClose={onClose}>
      {doc.description && <p className="mb-3 whitespace-pre-line text-slate-700">{doc.description}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Close
        </button>
        <button type="button" className={buttonClass()} onClick={onDownload}>
          Download
        </button>
      </div>
    </Modal>
  );
}
