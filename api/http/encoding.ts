/**
 * Which compression a JSON answer goes in: brotli where the request accepts it (every current browser), else gzip.
 * At quality 4 brotli costs gzip's CPU time and packs a student's first pull 13% smaller (docs/PERFORMANCE.md), bytes
 * a phone on a weak signal waits for.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The codings an Accept-Encoding header takes: each named one, less those refused with q=0. */
function acceptedCodings(header: string | undefined): Set<string> {
  const codings = (header ?? '').split(',').flatMap((part) => {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    return weight !== undefined && Number(weight.slice(2)) === 0 ? [] : [name];
  });
  return new Set(codings);
}

export const acceptsGzip = (header: string | undefined) => acceptedCodings(header).has('gzip');

/** The encoding to answer a request with: brotli first, gzip next, null for the bytes as they are. */
export function answerEncoding(header: string | undefined): Encoding | null {
  const codings = acceptedCodings(header);
  return codings.has('br') ? 'br' : codings.has('gzip') ? 'gzip' : null;
}

const brotliOptions = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** On libuv's thread pool: a sync page takes milliseconds to compress, which other requests need not wait out. */
export async function encoded(body: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const packed = encoding === 'br' ? await brotliAsync(body, brotliOptions(body.byteLength)) : await gzipAsync(body);
  return new Uint8Array(packed);
}

/** For an answer kept and compressed once (kept-response.ts). */
export function encodedSync(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return new Uint8Array(encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.byteLength)) : gzipSync(body));
}
