/** Small display pieces every screen shares: tiles, badges, bars, empty and loading states. */
import type { ReactNode } from 'react';

import type { FigureTerm } from '#schema/figures.ts';

import type { Tone } from '../format.ts';
import { AboutMark } from './about-figure-mark.tsx';
import { lazyPart } from './lazy-part.tsx';
import { BAR_CLASSES, TONE_CLASSES } from './styles.ts';

/**
 * The button that says what a figure counts comes once its code is here: Headless UI's popover and its positioning
 * are 19 KB, more than the rest of a tile's screen, so the shell fetches it after the first screen is up and the tile
 * shows the mark alone until then.
 */
export const AboutFigure = lazyPart(
  () => import('./about-figure.tsx'),
  (m) => m.AboutFigure,
  'About this figure',
);

function AboutFigureWhenLoaded({ figure }: { figure: FigureTerm }) {
  return AboutFigure.useLoaded() ? (
    <AboutFigure figure={figure} className="absolute top-1 right-1" whenNotLoaded={<AboutFigurePlaceholder />} />
  ) : (
    <AboutFigurePlaceholder />
  );
}

/** A figure with its name; `about` adds the button that says exactly what it counts. */
export function Tile({
  label,
  value,
  hint,
  about,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  about?: FigureTerm;
}) {
  return (
    <div className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className={`text-sm text-slate-600 ${about ? 'pr-8' : ''}`}>{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
      {about && <AboutFigureWhenLoaded figure={about} />}
    </div>
  );
}

export function TileSkeleton({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          data-testid="tile-skeleton"
          className="h-24 animate-pulse rounded-xl border border-slate-200 bg-slate-100"
        />
      ))}
    </>
  );
}

export function Badge({ tone = 'slate', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONE_CLASSES[tone]}`}>
      {children}
    </span>
  );
}

export function ProgressBar({ percent, tone = 'blue', label }: { percent: number; tone?: Tone; label: string }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={`h-full ${BAR_CLASSES[tone]}`} style={{ width: `${value}%` }} />
    </div>
  );
}

export function EmptyState({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-semibold text-slate-800">{title}</p>
      {text && <p className="mt-1 text-sm text-slate-600">{text}</p>}
      {children}
    </div>
  );
}

export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 p-6 text-slate-600">
      <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
      {text}
    </p>
  );
}

export function Card({ children, className = '', id }: { children: ReactNode; className?: string; id?: string }) {
  return (
    <div id={id} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      {children}
    </div>
  );
}

/** A screen's heading row: title, optional description and actions (which wrap under it on a phone). */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 className="text-xl font-bold text-slate-900">{title}</h2>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** Where the button will be, the same size, so the tile does not move when it comes. */
function AboutFigurePlaceholder() {
  return (
    <span className="absolute top-1 right-1 inline-flex size-11 items-center justify-center text-slate-400">
      <AboutMark />
    </span>
  );
}
