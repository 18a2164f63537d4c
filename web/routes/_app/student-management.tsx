import { createFileRoute } from '@tanstack/react-router';

import { StudentManagementPage } from '#web/features/student-management/student-management-page.tsx';
import { STUDENT_MANAGEMENT_TABS, type StudentManagementTab } from '#web/features/student-management/tabs.ts';
import { parseTab } from '#web/lib/search-params.ts';

export const Route = createFileRoute('/_app/student-management')({
  validateSearch: (search: Record<string, unknown>): { tab?: StudentManagementTab } => ({
    tab: parseTab(STUDENT_MANAGEMENT_TABS, search.tab),
  }),
  component: StudentManagementRoute,
});

function StudentManagementRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <StudentManagementPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />
  );
}
