/**
 * JSON answers of a few KB and more, compressed for clients that accept it (every browser; brotli where accepted,
 * encoding.ts): a sync page of 1,000 rows goes to a phone in about a tenth of the bytes. Kept and streamed answers
 * (kept-response.ts) compress themselves and carry their Content-Encoding already; this takes the rest (sync pages,
 * the answers routes build with c.json).
 */
import { createMiddleware } from 'hono/factory';

import type { Env } from './context.ts';
import { answerEncoding, encoded } from './encoding.ts';
import { COMPRESS_FROM_BYTES } from './kept-response.ts';

export const compressJson = createMiddleware<Env>(async (c, next) => {
  await next();
  const res = c.res;
  if (res.headers.has('content-encoding') || !/^application\/json\b/.test(res.headers.get('content-type') ?? ''))
    return;
  if (!/\baccept-encoding\b/i.test(res.headers.get('vary') ?? '')) res.headers.append('vary', 'Accept-Encoding');
  const encoding = answerEncoding(c.req.header('accept-encoding'));
  // without compression a streamed answer stays a stream: it is read whole only to be compressed
  if (!encoding) return;
  const body = new Uint8Array(await res.arrayBuffer());
  const packed = body.byteLength >= COMPRESS_FROM_BYTES;
  c.res = new Response(packed ? await encoded(body, encoding) : body, res);
  if (packed) c.res.headers.set('content-encoding', encoding);
  c.res.headers.delete('content-length');
});
