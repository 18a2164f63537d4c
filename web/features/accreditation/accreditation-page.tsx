/** Accreditation Management (/accreditation-management): CoAEMSP requirements and the 2025 Resource Assessment Matrix. */
import { can } from '#schema/permissions.ts';
import { AnnualReportTab } from '#web/features/annual-report/index.ts';
import { useSession } from '#web/lib/session.tsx';
import { PageHeader } from '#web/lib/ui/display.tsx';
import { SectionTabs } from '#web/lib/ui/section-tabs.tsx';

import { RamTab } from './ram-tab.tsx';
import { RequirementsTab } from './requirements-tab.tsx';
import { ACCREDITATION_TABS, type AccreditationTab } from './tabs.ts';

export function AccreditationPage({
  tab,
  onTabChange,
}: {
  tab?: AccreditationTab;
  onTabChange: (tab?: AccreditationTab) => void;
}) {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'student';
  const canManage = can(role, 'accreditation.manage');
  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Accreditation Management"
        description="CoAEMSP requirements and the Resource Assessment Matrix"
      />
      <SectionTabs
        tabs={ACCREDITATION_TABS}
        selected={tab}
        onChange={onTabChange}
        panels={{
          requirements: <RequirementsTab canManage={canManage} />,
          ram: <RamTab canManage={canManage} />,
          'annual-report': can(role, 'annualReport.manage') ? (
            <AnnualReportTab />
          ) : (
            <p className="text-sm text-slate-700">
              The annual report is for program directors and clinical coordinators.
            </p>
          ),
        }}
      />
    </section>
  );
}
