/** Data Management (/data-management): counts and lists from the device's database; creating records is a desk call. */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useMemo, useRef } from 'react';

import type { Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import { useRows } from '#web/lib/data.ts';
import { useSession } from '#web/lib/session.tsx';
import { Loading, PageHeader, Tile, TileSkeleton } from '#web/lib/ui/display.tsx';
import { buttonClass, scrollingTabsClass } from '#web/lib/ui/styles.ts';

import { DocumentsPage } from '../documents/index.ts';
import { DATA_TABS, type DataTabKey, openTab, overviewCounts, restrictedTabs, tabAllowed } from './data-tabs.ts';
import { ProgramsTab } from './programs-tab.tsx';
import { SitesTab } from './sites-tab.tsx';
import { SkillsTab } from './skills-tab.tsx';
import { UsersTab } from './users-tab.tsx';

interface TabProps {
  /** The tab the URL asks for; one the role may not open falls back to the overview. */
  tab?: string;
  onTabChange: (tab: DataTabKey) => void;
}

export function DataManagementPage(props: TabProps) {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'student';
  return <DataManagement role={role} {...props} />;
}

const QUICK_ACTIONS: readonly { tab: DataTabKey; label: string }[] = [
  { tab: 'users', label: 'Manage Users' },
  { tab: 'programs', label: 'Manage Programs' },
  { tab: 'sites', label: 'Manage Clinical Sites' },
  { tab: 'skills', label: 'Browse Skills' },
  { tab: 'documents', label: 'Browse Documents' },
];

function useDataRows() {
  const users = useRows('users');
  const programs = useRows('programs');
  const clinicalSites = useRows('clinicalSites');
  const skills = useRows('skills');
  const documents = useRows('documents');
  const accreditationRequirements = useRows('accreditationRequirements');
  return useMemo(
    () =>
      users && programs && clinicalSites && skills && documents && accreditationRequirements
        ? { users, programs, clinicalSites, skills, documents, accreditationRequirements }
        : undefined,
    [users, programs, clinicalSites, skills, documents, accreditationRequirements],
  );
}

export function DataManagement({ role, tab, onTabChange }: TabProps & { role: Role }) {
  const rows = useDataRows();
  const current = openTab(role, tab);
  const restricted = restrictedTabs(role);
  const tabList = useRef<HTMLDivElement>(null);
  // on a phone the tab row scrolls sideways; a tab opened by link or quick action must not sit out of sight
  useEffect(() => {
    tabList.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <section>
      <PageHeader
        title="Data Management"
        description="Users, programs, clinical sites, the standards catalogue and documents"
      />
      <TabGroup
        selectedIndex={DATA_TABS.findIndex((t) => t.key === current)}
        onChange={(i) => onTabChange(DATA_TABS[i].key)}
      >
        <TabList ref={tabList} className={scrollingTabsClass}>
          {DATA_TABS.map((t) => (
            <Tab
              key={t.key}
              disabled={!tabAllowed(role, t)}
              aria-describedby={tabAllowed(role, t) ? undefined : 'access-restricted'}
              className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[disabled]:hover:bg-transparent data-[selected]:bg-brand-700 data-[selected]:text-white"
            >
              {t.label}
            </Tab>
          ))}
        </TabList>
        {restricted.length > 0 && (
          <div
            id="access-restricted"
            role="note"
            className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p className="font-semibold">Access Restricted</p>
            <ul className="mt-1 list-disc pl-5">
              {restricted.map((t) => (
                <li key={t.key}>
                  {t.label}: {t.restriction}
                </li>
              ))}
            </ul>
          </div>
        )}
        <TabPanels className="mt-4">
          <TabPanel>
            <h3 className="sr-only">Overview</h3>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
              {rows ? (
                overviewCounts(rows).map((c) => <Tile key={c.label} label={c.label} value={c.value} />)
              ) : (
                <TileSkeleton count={6} />
              )}
            </div>
            <h3 className="mt-6 mb-2 font-semibold text-slate-900">Quick Actions</h3>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5">
              {QUICK_ACTIONS.map((a) => (
                <button
                  key={a.tab}
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={!tabAllowed(role, a.tab)}
                  onClick={() => onTabChange(a.tab)}
                >
                  {a.label}
                </button>
              ))}
            </div>
          </TabPanel>
          <TabPanel>{rows ? <UsersTab users={rows.users} /> : <Loading text="Loading users..." />}</TabPanel>
          <TabPanel>
            {rows ? <ProgramsTab programs={rows.programs} /> : <Loading text="Loading programs..." />}
          </TabPanel>
          <TabPanel>
            {rows ? <SitesTab sites={rows.clinicalSites} /> : <Loading text="Loading clinical sites..." />}
          </TabPanel>
          <TabPanel>
            {rows ? (
              <SkillsTab skills={rows.skills} canManage={can(role, 'skills.manage')} />
            ) : (
              <Loading text="Loading skills..." />
            )}
          </TabPanel>
          <TabPanel>
            <DocumentsPage />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}
