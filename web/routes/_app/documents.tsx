import { createFileRoute } from '@tanstack/react-router';

import { DocumentsPage } from '#web/features/documents/documents-page.tsx';
import { searchFlag, searchText } from '#web/lib/search-params.ts';

interface DocumentsSearch {
  q?: string;
  /** '1' opens the Upload Document dialog (the dashboard's Upload Document action links here). */
  upload?: '1';
}

export const Route = createFileRoute('/_app/documents')({
  validateSearch: (search: Record<string, unknown>): DocumentsSearch => ({
    q: searchText(search.q),
    upload: searchFlag(search.upload),
  }),
  component: DocumentsRoute,
});

function DocumentsRoute() {
  const { q, upload } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DocumentsPage
      initialQuery={q}
      uploadRequested={upload === '1'}
      onUploadHandled={() => void navigate({ search: (s) => ({ ...s, upload: undefined }), replace: true })}
    />
  );
}
