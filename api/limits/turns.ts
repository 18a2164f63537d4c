/**
 * Heavy reads take turns: one at a time, each after the event loop has had a turn of its own, so requests that came
 * in meanwhile (a health check, a sign-in, a small write) are answered between them instead of after all of them.
 * Fifty devices on their first sync send one page request each; without turns the server answered them back to back
 * and everything else waited for all fifty.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export function takingTurns() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => T): Promise<T> => {
    const mine = last.then(() => nextTurn()).then(work);
    last = mine.catch(() => undefined);
    return mine;
  };
}
