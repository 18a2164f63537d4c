// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { ShowMore, useShowMore } from './show-more.tsx';

afterEach(cleanup);

function Names({ names, filter }: { names: string[]; filter: string }) {
  const paged = useShowMore(
    names.filter((n) => n.includes(filter)),
    filter,
  );
  return (
    <>
      <ul>
        {paged.visible.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <ShowMore shown={paged.visible.length} total={paged.total} noun="students" onMore={paged.showMore} />
    </>
  );
}

const names = Array.from({ length: 120 }, (_, i) => `Student ${i + 1}`);

describe('long lists on screen', () => {
  it('draws 50 at a time and says how many of how many are shown', async () => {
    render(<Names names={names} filter="" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 120 students')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(120);
    expect(screen.getByText('Showing 120 of 120 students')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('starts from the first page for a new search, and says nothing for a short list', async () => {
    const { rerender } = render(<Names names={names} filter="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    rerender(<Names names={names} filter="Student 1" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(32);
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    rerender(<Names names={names} filter="" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
  });
});
