/** Clinical Management (/clinical-management): four tiles and six tabs over the device's sites, hours, requests and shifts. */
import { useMemo, useState } from 'react';

import { localDay } from '#schema/dates.ts';
import { can } from '#schema/permissions.ts';
import { useRows } from '#web/lib/data.ts';
import { useSession } from '#web/lib/session.tsx';
import { Loading, PageHeader, Tile, TileSkeleton } from '#web/lib/ui/display.tsx';
import { SectionTabs } from '#web/lib/ui/section-tabs.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { AddSiteDialog } from './add-site-dialog.tsx';
import { CalendarTab } from './calendar-tab.tsx';
import { ClinicalReportsTab } from './clinical-reports-tab.tsx';
import { clinicalTiles } from './clinical-rules.ts';
import { EmailManagementTab } from './email-management-tab.tsx';
import { useClinicalLookups } from './lookups.ts';
import { RotationsTab } from './rotations-tab.tsx';
import { SitesTab } from './sites-tab.tsx';
import { CLINICAL_TABS, type ClinicalTab } from './tabs.ts';
import { TimeRequestsTab } from './time-requests-tab.tsx';

export function ClinicalManagementPage({
  tab,
  onTabChange,
}: {
  tab?: ClinicalTab;
  onTabChange: (tab?: ClinicalTab) => void;
}) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const role = user?.role ?? 'student';
  const sites = useRows('clinicalSites');
  const hours = useRows('clinicalHours');
  const requests = useRows('requests');
  const shifts = useRows('shifts');
  const bookings = useRows('shiftBookings');
  const lookups = useClinicalLookups();
  const today = localDay(new Date());
  const [adding, setAdding] = useState(false);

  const tiles = useMemo(
    () => (sites && hours && shifts && bookings ? clinicalTiles(sites, hours, { shifts, bookings }, today) : undefined),
    [sites, hours, shifts, bookings, today],
  );
  const canManage = can(role, 'sites.manage');

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Clinical Management"
        description="Clinical sites, time requests, shifts and rotations"
        actions={
          canManage && (
            <button type="button" className={buttonClass()} onClick={() => setAdding(true)}>
              Add Clinical Site
            </button>
          )
        }
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles ? (
          <>
            <Tile label="Active Sites" value={tiles.activeSites} />
            <Tile label="Total Capacity" value={tiles.totalCapacity} hint="Student places at active sites" />
            <Tile label="Clinical Hours" value={tiles.clinicalHours} hint="Verified so far" />
            <Tile
              label="Active Rotations"
              value={tiles.activeRotations}
              hint="Booked clinical and field shifts today"
            />
          </>
        ) : (
          <TileSkeleton count={4} />
        )}
      </div>
      {!sites || !hours || !requests || !shifts || !bookings || !lookups || !user ? (
        <Loading text="Loading clinical data..." />
      ) : (
        <SectionTabs
          tabs={CLINICAL_TABS}
          selected={tab}
          onChange={onTabChange}
          panels={{
            sites: <SitesTab sites={sites} requests={requests} hours={hours} lookups={lookups} />,
            requests: <TimeRequestsTab user={user} sites={sites} requests={requests} lookups={lookups} />,
            calendar: <CalendarTab lookups={lookups} today={today} />,
            emails: <EmailManagementTab role={role} sites={sites} />,
            rotations: <RotationsTab shifts={shifts} bookings={bookings} lookups={lookups} today={today} />,
            reports: (
              <ClinicalReportsTab
                sites={sites}
                requests={requests}
                hours={hours}
                shifts={shifts}
                bookings={bookings}
                lookups={lookups}
                today={today}
              />
            ),
          }}
        />
      )}
      {canManage && <AddSiteDialog open={adding} onClose={() => setAdding(false)} />}
    </section>
  );
}
