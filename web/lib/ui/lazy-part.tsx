/**
 * A part of a screen whose code loads when first shown (a dialog, a chart, a tab). If the code cannot load — the
 * usual cause is no signal before this device has stored the app — the part says so in its own place, with Try
 * again, and the rest of the screen (and whatever the user typed there) stays as it was.
 */
import {
  type ComponentType,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
  useState,
  useSyncExternalStore,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';

import { buttonClass } from './styles.ts';

/** Why a piece of the app did not open, in the user's terms. */
function notLoadedMessage(what: string) {
  return navigator.onLine
    ? `${what} could not open. Nothing you entered is lost.`
    : `${what} is not stored on this device yet: it needs a connection the first time. Nothing you entered is lost.`;
}

export function NotLoaded({ what, onRetry, onClose }: { what: string; onRetry: () => void; onClose?: () => void }) {
  // a dialog that cannot open says so over the screen, where the user is looking, and can be closed
  const placement = onClose ? 'fixed inset-x-3 bottom-4 z-40 shadow-lg sm:left-auto sm:w-96' : '';
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 ${placement}`}
    >
      <p className="min-w-0 flex-1">{notLoadedMessage(what)}</p>
      <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
        Try again
      </button>
      {onClose && (
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Close
        </button>
      )}
    </div>
  );
}

/**
 * Whether an import() failed because its file could not be fetched (Chromium, Firefox and Safari word it so). The
 * browser then keeps that failure for the page's life (the HTML standard's module map: Chromium answers a second
 * import() of it at once, with no request), so only a fresh page fetches it again.
 */
function isModuleFetchFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed/i.test(message);
}

/**
 * `load` imports the part's module and `pick` takes the component from it. `what` names the part in the not-loaded
 * message. Where a use passes `whenNotLoaded`, that is shown instead of the
 * message (for a part of the header, whose absence the user can live with).
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  what: string,
) {
  let ready: ComponentType<P> | undefined;
  let fetchFailed = false;
  const whenReady = new Set<() => void>();
  const loadAndKeep = () =>
    load().then(
      (module) => {
        ready = pick(module);
        whenReady.forEach((listener) => listener());
        return ready;
      },
      (error: unknown) => {
        fetchFailed ||= isModuleFetchFailure(error);
        throw error;
      },
    );
  const fresh = () => lazy(() => loadAndKeep().then((component) => ({ default: component })));
  // a failed lazy() keeps its failure: Try again makes a new one
  let Loaded: LazyExoticComponent<ComponentType<P>> = fresh();
  function Part({ fallback = null, whenNotLoaded, ...props }: P & { fallback?: ReactNode; whenNotLoaded?: ReactNode }) {
    // chosen once per mounted part: switching from the lazy wrapper to the loaded component on a later render would
    // remount it and lose what the user chose or typed there. Code already here renders at once, without a moment
    // of fallback that would take the focus away.
    const [Shown, setShown] = useState<ComponentType<P>>(() => ready ?? Loaded);
    return (
      <ErrorBoundary
        onReset={() => {
          // with signal again, a fresh page is the sure way: the browser keeps a failed module fetch for the page's
          // life, so a second import() would fail at once; offline the message stays
          if (fetchFailed && navigator.onLine) return location.reload();
          Loaded = fresh();
          setShown(() => Loaded);
        }}
        fallbackRender={({ resetErrorBoundary }) =>
          whenNotLoaded ?? (
            <NotLoaded what={what} onRetry={resetErrorBoundary} onClose={(props as { onClose?: () => void }).onClose} />
          )
        }
      >
        <Suspense fallback={fallback}>
          <Shown {...(props as P)} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  /** Fetches the part's code now (while there is signal), so it opens later with none; answers whether it came. */
  Part.preload = () =>
    loadAndKeep().then(
      () => true,
      () => false,
    );
  /** Whether the part's code is here, to show a stand-in until then rather than fetch it at once by rendering it. */
  Part.useLoaded = () =>
    useSyncExternalStore(
      (listener) => {
        whenReady.add(listener);
        return () => whenReady.delete(listener);
      },
      () => ready !== undefined,
    );
  return Part;
}
