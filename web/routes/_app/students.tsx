import { createFileRoute } from '@tanstack/react-router';

import { StudentsPage } from '#web/features/students/students-page.tsx';
import { searchFlag, searchText } from '#web/lib/search-params.ts';

interface StudentsSearch {
  q?: string;
  add?: '1';
}

export const Route = createFileRoute('/_app/students')({
  validateSearch: (search: Record<string, unknown>): StudentsSearch => ({
    q: searchText(search.q),
    add: searchFlag(search.add),
  }),
  component: StudentsRoute,
});

function StudentsRoute() {
  const { q, add } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StudentsPage
      q={q}
      addRequested={add === '1'}
      onAddHandled={() => void navigate({ search: (s) => ({ ...s, add: undefined }), replace: true })}
    />
  );
}
