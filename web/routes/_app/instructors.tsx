import { createFileRoute } from '@tanstack/react-router';

import { InstructorsPage } from '#web/features/instructors/instructors-page.tsx';
import { searchFlag, searchText } from '#web/lib/search-params.ts';

interface InstructorsSearch {
  q?: string;
  add?: '1';
}

export const Route = createFileRoute('/_app/instructors')({
  validateSearch: (search: Record<string, unknown>): InstructorsSearch => ({
    q: searchText(search.q),
    add: searchFlag(search.add),
  }),
  component: InstructorsRoute,
});

function InstructorsRoute() {
  const { q, add } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InstructorsPage
      q={q}
      addRequested={add === '1'}
      onAddHandled={() => void navigate({ search: (s) => ({ ...s, add: undefined }), replace: true })}
    />
  );
}
