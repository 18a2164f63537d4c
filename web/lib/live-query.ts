/**
 * The screens' one way to read the device's database live: dexie-react-hooks' `useLiveQuery` (undefined until the
 * first answer; after a change of deps the previous answer stays until the new one comes), except while the device's
 * first sync runs (`FirstSyncDrawing`). Then every answer is drawn in a transition: React draws it in slices and
 * yields to the browser between them. Each stored page re-runs every query on the screen, and drawing the whole
 * screen from a page's rows in one task held a phone's main thread for 0.5-4 s (docs/PERFORMANCE.md, issue 32).
 * Other answers are drawn at once, so a change the user just made shows before their next tap. Each answer reads the
 * flag when it comes: the flag changing neither redraws the screens nor runs their queries again.
 */
import { liveQuery } from 'dexie';
import { type InteropableObservable, useObservable } from 'dexie-react-hooks';
import { createContext, type DependencyList, type RefObject, startTransition, useContext } from 'react';

const FirstSyncRunning = createContext<RefObject<boolean>>({ current: false });

/** Whether the device's first sync is bringing its pages, for the screens below (web/lib/sync.tsx keeps it). */
export const FirstSyncDrawing = FirstSyncRunning.Provider;

/** The same answers, each handed on in a transition while the first sync runs. */
const drawnFor = <T>(source: InteropableObservable<T>, firstSync: RefObject<boolean>): InteropableObservable<T> => {
  const handOn = (draw: () => void) => (firstSync.current ? startTransition(draw) : draw());
  return {
    subscribe: (onNext, onError) =>
      source.subscribe(
        (value) => handOn(() => onNext(value)),
        onError && ((error: unknown) => handOn(() => onError(error))),
      ),
  };
};

export function useLiveQuery<T>(querier: () => Promise<T> | T, deps: DependencyList): T | undefined {
  const firstSync = useContext(FirstSyncRunning);
  return useObservable(() => drawnFor(liveQuery(querier), firstSync), [...deps, firstSync]);
}
