/**
 * Headers and cookies a browser relies on, on every kind of answer (the app page, an asset, JSON, an error, a download),
 * and uploaded file names that cannot reach the file system.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../app.ts';
import { TEST_PASSWORD, type TestApp, testApp } from '../test/helpers.ts';

let h: TestApp;
let web: ReturnType<typeof createApp>;

beforeAll(() => {
  h = testApp();
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  web = createApp({ db: h.db, dataDir: h.dataDir, demo: false, webDist: dist });
});

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
}

describe('security headers', () => {
  it('are on the app page, a client route, an asset, JSON, a 401, a 404 and a 400', async () => {
    const cookie = await h.login('director');
    const cases: [string, RequestInit | undefined, number][] = [
      ['/', undefined, 200],
      ['/ems/skill-entry', undefined, 200],
      ['/assets/app.js', undefined, 200],
      ['/api/health', undefined, 200],
      ['/api/students', undefined, 401],
      ['/api/nothing-here', { headers: { cookie } }, 404],
      ['/api/students?limit=0', { headers: { cookie } }, 400],
    ];
    for (const [path, init, status] of cases) {
      const res = await web.request(path, init);
      expect(res.status, path).toBe(status);
      expectSecurityHeaders(res, path);
    }
  });

  it('are on a document download, which is an attachment typed by its checked extension', async () => {
    const form = new FormData();
    form.append('file', new File(['<script>alert(1)</script>'], 'notes.txt', { type: 'text/html' }));
    for (const [k, v] of Object.entries({ name: 'Notes', type: 'Policy', programType: 'ems', isPublic: 'true' }))
      form.append(k, v);
    const doc = await (await h.as('director', 'POST', '/api/documents', form)).json();
    const res = await h.as('instructor', 'GET', `/api/documents/${doc.id}/download`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, 'download');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.txt"/);
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, for the whole site, host-only, and new at every sign-in', async () => {
    const signIn = () =>
      h.app.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'instructor@test.local', password: TEST_PASSWORD }),
      });
    const cookies = [];
    for (let i = 0; i < 3; i++) {
      const set = (await signIn()).headers.get('set-cookie')!;
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Lax/);
      expect(set).toMatch(/Path=\//);
      expect(set).not.toMatch(/Domain=/i);
      const value = set.split(';')[0].split('=')[1];
      expect(value.length).toBeGreaterThanOrEqual(32);
      cookies.push(value);
    }
    expect(new Set(cookies).size).toBe(3);
  });
});

describe('uploaded file names', () => {
  it('never reach the file system: every stored file is a random name inside DATA_DIR/documents', async () => {
    const hostile = [
      '../../escape.txt',
      '..\\..\\escape.txt',
      '/etc/cron.d/escape.txt',
      'C:\\Windows\\escape.txt',
      '....//....//escape.txt',
      'a\u0000b.txt',
      '%2e%2e%2fescape.txt',
      'ok/../../escape.txt',
    ];
    const before = readdirSync(h.dataDir);
    for (const name of hostile) {
      const form = new FormData();
      form.append('file', new File(['plain text'], name));
      for (const [k, v] of Object.entries({ name: 'Escape', type: 'Policy', programType: 'ems', isPublic: 'true' }))
        form.append(k, v);
      const res = await h.as('director', 'POST', '/api/documents', form);
      expect(res.status, name).toBe(201);
      const doc = await res.json();
      // eslint-disable-next-line no-control-regex -- a NUL in a stored name is what this test looks for
      expect(doc.fileName, name).not.toMatch(/[\\/\u0000]/);
    }
    expect(readdirSync(h.dataDir)).toEqual(before);
    for (const up of ['..', '../..']) expect(existsSync(join(h.dataDir, up, 'escape.txt')), up).toBe(false);
    const stored = readdirSync(join(h.dataDir, 'documents'));
    expect(stored.every((f) => /^[0-9a-f-]{36}$/.test(f))).toBe(true);
  });
});
