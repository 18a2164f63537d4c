import { createFileRoute } from '@tanstack/react-router';

import { DisciplineTrackerPage } from '#web/features/discipline-tracker/discipline-tracker-page.tsx';
import { trackerSearch } from '#web/features/discipline-tracker/route-search.ts';

export const Route = createFileRoute('/_app/police/competency-tracker')({
  validateSearch: trackerSearch,
  component: function PoliceCompetencyTracker() {
    const { q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <DisciplineTrackerPage discipline="police" query={q} onClearQuery={() => void navigate({ search: {} })} />;
  },
});
