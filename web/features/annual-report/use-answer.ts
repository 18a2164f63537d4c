import { useCallback, useEffect, useState } from 'react';

import { api, ApiError } from '#web/lib/api.ts';

export type Answer<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/**
 * One GET of the server, read again when `path` changes or `reload` is called (after a save). These figures are the
 * server's own (no device copy), so offline the screen says it could not reach the server. An answer is shown only
 * for the read it came from, so a changed filter shows loading, never the previous filter's figures.
 */
export function useAnswer<T>(path: string | null) {
  const [round, setRound] = useState(0);
  const key = path && `${round} ${path}`;
  const [held, setHeld] = useState<{ key: string; answer: Answer<T> } | null>(null);
  useEffect(() => {
    if (!path || !key) return;
    let current = true;
    api<T>(path).then(
      (data) => current && setHeld({ key, answer: { status: 'ready', data } }),
      (e: unknown) =>
        current &&
        setHeld({ key, answer: { status: 'failed', message: e instanceof ApiError ? e.message : String(e) } }),
    );
    return () => {
      current = false;
    };
  }, [path, key]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const answer: Answer<T> = held && held.key === key ? held.answer : { status: 'loading' };
  return [answer, reload] as const;
}
