import { createFileRoute } from '@tanstack/react-router';

import { ClinicalManagementPage } from '#web/features/clinical-management/clinical-management-page.tsx';
import { CLINICAL_TABS, type ClinicalTab } from '#web/features/clinical-management/tabs.ts';
import { parseTab } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_app/clinical-management')({
  validateSearch: (search: Record<string, unknown>): { tab?: ClinicalTab } => ({
    tab: parseTab(CLINICAL_TABS, search.tab),
  }),
  component: ClinicalManagementRoute,
});

function ClinicalManagementRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ClinicalManagementPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />
  );
}
