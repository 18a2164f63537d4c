/**
 * Answers kept until the next write (db/version-cache.ts), per user and request, as bytes and gzipped once for
 * clients that accept it: repeated reads of unchanged data cost a lookup, and a phone on a weak signal gets a page of
 * 100 students in a tenth of the bytes.
 */
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { TOTAL_COUNT_HEADER } from '../../schema/paging.ts';
import type { Q } from '../db/open.ts';
import { cachedByVersion } from '../db/version-cache.ts';
import type { Env } from './context.ts';

/** Below this size compressing costs more than sending. */
const COMPRESS_FROM_BYTES = 1024;

interface KeptAnswer { body: Uint8Array<ArrayBuffer>; gzipped?: Uint8Array<ArrayBuffer>; total?: number }

/** JSON kept per user, request and `extraKey` (what else the answer depends on, such as today's date). */
export function keptResponse(c: Context<Env>, q: Q, extraKey: string, compute: () => { json: unknown; total?: number }) {
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

/** A computed answer (a report, the dashboard) for one day, kept until the next write or the next day. */
export function dailyResponse(c: Context<Env>, q: Q, day: string, compute: () => unknown) {
  return keptResponse(c, q, day, () => ({ json: compute() }));
}
