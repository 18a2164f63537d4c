/**
 * DNS rebinding: a page on rebind.attacker.example whose name then resolves to 127.0.0.1 reaches this server as its
 * own origin, with `Host: rebind.attacker.example`. Tried on a real socket, where the demo session is handed out.
 */
import { request } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

import { readConfig } from '../config.ts';
import { asSystem } from '../seed/standards.ts';
import { testApp } from '../test/helpers.ts';
import { listen } from '../test/streamed-request.ts';

let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  const h = testApp({ demo: true });
  asSystem(h.db, 'seedDemoDirector', (ctx) =>
    ctx.insert(t.users, { email: 'director@demo.test', firstName: 'Demo', lastName: 'Director', role: 'director' }),
  );
  server = await listen(h.app);
});
afterAll(() => server.close());

/** A GET on the server's socket naming `host` in its Host header, as a browser does for the page's origin. */
function getAs(host: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; cookie: string[] | undefined; body: string }>((resolve, reject) => {
    const req = request(`${server.origin}${path}`, { headers: { host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => (body += s));
      res.on('end', () => resolve({ status: res.statusCode!, cookie: res.headers['set-cookie'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const port = () => new URL(server.origin).port;

describe('a request naming a host this server is not', () => {
  it('gets no demo session through a rebound name', async () => {
    const res = await getAs(`rebind.attacker.example:${port()}`, '/api/demo/user');
    expect(res.status).toBe(421);
    expect(res.cookie).toBeUndefined();
    expect(JSON.parse(res.body)).toEqual({ error: ERR.unknownHost });
  });

  it('is refused on every route, the app page and sign-in included', async () => {
    for (const path of ['/', '/api/health', '/api/auth/session', '/login'])
      expect((await getAs('rebind.attacker.example', path)).status).toBe(421);
  });

  it('the configured name, localhost and a loopback or other address literal are answered', async () => {
    for (const host of [`localhost:${port()}`, `LOCALHOST:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`])
      expect((await getAs(host, '/api/demo/user')).status, host).toBe(200);
    // an address literal cannot be rebound: a page at http://192.168.1.20/ is this server's own origin (a phone on the LAN)
    expect((await getAs(`192.168.1.20:${port()}`, '/api/health')).status).toBe(200);
  });
});

describe('the names a server answers to', () => {
  it("PUBLIC_URL's name and ALLOWED_HOSTS, in any case and on any port", async () => {
    const h = testApp({ publicUrl: 'https://Records.Example.edu' });
    for (const host of ['records.example.edu', 'RECORDS.example.edu:443', 'records.example.edu:3000'])
      expect((await h.app.request('/api/health', { headers: { host } })).status, host).toBe(200);
    expect((await h.app.request('/api/health', { headers: { host: 'evil.example.edu' } })).status).toBe(421);
    expect(readConfig({ ALLOWED_HOSTS: ' Laptop.local, records ' }).allowedHosts).toEqual(['laptop.local', 'records']);
    expect(() => readConfig({ ALLOWED_HOSTS: 'https://laptop.local' })).toThrow('ALLOWED_HOSTS must be host names');
  });

  it('behind a trusted proxy, the forwarded host must be ours too', async () => {
    const h = testApp({ trustProxy: true, publicUrl: 'https://records.example' });
    const via = (forwarded: string) =>
      h.app.request('/api/health', { headers: { host: '127.0.0.1:3000', 'x-forwarded-host': forwarded } });
    expect((await via('records.example')).status).toBe(200);
    expect((await via('rebind.attacker.example')).status).toBe(421);
  });
});
