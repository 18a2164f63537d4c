import { createFileRoute } from '@tanstack/react-router';

import { ClinicalSitesPage } from '#web/features/clinical-sites/clinical-sites-page.tsx';
import { searchText } from '#web/lib/search-params.ts';

interface ClinicalSitesSearch {
  q?: string;
}

export const Route = createFileRoute('/_app/clinical-sites')({
  validateSearch: (search: Record<string, unknown>): ClinicalSitesSearch => ({
    q: searchText(search.q),
  }),
  component: ClinicalSitesRoute,
});

function ClinicalSitesRoute() {
  const { q } = Route.useSearch();
  return <ClinicalSitesPage initialQuery={q} />;
}
