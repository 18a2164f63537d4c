/** Reading a list's query (filters and page) and answering one page of it (schema/paging.ts). */
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '../../schema/common.ts';
import { TOTAL_COUNT_HEADER } from '../../schema/paging.ts';
import type { Q } from '../db/open.ts';
import { cachedByVersion } from '../db/version-cache.ts';
import type { Env } from './context.ts';
import { invalid } from './errors.ts';

export interface Page<T> { rows: T[]; total: number }

/** The request's query checked against a list's schema; bad values are a 400 naming the parameter. */
export function listQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

/** Below this size compressing costs more than sending. */
const COMPRESS_FROM_BYTES = 1024;

interface KeptAnswer { body: Uint8Array<ArrayBuffer>; gzipped?: Uint8Array<ArrayBuffer>; total?: number }

/**
 * Answers JSON kept per user, request and `extraKey` (what else the answer depends on, such as today's date) until
 * the next write (db/version-cache.ts), as bytes, gzipped once for clients that accept it: repeated reads of
 * unchanged data cost a lookup, and a phone on a weak signal gets a page of 100 students in a tenth of the bytes.
 */
function keptResponse(c: Context<Env>, q: Q, extraKey: string, compute: () => { json: unknown; total?: number }) {
  const url = new URL(c.req.url);
  const kept = cachedByVersion<KeptAnswer>(q, `${c.var.actor.id} ${url.pathname}${url.search} ${extraKey}`, () => {
    const { json, total } = compute();
    return { body: new TextEncoder().encode(JSON.stringify(json)), total };
  }, (answer) => answer.body.byteLength);
  if (kept.total !== undefined) c.header(TOTAL_COUNT_HEADER, String(kept.total));
  c.header('content-type', 'application/json');
  c.header('vary', 'Accept-Encoding');
  if (kept.body.byteLength >= COMPRESS_FROM_BYTES && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    kept.gzipped ??= new Uint8Array(gzipSync(kept.body));
    c.header('content-encoding', 'gzip');
    return c.body(kept.gzipped);
  }
  return c.body(kept.body);
}

/** One page as a JSON array, with the number of matching rows in X-Total-Count; kept as above. */
export function pageResponse<T>(c: Context<Env>, q: Q, compute: () => Page<T>) {
  return keptResponse(c, q, '', () => {
    const { rows, total } = compute();
    return { json: rows, total };
  });
}

/** A computed answer (a report, the dashboard) for one day, kept as above. */
export function dailyResponse(c: Context<Env>, q: Q, day: string, compute: () => unknown) {
  return keptResponse(c, q, day, () => ({ json: compute() }));
}

/** One page of a list already filtered in memory (lists that stay short per user: messages, requests, documents). */
export const slicePage = <T>(rows: T[], page: { limit: number; offset: number }): Page<T> =>
  ({ rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length });
