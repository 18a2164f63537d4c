/**
 * JSON answers of more than a few KB go compressed to clients that accept it, as a phone on a weak signal needs:
 * brotli where accepted (every current browser), gzip otherwise.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { beforeAll, describe, expect, it } from 'vitest';

import { type TestApp, testApp } from '../test/helpers.ts';
import { COMPRESS_FROM_BYTES } from './kept-response.ts';

let h: TestApp;
beforeAll(() => {
  h = testApp();
});

const firstPull = { pullVersion: 1, clientGroupId: 'g1', clientId: 'c1', cookie: null };

describe('JSON answers', () => {
  it('send a sync page in brotli when the request accepts it, varied by Accept-Encoding, decoding to the same JSON', async () => {
    const plain = await h.as('director', 'POST', '/api/sync/pull', firstPull);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/\bAccept-Encoding\b/);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_FROM_BYTES);

    const packed = await h.as('director', 'POST', '/api/sync/pull', firstPull, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(packed.headers.get('vary')).toMatch(/\bAccept-Encoding\b/);
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 2);
    expect(JSON.parse(brotliDecompressSync(bytes).toString('utf8'))).toEqual(JSON.parse(text));
  });

  it.each([['gzip, deflate'], ['gzip, br;q=0']])(
    'send a sync page gzipped to a client that takes gzip and not brotli (%s)',
    async (acceptEncoding) => {
      const plain = await (await h.as('director', 'POST', '/api/sync/pull', firstPull)).json();
      const packed = await h.as('director', 'POST', '/api/sync/pull', firstPull, { 'accept-encoding': acceptEncoding });
      expect(packed.headers.get('content-encoding')).toBe('gzip');
      expect(JSON.parse(gunzipSync(Buffer.from(await packed.arrayBuffer())).toString('utf8'))).toEqual(plain);
    },
  );

  it('leave a short answer as it is: compressing it costs more than it saves', async () => {
    const res = await h.as('director', 'GET', '/api/auth/user', undefined, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await res.json()).role).toBe('director');
  });

  it('leave an error answer readable as JSON', async () => {
    const res = await h.as('director', 'POST', '/api/sync/pull', { pullVersion: 1 }, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBeTruthy();
  });
});
