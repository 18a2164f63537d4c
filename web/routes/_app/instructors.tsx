import { createFileRoute } from '@tanstack/react-router';
import { InstructorsPage } from '../../features/instructors/instructors-page.tsx';

interface InstructorsSearch {
  q?: string;
  add?: '1';
}

export const Route = createFileRoute('/_app/instructors')({
  // the router parses search values as JSON: `?add=1` arrives as the number 1, `?q=2026` as a number too
  validateSearch: (search: Record<string, unknown>): InstructorsSearch => ({
    q: typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q) || undefined : undefined,
    add: search.add === '1' || search.add === 1 ? '1' : undefined,
  }),
  component: InstructorsRoute,
});

function InstructorsRoute() {
  const { q, add } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InstructorsPage q={q} addRequested={add === '1'}
      onAddHandled={() => void navigate({ search: (s) => ({ ...s, add: undefined }), replace: true })} />
  );
}
