/** Pieces the three report pages share: tabs, the answer's loading/failed/offline states, and the Export button. */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

import type { ReportRoutes } from '#api/routes/reports/index.ts';
import { localDay } from '#schema/dates.ts';
import { downloadCsv } from '#web/lib/csv.ts';
import { type CachedAnswer, serverClient } from '#web/lib/server-reads.ts';
import { Loading } from '#web/lib/ui/display.tsx';
import { LastUpdated } from '#web/lib/ui/last-updated.tsx';
import { buttonClass, scrollingTabsClass } from '#web/lib/ui/styles.ts';

import type { CsvTable } from './report-rules.ts';

/** The report calls, typed by the server's routes; the app keeps the last answer of each per user (useServerRead). */
export const REPORTS = serverClient<ReportRoutes>().reports;

/** Renders the data once it is in; while loading, or when it failed with nothing saved, says so. */
export function AnswerView<T>({
  answer,
  what,
  children,
}: {
  answer: CachedAnswer<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (answer.status === 'loading') return <Loading text={`Loading ${what}...`} />;
  if (answer.status === 'failed') {
    return (
      <p role="alert" className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700 shadow-sm">
        Unable to load {what}. Check your connection and try again.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {answer.savedAt && <LastUpdated at={answer.savedAt} />}
      {children(answer.data)}
    </div>
  );
}

export function ReportTabs({
  tabs,
  selectedIndex,
  onChange,
}: {
  tabs: { label: string; panel: ReactNode }[];
  selectedIndex: number;
  onChange: (index: number) => void;
}) {
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <TabList className={scrollingTabsClass}>
        {tabs.map((tab) => (
          <Tab
            key={tab.label}
            className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 data-[selected]:bg-brand-700 data-[selected]:text-white"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {/* Panels mount only while selected, so a chart's code loads when its tab opens */}
      <TabPanels className="mt-3">
        {tabs.map((tab) => (
          <TabPanel key={tab.label}>{tab.panel}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}

/** Downloads what the page shows; disabled until there is an answer. `name` becomes `<name>-<day>.csv`. */
export function ExportButton({ label, name, table }: { label: string; name: string; table: CsvTable | null }) {
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      disabled={!table}
      onClick={() => table && downloadCsv(`${name}-${localDay(new Date())}.csv`, table.rows, table.columns)}
    >
      {label}
    </button>
  );
}

/** Filters two to a row on a phone (the search takes a whole row), four on a wide screen. */
export function FilterCard({ children }: { children: ReactNode }) {
  return (
    <div className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-4">
      {children}
    </div>
  );
}

/** How many of the records the filters leave, announced as they change. */
export function ResultCount({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  return (
    <p role="status" className="text-sm text-slate-600">
      Showing {shown} of {total} {noun}
    </p>
  );
}
