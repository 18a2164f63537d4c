/**
 * An oversized body sent in chunks with no Content-Length, against a real server on a socket: each kind of route
 * answers 413 while the body streams in, so the server holds no more of it than that kind's limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DOCUMENT_MAX_BYTES, JSON_BODY_MAX_BYTES, MAX_PUSH_MUTATIONS, SIGN_IN_BODY_MAX_BYTES } from '#schema/enums.ts';
import { ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';
import { PROTOCOL_VERSION } from '#sync/protocol.ts';

import { type TestApp, testApp } from '../test/helpers.ts';
import { listen, MB, measuringMemory, sendStreamed } from '../test/streamed-request.ts';
import { SYNC_PUSH_MAX_BYTES } from './body-limit.ts';

/** What the test sends at most: far past every limit, a fraction of what an attacker would. */
const SEND_AT_MOST = 64 * MB;

let h: TestApp;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  h = testApp();
  server = await listen(h.app);
});
afterAll(() => server.close());

/** Sends `start` and then up to SEND_AT_MOST bytes more, never the body's end. */
const sendChunked = (path: string, start: string, headers: Record<string, string>, method?: string) =>
  measuringMemory(() => sendStreamed(server.origin, path, { start, filler: SEND_AT_MOST }, headers, method));
type Answer = Awaited<ReturnType<typeof sendChunked>>;

const json = { 'content-type': 'application/json' };
const signedIn = async () => ({ cookie: await h.login('director') });
const BOUNDARY = 'x-boundary';
const multipartStart = `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="big.txt"\r\ncontent-type: text/plain\r\n\r\n`;

const report = (kind: string, a: Answer) =>
  console.info(
    `${kind}: ${a.status} after ${(a.sentBeforeAnswer / MB).toFixed(1)} MB sent, memory growth ${(a.growth / MB).toFixed(1)} MB`,
  );

/** Room for what the sockets between client and server hold once the server stops reading (about 4 MB here). */
const IN_TRANSIT = 8 * MB;
/** What the test's own client, the server's parsers and sampling add to the process's memory. */
const SLACK = 3 * MB;

/** 413 with `error` once at most `limit` was read, the server having held at most `held` of the body. */
function expectRefused(a: Answer, error: string, limit: number, held: number) {
  expect(a.status).toBe(413);
  expect(JSON.parse(a.body)).toEqual({ error });
  expect(a.sentBeforeAnswer).toBeLessThan(limit + IN_TRANSIT);
  expect(a.growth).toBeLessThan(held + SLACK);
}

describe('a chunked body over the limit answers 413 before it is read whole', () => {
  it('sign-in (4 KB)', async () => {
    const a = await sendChunked('/api/login', '{"email":"', json);
    report('sign-in', a);
    expectRefused(a, ERR.bodyTooLarge, SIGN_IN_BODY_MAX_BYTES, SIGN_IN_BODY_MAX_BYTES);
  });

  it('a JSON write (1 MB)', async () => {
    const a = await sendChunked('/api/messages', '{"subject":"', { ...json, ...(await signedIn()) });
    report('JSON write', a);
    expectRefused(a, ERR.bodyTooLarge, JSON_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES);
  });

  it('sync push (its largest batch of the largest mutations)', async () => {
    const a = await sendChunked('/api/sync/push', '{"mutations":[{"args":"', { ...json, ...(await signedIn()) });
    report('sync push', a);
    expectRefused(a, ERR.bodyTooLarge, SYNC_PUSH_MAX_BYTES, SYNC_PUSH_MAX_BYTES);
  });

  it('a document upload (25 MB, streamed to disk: none of it held)', async () => {
    const a = await sendChunked('/api/documents', multipartStart, {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(await signedIn()),
    });
    report('upload', a);
    expectRefused(a, ERR.payloadTooLarge, DOCUMENT_MAX_BYTES, 0);
  });

  it('a read (GET) is answered without reading the body sent with it', async () => {
    const a = await sendChunked('/api/programs', '{"subject":"', await signedIn(), 'GET');
    report('GET with a body', a);
    expect(a.status).toBe(200);
    expect(a.sentBeforeAnswer).toBeLessThan(IN_TRANSIT);
    expect(a.growth).toBeLessThan(SLACK);
  });

  it('a signed-out write to a signed-in route is refused without reading its body', async () => {
    const a = await sendChunked('/api/messages', '{"subject":"', json);
    report('signed out', a);
    expect(a.status).toBe(401);
    expect(a.sentBeforeAnswer).toBeLessThan(IN_TRANSIT);
    expect(a.growth).toBeLessThan(SLACK);
  });
});

it('a push of the largest batch of the largest messages is within the limit', async () => {
  const text = (n: number) => '界'.repeat(n);
  const mutations = Array.from({ length: MAX_PUSH_MUTATIONS }, (_, i) => ({
    id: i + 1,
    name: 'sendMessage',
    createdAt: new Date().toISOString(),
    args: {
      recipientId: h.users.student.id,
      subject: text(200),
      content: text(20_000),
      priority: 'urgent',
      category: 'administrative',
    },
  }));
  const body = { pushVersion: PROTOCOL_VERSION, clientGroupId: 'full-batch', clientId: 'full-batch', mutations };
  expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(0.9 * SYNC_PUSH_MAX_BYTES);
  const res = await h.as('director', 'POST', '/api/sync/push', body);
  // read whole and run, up to the sender's message quota (429 for the rest, which the device sends later)
  expect([200, 429]).toContain(res.status);
  expect(h.db.select().from(t.messages).all().length).toBeGreaterThan(0);
});
