import { MESSAGE_CATEGORY_LABELS } from '#schema/enums.ts';

import { label } from './message-rules.ts';

/** Outline icons (24 px grid) for the four message categories. */
const PATHS: Record<string, string> = {
  general: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12Z',
  clinical: 'M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7Z',
  academic: 'M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15ZM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5',
  administrative:
    'M9 4h6a1 1 0 0 1 1 1v2H8V5a1 1 0 0 1 1-1ZM5 7h14a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1ZM4 13h16',
};

export function CategoryIcon({ category, className = 'h-4 w-4' }: { category: string; className?: string }) {
  const name = label(MESSAGE_CATEGORY_LABELS, category);
  return (
    <svg
      role="img"
      aria-label={name}
      viewBox="0 0 24 24"
      className={`${className} shrink-0 fill-none stroke-slate-600 stroke-2`}
    >
      <title>{name}</title>
      <path strokeLinejoin="round" d={PATHS[category] ?? PATHS.general} />
    </svg>
  );
}
