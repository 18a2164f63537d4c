/**
 * What a screen shows in its own place, inside the app's frame, when its code cannot load or it fails: what happened
 * in plain words and Try again, never a stack trace. The header, the menu and everything saved stay.
 */
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

import { NotLoaded } from './lazy-part.tsx';

export function ScreenError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <NotLoaded
      what="This screen"
      onRetry={() => {
        // with signal again, a fresh page is the sure way: the browser keeps a screen's failed code fetch for the
        // page's life, so asking the router again would fail at once; offline the message stays
        if (navigator.onLine) return location.reload();
        reset();
        void router.invalidate();
      }}
    />
  );
}

const RELOAD_TRIED = 'tanstack_router_reload:';

/**
 * The router reloads the page once when a screen's code is missing (the usual cause being a new version). Before this
 * device can open the app offline, that reload with no signal lands on the browser's offline page and loses the
 * session's work; so until then, and while offline, the reload counts as already tried and the screen says what
 * happened in place instead.
 */
export function keepPageWithoutSignal(readyOffline: () => boolean) {
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (this: Storage, key: string) {
    if (key.startsWith(RELOAD_TRIED) && (!navigator.onLine || !readyOffline())) return '1';
    return getItem.call(this, key);
  };
}
