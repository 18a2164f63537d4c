// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';

import { SAVED_OFFLINE } from '#schema/messages.ts';

import { toast } from './ui/toasts.tsx';
import { toastQueued } from './write.ts';

vi.mock('./ui/toasts.tsx', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
afterEach(() => vi.restoreAllMocks());

const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

it('online, the toast says what was saved', () => {
  online(true);
  toastQueued('Student added', 'Ana Lopez', { duration: 10 });
  expect(toast.success).toHaveBeenLastCalledWith('Student added', { description: 'Ana Lopez', duration: 10 });
});

it('offline, the toast says the change is on this phone only, names it, and points to the header', () => {
  online(false);
  toastQueued('Successful attempt logged', 'Splinting · Clinical');
  expect(toast.success).toHaveBeenLastCalledWith(SAVED_OFFLINE, {
    description: 'Successful attempt logged: Splinting · Clinical. The header shows when it has been sent.',
  });
  toastQueued('Message sent');
  expect(toast.success).toHaveBeenLastCalledWith(SAVED_OFFLINE, {
    description: 'Message sent. The header shows when it has been sent.',
  });
});
