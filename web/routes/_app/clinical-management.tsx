import { createFileRoute } from '@tanstack/react-router';
import { CLINICAL_TABS, ClinicalManagementPage, type ClinicalTab } from '../../features/clinical-management/clinical-management-page.tsx';
import { parseTab } from '../../features/student-management/section-tabs.tsx';

export const Route = createFileRoute('/_app/clinical-management')({
  validateSearch: (search: Record<string, unknown>): { tab?: ClinicalTab } => ({ tab: parseTab(CLINICAL_TABS, search.tab) }),
  component: ClinicalManagementRoute,
});

function ClinicalManagementRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ClinicalManagementPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
