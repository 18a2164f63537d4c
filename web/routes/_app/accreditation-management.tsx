import { createFileRoute } from '@tanstack/react-router';

import { AccreditationPage } from '#web/features/accreditation/accreditation-page.tsx';
import { ACCREDITATION_TABS, type AccreditationTab } from '#web/features/accreditation/tabs.ts';
import { parseTab } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_app/accreditation-management')({
  validateSearch: (search: Record<string, unknown>): { tab?: AccreditationTab } => ({
    tab: parseTab(ACCREDITATION_TABS, search.tab),
  }),
  component: AccreditationRoute,
});

function AccreditationRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AccreditationPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />
  );
}
