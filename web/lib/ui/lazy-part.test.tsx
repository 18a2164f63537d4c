// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { lazyPart } from './lazy-part.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const Chart = ({ title }: { title: string }) => <p>Chart: {title}</p>;

describe('a part of a screen loaded on first use', () => {
  it('says in its own place that it could not load, keeps the rest of the screen, and loads on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi
      .fn<() => Promise<typeof Chart>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/chart.js'))
      .mockResolvedValue(Chart);
    const Part = lazyPart(load, (part) => part, 'The chart');
    const user = userEvent.setup();
    render(
      <form>
        <input aria-label="Notes" />
        <Part title="Week 12" />
      </form>,
    );
    await user.type(screen.getByLabelText('Notes'), 'half typed');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The chart is not stored on this device yet: it needs a connection the first time. Nothing you entered is lost.',
    );
    expect(screen.getByLabelText('Notes')).toHaveValue('half typed');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chart: Week 12')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('half typed');
  });

  it('over the screen, with Close, for a dialog', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onClose = vi.fn();
    const Dialog = lazyPart(
      () => Promise.reject<ComponentType<{ onClose: () => void }>>(new Error('boom')),
      (part) => part,
      'The progress form',
    );
    const user = userEvent.setup();
    render(<Dialog onClose={onClose} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The progress form could not open.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps what the user chose in it when the screen around it renders again after the code came', async () => {
    function Filter({ tick }: { tick: number }) {
      const [status, setStatus] = useState('');
      return (
        <label>
          Status {tick}
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">All</option>
            <option value="overdue">Overdue</option>
          </select>
        </label>
      );
    }
    const Part = lazyPart(
      () => Promise.resolve(Filter),
      (part) => part,
      'The filter',
    );
    function Screen() {
      const [tick, setTick] = useState(0);
      return (
        <>
          <button onClick={() => setTick((n) => n + 1)}>Sync</button>
          <Part tick={tick} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Screen />);
    await user.selectOptions(await screen.findByRole('combobox'), 'overdue');
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    expect(screen.getByRole('combobox', { name: 'Status 1' })).toHaveValue('overdue');
  });
});
