/** Calls the API with the session cookie. A non-ok answer throws an ApiError carrying the server's message and fields. */
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

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return answerOf<T>(res);
}

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
