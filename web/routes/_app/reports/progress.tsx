import { createFileRoute } from '@tanstack/react-router';

import { ProgressReportsPage } from '#web/features/reports/progress-page.tsx';
import { searchText } from '#web/lib/search-params.ts';

interface ProgressSearch {
  /** Prefills the Student Progress search (Student Records' View Progress Report sends the student ID). */
  q?: string;
}

export const Route = createFileRoute('/_app/reports/progress')({
  validateSearch: (search: Record<string, unknown>): ProgressSearch => ({ q: searchText(search.q) }),
  component: ProgressRoute,
});

function ProgressRoute() {
  const { q } = Route.useSearch();
  return <ProgressReportsPage initialQuery={q} />;
}
