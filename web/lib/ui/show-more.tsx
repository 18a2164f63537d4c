/**
 * Long lists on screen in pages: the first SCREEN_PAGE_SIZE items, then "Show more" adds the next page. A device may
 * hold thousands of students or messages; drawing them all at once makes a phone stall.
 */
import { useState } from 'react';

import { formatCount } from '../format.ts';
import { buttonClass } from './styles.ts';

const SCREEN_PAGE_SIZE = 50;

/**
 * The items to draw now. `resetKey` is whatever selects the list (search, filters, tab): a new selection starts again
 * from the first page.
 */
export function useShowMore<T>(items: readonly T[], resetKey: string, pageSize = SCREEN_PAGE_SIZE) {
  const [state, setState] = useState({ key: resetKey, count: pageSize });
  // React's pattern for state that follows a prop: set during render, so the first frame already shows the first page
  if (state.key !== resetKey) setState({ key: resetKey, count: pageSize });
  const count = state.key === resetKey ? state.count : pageSize;
  return {
    visible: items.slice(0, count),
    total: items.length,
    showMore: () => setState({ key: resetKey, count: count + pageSize }),
  };
}

export function ShowMore({
  shown,
  total,
  noun,
  onMore,
  pageSize = SCREEN_PAGE_SIZE,
}: {
  shown: number;
  total: number;
  noun: string;
  onMore: () => void;
  pageSize?: number;
}) {
  if (total <= pageSize) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-sm text-slate-600">
      <p aria-live="polite">
        Showing {formatCount(shown)} of {formatCount(total)} {noun}
      </p>
      {shown < total && (
        <button type="button" className={buttonClass('secondary')} onClick={onMore}>
          Show {Math.min(pageSize, total - shown)} more
        </button>
      )}
    </div>
  );
}
