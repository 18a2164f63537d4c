/**
 * The tab strip of the screens whose open tab lives in the URL (`?tab=`): skill entry and the management screens
 * (students, clinical, accreditation), so a link or a reload opens the same tab. Written to the WAI-ARIA tabs pattern
 * (arrow keys, Home and End move to a tab and open it) rather than with Headless UI's `Tab`: skill entry is a field
 * phone's first screen, where Headless UI's tabs and switch were 13.6 KB of its gzipped JavaScript, and its tabs
 * re-rendered every tab on each change. Only the open tab's panel is mounted.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

import type { TabDefs } from '../search-params.ts';

/**
 * `grid`: two or three columns on a phone, one row from md up (the management screens). `row`: one row a phone swipes
 * sideways, with a shadow at the cut edge (skill entry, where two rows of tabs pushed the first skill card's buttons
 * off the screen).
 */
const LAYOUTS = {
  grid: (count: number) => ({
    frame: '',
    list: `grid ${count > 4 ? 'grid-cols-3' : 'grid-cols-2'} gap-1 rounded-xl bg-slate-100 p-1 md:flex md:w-fit md:flex-wrap`,
    tab: 'px-2 leading-tight md:px-3',
  }),
  row: () => ({
    frame: 'rounded-xl bg-slate-100 p-1 sm:w-fit',
    list: 'flex gap-1 overflow-x-auto scroll-cue [--cue-bg:#f1f5f9] [scrollbar-width:none]',
    tab: 'shrink-0 px-3 whitespace-nowrap',
  }),
};

const STEP: Partial<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function SectionTabs<K extends string>({
  tabs,
  selected,
  onChange,
  panels,
  layout = 'grid',
}: {
  tabs: TabDefs<K>;
  selected: K | undefined;
  /** undefined for the first tab, which keeps the plain URL. */
  onChange: (tab: K | undefined) => void;
  panels: Record<K, ReactNode>;
  layout?: keyof typeof LAYOUTS;
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex(([key]) => key === selected),
  );
  const open = (i: number) => onChange(i === 0 ? undefined : tabs[i][0]);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, tabs.length);
    buttons.current[next]?.focus();
    open(next);
  };
  const tabId = (key: K) => `${id}-tab-${key}`;
  const [openKey] = tabs[index];
  const classes = LAYOUTS[layout](tabs.length);

  return (
    <div>
      <div className={classes.frame}>
        <div role="tablist" aria-orientation="horizontal" className={classes.list}>
          {tabs.map(([key, label], i) => (
            <button
              key={key}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(key)}
              aria-selected={i === index}
              aria-controls={`${id}-panel`}
              tabIndex={i === index ? 0 : -1}
              onClick={() => i !== index && open(i)}
              onKeyDown={onKeyDown}
              className={`min-h-11 rounded-lg text-sm font-semibold focus-visible:outline-3 focus-visible:outline-brand-600 ${classes.tab} ${
                i === index ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-700 hover:bg-white/60'
              }`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={tabId(openKey)}
        tabIndex={0}
        className="pt-4 focus-visible:outline-none"
      >
        {panels[openKey]}
      </div>
    </div>
  );
}
