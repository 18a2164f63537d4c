/**
 * Reads the server answers that are not on the device database (dashboard figures, reports) with TanStack Query,
 * and keeps the last good answers in IndexedDB for the signed-in user, so with no signal a screen still shows the
 * last figures it saw, marked with when they were fetched. Only screens that read the server import this module, so
 * TanStack Query is not part of the first screen's JavaScript.
 */
import { QueryClient, useQuery } from '@tanstack/react-query';
import { type PersistedClient, type Persister, persistQueryClient } from '@tanstack/react-query-persist-client';
import type { Hono } from 'hono';
import { type ClientResponse, hc } from 'hono/client';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { useEffect, useState } from 'react';

import { answerOf } from './api.ts';

const API_BASE = '/api';

/** A typed client for one server route module (its exported `*Routes` type), sending the session cookie. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Hono app type, as hc itself accepts
export const serverClient = <Routes extends Hono<any, any, any>>() =>
  hc<Routes>(API_BASE, { init: { credentials: 'include' } });

/** The address of a serverClient endpoint's path (`$path()` leaves out the client's base), for links and downloads. */
export const serverPath = (path: string) => `${API_BASE}${path}`;

/** A GET endpoint of a serverClient; `T` is the route's answer. */
interface GetEndpoint<T> {
  $path: () => string;
  $get: () => Promise<ClientResponse<T>>;
}

export type CachedAnswer<T> =
  | { status: 'loading' }
  /** `savedAt` is set when the network call failed and the copy fetched at that time is shown instead. */
  | { status: 'ready'; data: T; savedAt: string | null }
  | { status: 'failed' };

/** The old copy is still worth showing offline after a month away; older figures mislead more than they help. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

const store = createStore('training-records-server-reads', 'answers');

const KEY = 'answers';

/**
 * IndexedDB keeps the answers as objects (a director's graduation report is megabytes: no JSON string, no
 * localStorage quota), and its writes run in order, so the clear on sign-out comes after any save before it.
 */
export const persister: Persister = {
  persistClient: (client) => set(KEY, client, store),
  restoreClient: () => get<PersistedClient>(KEY, store),
  removeClient: () => del(KEY, store),
};

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // try the network even when the browser thinks it is offline; a failure shows the saved copy with its time
      networkMode: 'always',
      retry: false,
      refetchOnWindowFocus: false,
      gcTime: KEEP_MS,
    },
  },
});

let persisted: { userId: string; restored: Promise<void>; stop: () => void } | null = null;

/**
 * Restores the user's saved answers and keeps saving them. The `buster` is the user's id, so a copy saved by another
 * user of a shared device is thrown away on restore, never shown.
 */
function persistFor(userId: string): Promise<void> {
  if (persisted?.userId === userId) return persisted.restored;
  persisted?.stop();
  queryClient.clear();
  const [stop, restored] = persistQueryClient({ queryClient, persister, buster: userId, maxAge: KEEP_MS });
  persisted = { userId, restored, stop };
  return restored;
}

/** Drops every saved answer from memory and from the device; called on sign-out. */
export async function forgetServerReads() {
  persisted?.stop();
  persisted = null;
  queryClient.clear();
  await clear(store);
}

function useRestored(userId: string) {
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void persistFor(userId).then(() => current && setRestoredFor(userId));
    return () => {
      current = false;
    };
  }, [userId]);
  return restoredFor === userId;
}

/**
 * Fetches on mount, and again when the device comes back online. `enabled: false` asks nothing (a screen that uses the
 * answer for some roles only): a read the server refuses the role is a console error and wasted signal.
 */
export function useServerRead<T>(
  endpoint: GetEndpoint<T>,
  userId: string,
  { enabled = true }: { enabled?: boolean } = {},
): CachedAnswer<T> {
  const restored = useRestored(userId);
  const queryFn = () => endpoint.$get().then((res) => answerOf<T>(res));
  const query = useQuery(
    { queryKey: [userId, API_BASE + endpoint.$path()], queryFn, enabled: restored && enabled },
    queryClient,
  );
  if (query.data === undefined) return query.isError ? { status: 'failed' } : { status: 'loading' };
  const fromBefore = query.isError || query.isFetching;
  return {
    status: 'ready',
    data: query.data,
    savedAt: fromBefore ? new Date(query.dataUpdatedAt).toISOString() : null,
  };
}
