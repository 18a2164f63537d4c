/**
 * The tab strip of the management screens (students, clinical, accreditation). The open tab lives in the URL
 * (`?tab=`), so a link or a reload opens the same tab.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

import type { TabDefs } from '../search-params.ts';

export function SectionTabs<K extends string>({
  tabs,
  selected,
  onChange,
  panels,
}: {
  tabs: TabDefs<K>;
  selected: K | undefined;
  /** undefined for the first tab, which keeps the plain URL. */
  onChange: (tab: K | undefined) => void;
  panels: Record<K, ReactNode>;
}) {
  const index = Math.max(
    0,
    tabs.findIndex(([key]) => key === selected),
  );
  return (
    <TabGroup selectedIndex={index} onChange={(i) => onChange(i === 0 ? undefined : tabs[i][0])}>
      <TabList
        className={`grid ${tabs.length > 4 ? 'grid-cols-3' : 'grid-cols-2'} gap-1 rounded-xl bg-slate-100 p-1 md:flex md:w-fit md:flex-wrap`}
      >
        {tabs.map(([key, label]) => (
          <Tab
            key={key}
            className="min-h-11 rounded-lg px-2 text-sm leading-tight font-semibold text-slate-700 hover:bg-white/60 focus-visible:outline-none data-[focus]:outline-3 data-[focus]:outline-brand-600 data-[selected]:bg-white data-[selected]:text-brand-700 data-[selected]:shadow-sm md:px-3"
          >
            {label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map(([key]) => (
          <TabPanel key={key} className="focus-visible:outline-none">
            {panels[key]}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
