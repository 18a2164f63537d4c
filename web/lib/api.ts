/**
 * Calls the API with the session cookie, through the typed client of the route module called (its exported `*Routes`
 * type), so a path, method, body or answer that drifts from the server fails the typecheck. A non-ok answer throws an
 * ApiError carrying the server's message and fields.
 */
import type { Hono } from 'hono';
import type { ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** What a failed call says when the server could not be reached at all. */
export const NO_SERVER = 'Could not reach the server. Check your connection.';

const API_BASE = '/api';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Hono app type, as hc itself accepts
type AnyRoutes = Hono<any, any, any>;

/** hono/client's typed surface of one route module; only the calls (`$get`, `$post`, ...) are served by apiClient. */
export type ApiClient<Routes extends AnyRoutes> = ReturnType<typeof hc<Routes>>;

interface CallArgs {
  param?: Record<string, string>;
  query?: Record<string, string | string[] | undefined>;
  json?: unknown;
  form?: Record<string, string | Blob>;
}

/**
 * A typed client for one route module. hono/client's types with a few lines of fetch rather than its runtime: the
 * sign-in page and the signed-in shell call the server too, and their first screen takes no bytes it can do without.
 * Path parameters are encoded here, so an id never reshapes the path.
 */
export const apiClient = <Routes extends AnyRoutes>() => clientAt(API_BASE) as ApiClient<Routes>;

function clientAt(path: string): unknown {
  return new Proxy(
    {},
    {
      get(_target, key) {
        // `then`: awaiting a client part is not a call
        if (typeof key !== 'string' || key === 'then') return undefined;
        if (!key.startsWith('$')) return clientAt(`${path}/${key}`);
        if (['$url', '$path', '$ws'].includes(key)) throw new Error(`apiClient makes calls only, not ${key}`);
        return (args: CallArgs = {}, options: { init?: RequestInit } = {}) =>
          send(path, key.slice(1).toUpperCase(), args, options.init);
      },
    },
  );
}

function send(path: string, method: string, { param = {}, query, json, form }: CallArgs, init?: RequestInit) {
  const url = path.replace(/\/:(\w+)/g, (_, name: string) => `/${encodeURIComponent(param[name] ?? '')}`);
  return fetch(url + searchOf(query), {
    method,
    credentials: 'include',
    headers: json === undefined ? {} : { 'content-type': 'application/json' },
    body: json !== undefined ? JSON.stringify(json) : form ? formOf(form) : undefined,
    ...init,
  });
}

function searchOf(query: CallArgs['query'] = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of [value ?? []].flat()) search.append(name, one);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function formOf(fields: NonNullable<CallArgs['form']>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** What a typed call answers when it succeeds: the JSON of its 2xx answers. */
export type AnswerOf<R> =
  R extends ClientResponse<infer T, infer S, infer _Format> ? (S extends SuccessStatusCode ? T : never) : never;

/** The answer of a typed call (`await answer(client.x.$get())`), or the ApiError a non-ok answer carries. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any answer of any status
export const answer = async <R extends ClientResponse<any, any, any>>(call: Promise<R>) =>
  answerOf<AnswerOf<R>>(await call);

/** The JSON of an answer, or the ApiError a non-ok answer carries; shared with the typed hono/client calls. */
export async function answerOf<T>(res: Pick<Response, 'ok' | 'status' | 'statusText' | 'text'>): Promise<T> {
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    const body = (data ?? {}) as { error?: string; fields?: Record<string, string> };
    throw new ApiError(res.status, body.error ?? `${res.status}: ${text || res.statusText}`, body.fields);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
