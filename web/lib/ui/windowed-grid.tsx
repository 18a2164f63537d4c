/**
 * A list that can hold thousands (a director's 2,000 students) drawn a window at a time with TanStack Virtual: the
 * rows in view and a few either side are in the page, the rest is space of their height (estimated until drawn, then
 * measured). The page scrolls as a whole, so the header and filters scroll away as on any page. Each item says its
 * place in the whole list (aria-posinset of aria-setsize), as a screen reader cannot count what is not drawn.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

import { useMediaQuery } from './media-query.ts';

/** Rows drawn beyond the screen on each side: a fling shows drawn cards, not blank space. */
const OVERSCAN_ROWS = 4;

/** How many columns of cards fit: three from Tailwind's xl, two from its md, else one. */
function useCardColumns() {
  const three = useMediaQuery('(min-width: 1280px)', false);
  const two = useMediaQuery('(min-width: 768px)', false);
  return three ? 3 : two ? 2 : 1;
}

/** The list's distance from the top of the document, measured again whenever the page's layout changes size. */
function useTopOffset() {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setTop((ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  return { ref, top };
}

export function WindowedGrid<T>({
  items,
  itemKey,
  renderItem,
  label,
  estimatedRowHeight,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
  /** A drawn row's usual height in pixels, for the space of rows not drawn yet. */
  estimatedRowHeight: number;
}) {
  const columns = useCardColumns();
  const { ref, top } = useTopOffset();
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(items.length / columns),
    estimateSize: () => estimatedRowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
  });
  return (
    <div ref={ref} role="list" aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          role="presentation"
          className="absolute top-0 left-0 grid w-full gap-3 pb-3"
          style={{
            transform: `translateY(${row.start - top}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {items.slice(row.index * columns, (row.index + 1) * columns).map((item, i) => (
            <div
              key={itemKey(item)}
              role="listitem"
              aria-posinset={row.index * columns + i + 1}
              aria-setsize={items.length}
            >
              {renderItem(item)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
