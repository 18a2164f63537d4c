import { createFileRoute } from '@tanstack/react-router';

import { DataManagementPage } from '#web/features/data-management/data-management-page.tsx';
import { type DataTabKey, isDataTabKey } from '#web/features/data-management/data-tabs.ts';

interface DataManagementSearch {
  /** The open tab, so the back button and a shared link return to it; the overview has none. */
  tab?: Exclude<DataTabKey, 'overview'>;
}

export const Route = createFileRoute('/_app/data-management')({
  validateSearch: (search: Record<string, unknown>): DataManagementSearch => ({
    tab: isDataTabKey(search.tab) && search.tab !== 'overview' ? search.tab : undefined,
  }),
  component: DataManagementRoute,
});

function DataManagementRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DataManagementPage
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next === 'overview' ? undefined : next } })}
    />
  );
}
