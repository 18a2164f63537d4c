// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';

import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { listenForInstallOffer } from '../install-prompt.ts';
import { InstallHint } from './install-hint.tsx';

/** What Chromium fires when it would install the app: the page keeps it and prompts when asked. */
function offerInstall() {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => void window.dispatchEvent(event));
  return { prompt, event };
}

describe('the install hint', () => {
  beforeAll(() => listenForInstallOffer());
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows only once the browser offers to install, and Install opens the browser prompt', async () => {
    render(<InstallHint />);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    const { prompt, event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('"Not now" hides it, and it stays hidden on this device when the browser offers again', async () => {
    const { unmount } = render(<InstallHint />);
    offerInstall();
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    unmount();
    render(<InstallHint />);
    offerInstall();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });
});
