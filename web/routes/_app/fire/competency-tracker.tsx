import { createFileRoute } from '@tanstack/react-router';

import { DisciplineTrackerPage } from '#web/features/discipline-tracker/discipline-tracker-page.tsx';
import { trackerSearch } from '#web/features/discipline-tracker/route-search.ts';

export const Route = createFileRoute('/_app/fire/competency-tracker')({
  validateSearch: trackerSearch,
  component: function FireCompetencyTracker() {
    const { q } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <DisciplineTrackerPage discipline="fire" query={q} onClearQuery={() => void navigate({ search: {} })} />;
  },
});
