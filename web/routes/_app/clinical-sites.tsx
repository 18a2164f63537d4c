import { createFileRoute } from '@tanstack/react-router';
import { searchText } from '../../lib/search-params.ts';
import { ClinicalSitesPage } from '../../features/clinical-sites/clinical-sites-page.tsx';

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
