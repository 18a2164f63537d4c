import { useCallback, useEffect, useState } from 'react';

import { ApiError } from '#web/lib/api.ts';

export type Answer<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/**
 * One GET of the server (`read`, a typed client call), made again when `key` changes or `reload` is called (after a
 * save); no key, no read. These figures are the server's own (no device copy), so offline the screen says it could
 * not reach the server. An answer is shown only for the read it came from, so a changed filter shows loading, never
 * the previous filter's figures.
 */
export function useAnswer<T>(key: string | null, read: () => Promise<T>) {
  const [round, setRound] = useState(0);
  const roundKey = key && `${round} ${key}`;
  const [held, setHeld] = useState<{ key: string; answer: Answer<T> } | null>(null);
  useEffect(() => {
    if (!roundKey) return;
    let current = true;
    read().then(
      (data) => current && setHeld({ key: roundKey, answer: { status: 'ready', data } }),
      (e: unknown) =>
        current &&
        setHeld({
          key: roundKey,
          answer: { status: 'failed', message: e instanceof ApiError ? e.message : String(e) },
        }),
    );
    return () => {
      current = false;
    };
    // the key names what `read` asks for: a new function for the same key (every render makes one) reads nothing new
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roundKey]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const answer: Answer<T> = held && held.key === roundKey ? held.answer : { status: 'loading' };
  return [answer, reload] as const;
}
