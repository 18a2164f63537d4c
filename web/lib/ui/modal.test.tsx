// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { Modal } from './modal.tsx';

afterEach(cleanup);

/** A screen with a button that opens a dialog, in StrictMode as the app runs. */
function Screen() {
  const [open, setOpen] = useState(false);
  return (
    <StrictMode>
      <button type="button" onClick={() => setOpen(true)}>
        Add
      </button>
      <Modal title="Add hours" open={open} onClose={() => setOpen(false)}>
        <input aria-label="Hours" />
      </Modal>
    </StrictMode>
  );
}

describe('Back with a dialog open', () => {
  it('closes the dialog and stays on the screen', async () => {
    window.history.replaceState({ screen: 'hours' }, '', '/hours');
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('dialog', { name: 'Add hours' })).toBeInTheDocument();
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/hours');
    expect(window.history.state).toMatchObject({ screen: 'hours' });
  });

  it('leaves no entry behind when closed by its own button: the next Back leaves the screen', async () => {
    window.history.replaceState({ screen: 'home' }, '', '/home');
    window.history.pushState({ screen: 'hours' }, '', '/hours');
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('dialog', { name: 'Add hours' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.history.state).toEqual({ screen: 'hours' }));
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
  });
});
