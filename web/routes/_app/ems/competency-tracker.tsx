import { createFileRoute } from '@tanstack/react-router';

import { EmsTrackerPage } from '#web/features/ems-tracker/ems-tracker-page.tsx';

interface TrackerSearch {
  /** Part of a skill name (the header search opens the tracker with it). */
  q?: string;
}

export const Route = createFileRoute('/_app/ems/competency-tracker')({
  validateSearch: (search: Record<string, unknown>): TrackerSearch => ({
    q: typeof search.q === 'string' && search.q ? search.q : undefined,
  }),
  component: CompetencyTrackerRoute,
});

function CompetencyTrackerRoute() {
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EmsTrackerPage
      query={q ?? ''}
      onQueryChange={(next) => void navigate({ search: { q: next || undefined }, replace: true })}
    />
  );
}
