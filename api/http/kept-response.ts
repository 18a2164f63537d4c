/**
 * Answers kept until the next write (db/version-cache.ts), per user, route and the values the route read, as bytes
 * and compressed once for clients that accept it (brotli or gzip, encoding.ts): repeated reads of unchanged data cost
 * a lookup, and a phone on a weak signal gets a page of 100 students in a tenth of the bytes.
 */
import type { Context, TypedResponse } from 'hono';
import { routePath } from 'hono/route';

import { TOTAL_COUNT_HEADER } from '#schema/paging.ts';

import type { Q } from '../db/open.ts';
import { connectionOf } from '../db/statements.ts';
import { cachedByVersion, dataVersion, keep, keptAt } from '../db/version-cache.ts';
import { log } from '../log.ts';
import type { Env } from './context.ts';
import { acceptsGzip, answerEncoding, encodedSync, type Encoding } from './encoding.ts';

/** Below this size compressing costs more than sending. */
export const COMPRESS_FROM_BYTES = 1024;
/** A streamed answer is kept only up to this size: a longer list is computed again on the next call, never held whole. */
const KEEP_STREAMED_MAX_BYTES = 2 * 1024 * 1024;

interface KeptAnswer {
  body: Uint8Array<ArrayBuffer>;
  /** The body compressed, in each encoding asked for so far. */
  encoded?: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  total?: number;
}

/**
 * The key of an answer: the user, the route as registered with its decoded path parameters, and `parts`, the values
 * the answer depends on (the route's parsed query, the day). Not the URL as sent: a parameter the route never reads,
 * or another spelling of the same path, would make a new answer to compute and keep, and fill the store.
 */
const keyOf = (c: Context<Env>, parts: unknown) =>
  `${c.var.actor.id} ${routePath(c)} ${JSON.stringify(c.req.param())} ${JSON.stringify(parts ?? null)}`;

function jsonHeaders(c: Context<Env>, total: number | undefined) {
  if (total !== undefined) c.header(TOTAL_COUNT_HEADER, String(total));
  c.header('content-type', 'application/json');
  c.header('vary', 'Accept-Encoding');
}

function send(c: Context<Env>, kept: KeptAnswer) {
  jsonHeaders(c, kept.total);
  const encoding = answerEncoding(c.req.header('accept-encoding'));
  if (kept.body.byteLength >= COMPRESS_FROM_BYTES && encoding) {
    kept.encoded ??= {};
    kept.encoded[encoding] ??= encodedSync(kept.body, encoding);
    c.header('content-encoding', encoding);
    return c.body(kept.encoded[encoding]);
  }
  return c.body(kept.body);
}

/** JSON kept per user, route and `parts` (see keyOf). */
export function keptResponse(c: Context<Env>, q: Q, parts: unknown, compute: () => { json: unknown; total?: number }) {
  return send(
    c,
    cachedByVersion<KeptAnswer>(
      q,
      keyOf(c, parts),
      () => {
        const { json, total } = compute();
        return { body: new TextEncoder().encode(JSON.stringify(json)), total };
      },
      (answer) => answer.body.byteLength,
    ),
  );
}

/** A computed answer (a report, the dashboard) for one day, kept until the next write or the next day. */
export function dailyResponse<T>(c: Context<Env>, q: Q, day: string, compute: () => T) {
  // the kept body is the JSON of compute(); typing it so lets hono/client callers read the answer's type
  const res: Response = keptResponse(c, q, day, () => ({ json: compute() }));
  return res as Response & TypedResponse<T, 200, 'json'>;
}

/**
 * JSON written out piece by piece as the client reads it (`chunks` computes the next piece only when asked), so a
 * long answer never sits whole in memory. Kept like any other when it is short and the data did not change while it
 * was written out.
 */
export function streamedResponse(
  c: Context<Env>,
  q: Q,
  parts: unknown,
  open: () => { total: number; chunks: Iterator<string> },
) {
  const key = keyOf(c, parts);
  const version = dataVersion(q);
  const kept = keptAt<KeptAnswer>(q, key, version);
  if (kept) return send(c, kept);
  const { total, chunks } = open();
  const encoder = new TextEncoder();
  let held: Uint8Array[] | null = [];
  let heldBytes = 0;
  const body = new ReadableStream<BufferSource>({
    pull(controller) {
      try {
        const next = chunks.next();
        if (next.done) {
          if (held && dataVersion(q) === version)
            keep(q, key, version, { body: joined(held, heldBytes), total }, heldBytes);
          controller.close();
          return;
        }
        const bytes = encoder.encode(next.value);
        heldBytes += bytes.byteLength;
        // a piece read while another request's transaction is open may show writes that roll back
        if (heldBytes > KEEP_STREAMED_MAX_BYTES || connectionOf(q).inTransaction) held = null;
        held?.push(bytes);
        controller.enqueue(bytes);
      } catch (e) {
        // the answer has begun as a 200: the client sees it cut short, the log says why
        log.error(e);
        controller.error(e);
      }
    },
    cancel() {
      chunks.return?.();
    },
  });
  jsonHeaders(c, total);
  // CompressionStream has no brotli: a stream goes gzipped
  if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(body);
  c.header('content-encoding', 'gzip');
  return c.body(body.pipeThrough(new CompressionStream('gzip')));
}

function joined(parts: Uint8Array[], bytes: number): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.byteLength;
  }
  return whole;
}
