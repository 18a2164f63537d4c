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

interface KeptPage { body: Uint8Array<ArrayBuffer>; gzipped?: Uint8Array<ArrayBuffer>; total: number }

/**
 * Answers one page as a JSON array with the total in X-Total-Count. The page is kept per user and query until the next
 * write (db/version-cache.ts) as bytes, and gzipped once for clients that accept it (a phone on a weak signal gets a
 * page of 100 students in a tenth of the bytes), so repeated reads of an unchanged list cost a lookup.
 */
export function pageResponse<T>(c: Context<Env>, q: Q, compute: () => Page<T>) {
  const url = new URL(c.req.url);
  const page = cachedByVersion<KeptPage>(q, `${c.var.actor.id} ${url.pathname}${url.search}`, () => {
    const { rows, total } = compute();
    return { body: new TextEncoder().encode(JSON.stringify(rows)), total };
  });
  c.header(TOTAL_COUNT_HEADER, String(page.total));
  c.header('content-type', 'application/json');
  c.header('vary', 'Accept-Encoding');
  if (page.body.byteLength >= COMPRESS_FROM_BYTES && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    page.gzipped ??= new Uint8Array(gzipSync(page.body));
    c.header('content-encoding', 'gzip');
    return c.body(page.gzipped);
  }
  return c.body(page.body);
}

/** One page of a list already filtered in memory (lists that stay short per user: messages, requests, documents). */
export const slicePage = <T>(rows: T[], page: { limit: number; offset: number }): Page<T> =>
  ({ rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length });
