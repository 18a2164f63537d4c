// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MSG } from '#schema/messages.ts';

import { ComposeDialog, type ComposeDraft } from './compose-dialog.tsx';

afterEach(cleanup);

const recipients = [
  { id: 'ins', firstName: 'Irene', lastName: 'Okafor', role: 'instructor' },
  { id: 'cc', firstName: 'Carla', lastName: 'Nguyen', role: 'clinical_coordinator' },
];

function renderDialog(draft?: ComposeDraft, onSend = vi.fn(() => Promise.resolve(true))) {
  const onClose = vi.fn();
  render(<ComposeDialog recipients={recipients} draft={draft} onSend={onSend} onClose={onClose} />);
  return { onSend, onClose, user: userEvent.setup() };
}

describe('Compose New Message', () => {
  it('starts with normal priority and general category, and lists recipients with their role', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Compose New Message' })).toBeInTheDocument();
    expect(screen.getByLabelText('Priority')).toHaveValue('normal');
    expect(screen.getByLabelText('Category')).toHaveValue('general');
    expect(screen.getByRole('option', { name: 'Carla Nguyen (clinical coordinator)' })).toBeInTheDocument();
  });

  it('empty: says recipient, subject and message are required, and sends nothing', async () => {
    const { user, onSend } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MSG.recipientRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.contentRequired)).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the message and closes; shows Sending... meanwhile', async () => {
    let finish!: (ok: boolean) => void;
    const onSend = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          finish = resolve;
        }),
    );
    const { user, onClose } = renderDialog(undefined, onSend);
    await user.selectOptions(screen.getByLabelText('Recipient'), 'cc');
    await user.selectOptions(screen.getByLabelText('Priority'), 'urgent');
    await user.type(screen.getByLabelText('Subject'), 'Shift swap');
    await user.type(screen.getByLabelText('Message'), 'Line one{enter}Line two');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({
        recipientId: 'cc',
        priority: 'urgent',
        category: 'general',
        subject: 'Shift swap',
        content: 'Line one\nLine two',
      }),
    );
    finish(true);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a reply starts with the recipient and subject filled in', () => {
    renderDialog({ recipientId: 'ins', subject: 'Re: Airway lab' });
    expect(screen.getByLabelText('Recipient')).toHaveValue('ins');
    expect(screen.getByLabelText('Subject')).toHaveValue('Re: Airway lab');
  });

  it('stays open when the send was not accepted', async () => {
    const { user, onClose } = renderDialog(
      { recipientId: 'ins', subject: 'Re: Airway lab' },
      vi.fn(() => Promise.resolve(false)),
    );
    await user.type(screen.getByLabelText('Message'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('button', { name: 'Send Message' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
