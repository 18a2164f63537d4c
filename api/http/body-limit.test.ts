/**
 * An oversized body sent in chunks with no Content-Length, against a real server on a socket: each kind of route
 * answers 413 while the body streams in, so the server holds no more of it than that kind's limit.
 */
import { once } from 'node:events';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES, SIGN_IN_BODY_MAX_BYTES } from '../../schema/enums.ts';
import { ERR } from '../../schema/messages.ts';
import * as t from '../../schema/tables.ts';
import { testApp, type TestApp } from '../test/helpers.ts';
import { MAX_PUSH_MUTATIONS, PROTOCOL_VERSION } from '../../sync/protocol.ts';
import { SYNC_PUSH_MAX_BYTES } from './body-limit.ts';

const MB = 1024 * 1024;
/** What the test sends at most: far past every limit, a fraction of what an attacker would. */
const SEND_AT_MOST = 64 * MB;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

let h: TestApp;
let server: ServerType;
let origin: string;

beforeAll(async () => {
  h = testApp();
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * What the process holds after a full collection: JS objects and buffers (a request body held is one), without
 * garbage a collection would free or pages the allocator has not returned (RSS).
 */
function liveMemory() {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Bytes the client had handed to its socket when the answer arrived. */
  sentBeforeAnswer: number;
  /** How far this process's live memory (server and client) rose over its start, sampled while the request ran. */
  growth: number;
}

/**
 * Sends `start` and then filler bytes in chunks (Transfer-Encoding: chunked, no Content-Length), up to SEND_AT_MOST,
 * and stops sending as soon as the server answers, as an attacker's client would not but a test must.
 */
async function sendChunked(path: string, start: string, headers: Record<string, string> = {}): Promise<Answer> {
  const before = liveMemory();
  let peak = before;
  const sample = setInterval(() => { peak = Math.max(peak, liveMemory()); }, 10);
  const req = request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'transfer-encoding': 'chunked', origin, 'sec-fetch-site': 'same-origin', ...headers },
  });
  let sent = 0;
  let sentBeforeAnswer = -1;
  const answered = new Promise<Omit<Answer, 'growth' | 'sentBeforeAnswer'>>((resolve, reject) => {
    req.on('response', (res) => {
      sentBeforeAnswer = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => { body += s; });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    // the server may close the connection on a body it refused; what counts is the answer before that
    req.on('error', (e) => { if (sentBeforeAnswer < 0) reject(e); });
  });
  const stopped = Promise.race([answered.catch(() => undefined), once(req, 'close')]);
  const deadline = Date.now() + 15_000;
  req.write(start);
  while (sentBeforeAnswer < 0 && sent < SEND_AT_MOST && Date.now() < deadline && !req.destroyed) {
    sent += CHUNK.byteLength;
    if (!req.write(CHUNK)) await Promise.race([once(req, 'drain'), stopped]);
  }
  if (sentBeforeAnswer < 0 && !req.destroyed) req.end();
  try {
    const answer = await answered;
    return { ...answer, sentBeforeAnswer, growth: peak - before };
  } finally {
    clearInterval(sample);
    req.destroy();
  }
}

const json = { 'content-type': 'application/json' };
const signedIn = async () => ({ cookie: await h.login('director') });

const report = (kind: string, a: Answer) =>
  console.info(`${kind}: ${a.status} after ${(a.sentBeforeAnswer / MB).toFixed(1)} MB sent, memory growth ${(a.growth / MB).toFixed(1)} MB`);

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
    id: i + 1, name: 'sendMessage', createdAt: new Date().toISOString(),
    args: { recipientId: h.users.student.id, subject: text(200), content: text(20_000), priority: 'urgent', category: 'administrative' },
  }));
  const body = { pushVersion: PROTOCOL_VERSION, clientGroupId: 'full-batch', clientId: 'full-batch', mutations };
  expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(0.9 * SYNC_PUSH_MAX_BYTES);
  const res = await h.as('director', 'POST', '/api/sync/push', body);
  // read whole and run, up to the sender's message quota (429 for the rest, which the device sends later)
  expect([200, 429]).toContain(res.status);
  expect(h.db.select().from(t.messages).all().length).toBeGreaterThan(0);
});
