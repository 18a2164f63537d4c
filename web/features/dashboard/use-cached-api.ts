/**
 * GETs a dashboard answer and keeps the last good one on the device (localStorage, per user), so with no signal the
 * dashboard still shows the last figures it saw, marked with when they were fetched.
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

export type CachedAnswer<T> =
  | { status: 'loading' }
  /** `savedAt` is set when the network call failed and the device's copy from that time is shown instead. */
  | { status: 'ready'; data: T; savedAt: string | null }
  | { status: 'failed' };

interface Saved<T> {
  data: T;
  savedAt: string;
}

const cacheKey = (userId: string, path: string) => `training-records:dashboard:${userId}:${path}`;

export function saveAnswer<T>(userId: string, path: string, data: T, now = new Date()) {
  const saved: Saved<T> = { data, savedAt: now.toISOString() };
  try {
    localStorage.setItem(cacheKey(userId, path), JSON.stringify(saved));
  } catch {
    // a full or disabled storage only costs the offline copy; the fresh answer is still shown
  }
}

export function savedAnswer<T>(userId: string, path: string): Saved<T> | null {
  const text = localStorage.getItem(cacheKey(userId, path));
  if (!text) return null;
  try {
    return JSON.parse(text) as Saved<T>;
  } catch {
    return null;
  }
}

/** Fetches on mount, and again when the device comes back online. */
export function useCachedApi<T>(path: string, userId: string): CachedAnswer<T> {
  const [state, setState] = useState<CachedAnswer<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  useEffect(() => {
    let current = true;
    api<T>(path).then(
      (data) => {
        saveAnswer(userId, path, data);
        if (current) setState({ status: 'ready', data, savedAt: null });
      },
      () => {
        if (!current) return;
        const saved = savedAnswer<T>(userId, path);
        setState(saved ? { status: 'ready', data: saved.data, savedAt: saved.savedAt } : { status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [path, userId, attempt]);

  return state;
}
