import { createFileRoute } from '@tanstack/react-router';
import { DocumentsPage } from '../../features/documents/documents-page.tsx';

interface DocumentsSearch {
  q?: string;
  /** '1' opens the Upload Document dialog (the dashboard's Upload Document action links here). */
  upload?: '1';
}

export const Route = createFileRoute('/_app/documents')({
  // the router parses search values as JSON: `?upload=1` arrives as the number 1, `?q=2026` as a number too
  validateSearch: (search: Record<string, unknown>): DocumentsSearch => ({
    q: typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q) || undefined : undefined,
    upload: search.upload === '1' || search.upload === 1 ? '1' : undefined,
  }),
  component: DocumentsRoute,
});

function DocumentsRoute() {
  const { q, upload } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DocumentsPage initialQuery={q} uploadRequested={upload === '1'}
      onUploadHandled={() => void navigate({ search: (s) => ({ ...s, upload: undefined }), replace: true })} />
  );
}
