import type { Tone } from '../format.ts';

const BUTTONS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-900',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
} as const;

/** Buttons are at least 44 px tall: usable with a thumb, with gloves. */
export const buttonClass = (kind: keyof typeof BUTTONS = 'primary', extra = '') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold disabled:opacity-50 ${BUTTONS[kind]} ${extra}`;

/** A tab strip that scrolls sideways on a phone, with a shadow at the edge while more tabs lie beyond it. */
export const scrollingTabsClass = '-mx-3 flex gap-1 overflow-x-auto px-3 pb-1 scroll-cue sm:mx-0 sm:px-0';

export const inputClass = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm';

/** Text and background pairs with at least 4.5:1 contrast. */
export const TONE_CLASSES: Record<Tone, string> = {
  green: 'bg-green-100 text-green-900',
  blue: 'bg-blue-100 text-blue-900',
  yellow: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
  slate: 'bg-slate-100 text-slate-800',
};

export const BAR_CLASSES: Record<Tone, string> = {
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  yellow: 'bg-amber-500',
  red: 'bg-red-600',
  slate: 'bg-slate-500',
};
