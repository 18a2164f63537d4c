/**
 * Requests to a real server on a socket, with bodies streamed in chunks (Transfer-Encoding: chunked, no
 * Content-Length), and the live memory of this process (the server runs in it) sampled while they run.
 */
import { once } from 'node:events';
import { type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { App } from '../app.ts';
import { serveApp } from '../http/serve.ts';

export const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * What the process holds after a full collection: JS objects and buffers (a request body held is one), without
 * garbage a collection would free or pages the allocator has not returned (RSS).
 */
function liveMemory() {
  // the second collection waits for the first to have freed the buffers it found dead
  collectGarbage();
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Serves `app` on a free port of 127.0.0.1, as api/main.ts does; `close` stops it. */
export async function listen(app: App) {
  const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/**
 * Runs `run` while sampling this process's live memory; `growth` is how far it rose over its start. Each sample
 * collects garbage in full and holds the process up meanwhile, so samples are spaced to take at most a fifth of the
 * time (every 100 ms on an idle machine): not for timing measurements.
 */
export async function measuringMemory<T>(run: () => Promise<T>): Promise<T & { growth: number }> {
  const before = liveMemory();
  let peak = before;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const started = performance.now();
    peak = Math.max(peak, liveMemory());
    timer = setTimeout(sample, Math.max(100, 4 * (performance.now() - started)));
  };
  timer = setTimeout(sample, 100);
  try {
    const result = await run();
    return { ...result, growth: peak - before };
  } finally {
    clearTimeout(timer);
  }
}

export interface StreamedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Bytes the client had handed to its socket when the answer arrived. */
  sentBeforeAnswer: number;
}

/**
 * POSTs (or sends with `method`) `start`, then `filler` bytes in chunks of `fillWith` (64 KB of 'a' unless given)
 * repeated, then `end`, as a page of `origin` would. Stops sending as soon as the server answers (as an attacker's client would not, but a test
 * must), and after 15 s. The chunks are one buffer sent again and again: the client allocates next to nothing.
 */
export async function sendStreamed(
  origin: string,
  path: string,
  body: { start: string; filler: number; fillWith?: Buffer; end?: string },
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<StreamedAnswer> {
  const req = request(`${origin}${path}`, {
    method,
    headers: { 'transfer-encoding': 'chunked', origin, 'sec-fetch-site': 'same-origin', ...headers },
  });
  let sent = 0;
  let sentBeforeAnswer = -1;
  const answered = new Promise<Omit<StreamedAnswer, 'sentBeforeAnswer'>>((resolve, reject) => {
    req.on('response', (res) => {
      sentBeforeAnswer = sent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        text += s;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    // the server may close the connection on a body it refused; what counts is the answer before that
    req.on('error', (e) => {
      if (sentBeforeAnswer < 0) reject(e);
    });
  });
  const stopped = Promise.race([answered.catch(() => undefined), once(req, 'close')]);
  const deadline = Date.now() + 15_000;
  const writing = () => sentBeforeAnswer < 0 && Date.now() < deadline && !req.destroyed;
  req.write(body.start);
  const unit = body.fillWith ?? CHUNK;
  while (writing() && sent < body.filler) {
    const chunk = unit.subarray(0, Math.min(unit.byteLength, body.filler - sent));
    sent += chunk.byteLength;
    if (!req.write(chunk)) await Promise.race([once(req, 'drain'), stopped]);
  }
  if (writing()) req.end(body.end ?? '');
  try {
    return { ...(await answered), sentBeforeAnswer };
  } finally {
    req.destroy();
  }
}
