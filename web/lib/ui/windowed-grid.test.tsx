// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

import { WindowedGrid } from './windowed-grid.tsx';

/** happy-dom lays nothing out: each drawn row of cards measures 470 px, as on a desktop. */
const ROW_PX = 470;
const realHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.index === undefined ? 0 : ROW_PX;
    },
  });
});
afterAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetHeight', realHeight));
afterEach(cleanup);

const names = Array.from({ length: 2000 }, (_, i) => `Student ${i + 1}`);
const drawn = () => screen.getAllByRole('listitem');
const places = () => drawn().map((item) => Number(item.getAttribute('aria-posinset')));

it('draws the rows in view and a few beyond as the page scrolls, each item telling its place in the whole list', async () => {
  render(
    <WindowedGrid
      items={names}
      itemKey={(n) => n}
      renderItem={(n) => <p>{n}</p>}
      label="Students"
      estimatedRowHeight={ROW_PX}
    />,
  );
  expect(screen.getByRole('list', { name: 'Students' })).toHaveStyle({ height: `${Math.ceil(2000 / 2) * ROW_PX}px` });
  // happy-dom's window is 1024 x 768: two cards a row, two rows in view and four beyond
  expect(places()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(drawn()[0]).toHaveAttribute('aria-setsize', '2000');
  expect(screen.getByText('Student 12')).toBeInTheDocument();
  expect(screen.queryByText('Student 13')).not.toBeInTheDocument();

  await act(async () => {
    window.scrollTo(0, 500 * ROW_PX);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => setTimeout(r, 50));
  });
  // row 500 at the top of the screen: rows 496 to 505 drawn
  expect(places()).toEqual(Array.from({ length: 20 }, (_, i) => 993 + i));
  expect(screen.getByText('Student 1001')).toBeInTheDocument();
  expect(screen.queryByText('Student 1')).not.toBeInTheDocument();
});
