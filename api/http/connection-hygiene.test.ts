/**
 * What a refused request leaves on its connection, and how long a connection may be held, on a real socket.
 */
import { once } from 'node:events';
import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DOCUMENT_MAX_BYTES, SIGN_IN_BODY_MAX_BYTES } from '#schema/enums.ts';

import { type TestApp, testApp } from '../test/helpers.ts';
import { listen } from '../test/streamed-request.ts';
import { SERVER_TIMEOUTS } from './serve.ts';

let h: TestApp;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  h = testApp();
  server = await listen(h.app);
});
afterAll(() => server.close());

/** Sends `body` to `path`, then three more requests on the same keep-alive pool; all must get an answer. */
async function thenNextRequests(path: string, body: string, headers: Record<string, string> = {}) {
  const refused = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  await refused.text();
  for (let i = 0; i < 3; i++) expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
  return refused;
}

describe('a body refused before it is read', () => {
  it('a signed-out write refused with 401 before its body is read', async () => {
    const res = await thenNextRequests('/api/messages', JSON.stringify({ subject: 'x'.repeat(2_000_000) }), {
      origin: server.origin,
    });
    expect(res.status).toBe(401);
  });

  it('answers 413 with Connection: close, so a keep-alive client does not send its next request into the rest', async () => {
    const body = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1000 * SIGN_IN_BODY_MAX_BYTES) });
    const refused = await thenNextRequests('/api/login', body);
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
  });

  /** Declares a body of `length` bytes on a raw socket, sends `start` of it, and reads until the server closes. */
  async function declareAndWait(path: string, length: number, start: string, headers: string) {
    const socket = connect(Number(new URL(server.origin).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\nOrigin: ${server.origin}\r\n${headers}` +
        `Content-Length: ${length}\r\nConnection: keep-alive\r\n\r\n${start}`,
    );
    let answer = '';
    socket.setEncoding('utf8').on('data', (s: string) => (answer += s));
    await once(socket, 'end');
    socket.destroy();
    return answer;
  }

  it('closes the connection after that 413, with the declared body unsent', async () => {
    const signIn = await declareAndWait(
      '/api/login',
      64 * SIGN_IN_BODY_MAX_BYTES,
      '{"email":"',
      'Content-Type: application/json\r\n',
    );
    expect(signIn).toMatch(/^HTTP\/1\.1 413 /);
    expect(signIn.toLowerCase()).toContain('connection: close');
    const upload = await declareAndWait(
      '/api/documents',
      2 * DOCUMENT_MAX_BYTES,
      '--b\r\n',
      `Content-Type: multipart/form-data; boundary=b\r\nCookie: ${await h.login('director')}\r\n`,
    );
    expect(upload).toMatch(/^HTTP\/1\.1 413 /);
    expect(upload.toLowerCase()).toContain('connection: close');
  });
});

describe('clients that send their headers slowly', () => {
  const SOCKETS = 200;

  it('are closed once the header timeout passes, while others are answered meanwhile', async () => {
    const port = Number(new URL(server.origin).port);
    const started = Date.now();
    const closedAfter = Array.from({ length: SOCKETS }, async () => {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      // a request line and one header, then nothing: the headers never end
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      socket.resume();
      await once(socket, 'close');
      return Date.now() - started;
    });
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    const times = await Promise.all(closedAfter);
    const limit = SERVER_TIMEOUTS.headersTimeout + 2 * SERVER_TIMEOUTS.connectionsCheckingInterval + 2_000;
    expect(Math.max(...times)).toBeLessThan(limit);
  }, 30_000);
});
