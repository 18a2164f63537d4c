// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { SectionTabs } from './section-tabs.tsx';

afterEach(cleanup);

const TABS = [
  ['tracker', 'Tracker'],
  ['bulk', 'Bulk Entry'],
  ['reports', 'Reports'],
] as const;
type Key = (typeof TABS)[number][0];

/** A screen holding the open tab as its URL would: undefined for the first. */
function Screen({ start, onOpen = () => {} }: { start?: Key; onOpen?: (tab: Key | undefined) => void }) {
  const [open, setOpen] = useState<Key | undefined>(start);
  return (
    <SectionTabs
      tabs={TABS}
      selected={open}
      onChange={(tab) => {
        onOpen(tab);
        setOpen(tab);
      }}
      panels={{ tracker: <p>tracker panel</p>, bulk: <p>bulk panel</p>, reports: <p>reports panel</p> }}
    />
  );
}

const selected = () => screen.getByRole('tab', { selected: true });

describe('the tab strip', () => {
  it('opens the tab the URL names, its panel alone mounted and labelled by it', () => {
    render(<Screen start="bulk" />);
    expect(selected()).toHaveAccessibleName('Bulk Entry');
    expect(screen.getByRole('tabpanel', { name: 'Bulk Entry' })).toHaveTextContent('bulk panel');
    expect(screen.queryByText('tracker panel')).not.toBeInTheDocument();
    expect(selected()).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
  });

  it('gives the first tab back as undefined, so the plain URL stays the first tab', async () => {
    const opened: (Key | undefined)[] = [];
    render(<Screen start="reports" onOpen={(tab) => opened.push(tab)} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Tracker' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(opened).toEqual([undefined, 'reports']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('reports panel');
  });

  it('is one stop for Tab: only the open tab is in the tab order', async () => {
    render(
      <>
        <button type="button">before</button>
        <Screen start="bulk" />
      </>,
    );
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Bulk Entry' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('moves to and opens the next tab with the arrow keys, wrapping round, and the ends with Home and End', async () => {
    render(<Screen />);
    await userEvent.click(screen.getByRole('tab', { name: 'Tracker' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Bulk Entry' })).toHaveFocus();
    expect(selected()).toHaveAccessibleName('Bulk Entry');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('bulk panel');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(selected()).toHaveAccessibleName('Tracker');
    await userEvent.keyboard('{ArrowLeft}');
    expect(selected()).toHaveAccessibleName('Reports');
    await userEvent.keyboard('{Home}');
    expect(selected()).toHaveAccessibleName('Tracker');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveFocus();
    expect(selected()).toHaveAccessibleName('Reports');
  });
});
