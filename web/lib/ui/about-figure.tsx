import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';

import type { FigureTerm } from '#schema/figures.ts';

import { AboutMark } from './about-figure-mark.tsx';

/**
 * The "About this figure" button beside a figure's name: a tap opens what exactly the figure counts. A 44 px target
 * around a small mark; the panel keeps inside a phone's width.
 */
export function AboutFigure({ figure, className = '' }: { figure: FigureTerm; className?: string }) {
  return (
    <Popover className={className}>
      <PopoverButton
        aria-label={`About this figure: ${figure.name}`}
        className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:text-brand-700 focus-visible:outline-none data-[focus]:outline-3 data-[focus]:outline-brand-600"
      >
        <AboutMark />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 4, padding: 8 }}
        className="z-30 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-lg"
      >
        <p className="font-semibold text-slate-900">{figure.name}</p>
        <p className="mt-1">{figure.about}</p>
      </PopoverPanel>
    </Popover>
  );
}
