import type { DomainRows } from '#sync/client/db.ts';
import { formatDate, formatFileSize } from '#web/lib/format.ts';
import { Badge } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { documentProgramLabel } from './document-rules.ts';

type Doc = DomainRows['documents'];

export function DocumentCard({
  doc,
  canDelete,
  onDownload,
  onView,
  onDelete,
}: {
  doc: Doc;
  canDelete: boolean;
  onDownload: () => void;
  onView: () => void;
  onDelete: () => void;
}) {
  const headingId = `document-${doc.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={headingId} className="break-words font-semibold text-slate-900">
        {doc.name}
      </h3>
      <div className="flex flex-wrap gap-1">
        <Badge tone="blue">{doc.type}</Badge>
        <Badge>{documentProgramLabel(doc.programType)}</Badge>
        {doc.isPublic && <Badge tone="green">Public</Badge>}
      </div>
      {doc.description && <p className="whitespace-pre-line text-sm text-slate-700">{doc.description}</p>}
      <p className="text-sm text-slate-600">
        {formatFileSize(doc.fileSize)} · {formatDate(doc.createdAt)}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <button
          type="button"
          className={buttonClass('primary', 'flex-1')}
          onClick={onDownload}
          aria-label={`Download ${doc.name}`}
        >
          Download
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onView} aria-label={`View ${doc.name}`}>
          View
        </button>
        {canDelete && (
          <button
            type="button"
            className={buttonClass('secondary', 'text-red-700')}
            onClick={onDelete}
            aria-label={`Delete ${doc.name}`}
          >
            Delete
          </button>
        )}
      </div>
    </article>
  );
}
