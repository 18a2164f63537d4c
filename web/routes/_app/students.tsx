import { createFileRoute } from '@tanstack/react-router';
import { StudentsPage } from '../../features/students/students-page.tsx';

interface StudentsSearch {
  q?: string;
  add?: '1';
}

export const Route = createFileRoute('/_app/students')({
  // the router parses search values as JSON: `?add=1` arrives as the number 1, `?q=2026` as a number too
  validateSearch: (search: Record<string, unknown>): StudentsSearch => ({
    q: typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q) || undefined : undefined,
    add: search.add === '1' || search.add === 1 ? '1' : undefined,
  }),
  component: StudentsRoute,
});

function StudentsRoute() {
  const { q, add } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StudentsPage q={q} addRequested={add === '1'}
      onAddHandled={() => void navigate({ search: (s) => ({ ...s, add: undefined }), replace: true })} />
  );
}
