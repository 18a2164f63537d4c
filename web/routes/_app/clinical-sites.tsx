import { createFileRoute } from '@tanstack/react-router';
import { ClinicalSitesPage } from '../../features/clinical-sites/clinical-sites-page.tsx';

interface ClinicalSitesSearch {
  q?: string;
}

export const Route = createFileRoute('/_app/clinical-sites')({
  // the router parses search values as JSON: `?q=2026` arrives as a number
  validateSearch: (search: Record<string, unknown>): ClinicalSitesSearch => ({
    q: typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q) || undefined : undefined,
  }),
  component: ClinicalSitesRoute,
});

function ClinicalSitesRoute() {
  const { q } = Route.useSearch();
  return <ClinicalSitesPage initialQuery={q} />;
}
