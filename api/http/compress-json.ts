/**
 * JSON answers of a few KB and more, gzipped for clients that accept it (every browser): a sync page of 1,000 rows
 * goes to a phone in about a tenth of the bytes. Kept and streamed answers (kept-response.ts) compress themselves and
 * carry their Content-Encoding already; this takes the rest (sync pages, the answers routes build with c.json).
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

import { createMiddleware } from 'hono/factory';

import type { Env } from './context.ts';
import { acceptsGzip, COMPRESS_FROM_BYTES } from './kept-response.ts';

// on libuv's thread pool: a sync page takes milliseconds to compress, which other requests need not wait out
const gzipAsync = promisify(gzip);

export const compressJson = createMiddleware<Env>(async (c, next) => {
  await next();
  const res = c.res;
  if (res.headers.has('content-encoding') || !/^application\/json\b/.test(res.headers.get('content-type') ?? ''))
    return;
  if (!/\baccept-encoding\b/i.test(res.headers.get('vary') ?? '')) res.headers.append('vary', 'Accept-Encoding');
  // without gzip a streamed answer stays a stream: it is read whole only to be compressed
  if (!acceptsGzip(c)) return;
  const body = new Uint8Array(await res.arrayBuffer());
  const packed = body.byteLength >= COMPRESS_FROM_BYTES;
  c.res = new Response(packed ? await gzipAsync(body) : body, res);
  if (packed) c.res.headers.set('content-encoding', 'gzip');
  c.res.headers.delete('content-length');
});
