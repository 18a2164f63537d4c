/**
 * The built web app: assets kept a year by their hashed names, a missing asset a plain 404 that nothing keeps, and
 * every file sent as the build's brotli or gzip copy when the request accepts one.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../app.ts';
import { testApp } from '../test/helpers.ts';
import { precompressDir } from './precompress.ts';
import { LANDING_PAGES, landingPage } from './static.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let web: ReturnType<typeof createApp>;

beforeAll(() => {
  const h = testApp();
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  for (const [path, { file }] of Object.entries(LANDING_PAGES))
    writeFileSync(join(dist, file), `<!doctype html><title>landing ${path}</title>`);
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  web = createApp({ db: h.db, dataDir: h.dataDir, demo: false, webDist: dist });
});

describe('the built web app', () => {
  it('answers a missing asset 404, not the app page, and lets no one keep the answer', async () => {
    for (const path of ['/assets/app-000000.js', '/assets/nested/missing.css', '/assets/']) {
      const res = await web.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(await res.text(), path).not.toContain('<title>app</title>');
    }
  });

  it('answers a missing file outside the assets 404 too: a browser asking for /favicon.ico gets no app page', async () => {
    for (const path of ['/favicon.ico', '/apple-touch-icon-precomposed.png', '/students/export.csv']) {
      const res = await web.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('<title>app</title>');
    }
  });

  it('serves an asset to keep for a year, and the app page for client routes', async () => {
    const asset = await web.request('/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await asset.text()).toBe('console.log(1)');
    for (const path of ['/documents', '/ems/skill-entry/more', '/students']) {
      const page = await web.request(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).not.toBe(IMMUTABLE);
      expect(await page.text(), path).toContain('<title>app</title>');
    }
  });

  it("serves each landing page as the build's copy that preloads its own screen, from the first request", async () => {
    for (const path of Object.keys(LANDING_PAGES)) {
      const page = await web.request(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).not.toBe(IMMUTABLE);
      expect(await page.text(), path).toContain(`<title>landing ${path}</title>`);
    }
    expect(await (await web.request('/login/elsewhere')).text()).toContain('<title>app</title>');
  });
});

describe('a landing page', () => {
  const appPage = [
    '<!doctype html><html><head><meta charset="UTF-8" /><title>app</title>',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/web-1.js">',
    '<link rel="modulepreload" crossorigin href="/assets/shell-1.js" data-signed-in="">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
  const session = '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials">';

  it('signed in, asks who is signed in before its code, as the app asks it, and preloads its own screen once', () => {
    const page = landingPage(appPage, { signedIn: true, files: ['assets/home-1.js', 'assets/web-1.js'] });
    expect(page.indexOf(session)).toBeGreaterThan(0);
    expect(page.indexOf(session)).toBeLessThan(page.indexOf('<script'));
    expect(page.match(/href="\/assets\/web-1\.js"/g)).toHaveLength(1);
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js"></head>');
    expect(page).toContain('data-signed-in');
  });

  it("the sign-in page's asks nothing of the signed-in app: no session, no shell", () => {
    const page = landingPage(appPage, { signedIn: false, files: ['assets/login-1.js'] });
    expect(page).not.toContain('/api/auth/session');
    expect(page).not.toContain('shell-1.js');
    expect(page).toContain('href="/assets/login-1.js"');
  });
});

describe('the built web app, compressed', () => {
  let dist: string;
  let built: ReturnType<typeof createApp>;
  // text as a build writes it: long enough that both compressed copies are smaller than the file
  const script = Array.from({ length: 200 }, (_, i) => `export const line${i} = "training record ${i}";`).join('\n');
  const files: Record<string, string> = {
    'index.html': `<!doctype html><title>app</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`,
    'assets/index-4d5e6f.js': script,
    'assets/index-4d5e6f.css': '.card { display: flex; gap: 1rem; }\n'.repeat(100),
    'sw.js': script,
    'manifest.webmanifest': JSON.stringify({ name: 'Training Records', icons: Array(20).fill({ src: '/icon.png' }) }),
    ...Object.fromEntries(
      Object.values(LANDING_PAGES).map(({ file }) => [
        file,
        `<!doctype html><title>${file}</title>${'<p>sign in</p>'.repeat(40)}`,
      ]),
    ),
  };

  beforeAll(() => {
    const h = testApp();
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
    precompressDir(dist);
    built = createApp({ db: h.db, dataDir: h.dataDir, demo: false, webDist: dist });
  });

  const decode: Record<string, (bytes: Buffer) => Buffer> = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
    none: (bytes) => bytes,
  };
  // what Chrome, Safari and an old client send, a client that accepts gzip only, and one that wants no encoding
  const requests: [string | undefined, keyof typeof decode][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip', 'gzip'],
    ['identity', 'none'],
    [undefined, 'none'],
  ];

  it('sends each file in the best encoding the request accepts, varied by Accept-Encoding, decoding to the file', async () => {
    const paths: [string, string][] = [
      ...Object.keys(files).map((name): [string, string] => [`/${name}`, name]),
      ...Object.entries(LANDING_PAGES).map(([path, { file }]): [string, string] => [path, file]),
      ['/students', 'index.html'],
    ];
    for (const [path, file] of paths) {
      for (const [accept, encoding] of requests) {
        const what = `${path} with Accept-Encoding: ${accept ?? '(none)'}`;
        const res = await built.request(path, { headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.status, what).toBe(200);
        expect(res.headers.get('content-encoding') ?? 'none', what).toBe(encoding);
        expect(res.headers.get('vary'), what).toMatch(/\bAccept-Encoding\b/);
        const body = decode[encoding](Buffer.from(await res.arrayBuffer()));
        expect(body.equals(readFileSync(join(dist, file))), what).toBe(true);
      }
    }
  });

  it('keeps the cache and security headers on a compressed answer', async () => {
    const asset = await built.request('/assets/index-4d5e6f.js', { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(asset.headers.get('content-security-policy')).toContain("script-src 'self'");
    const sw = await built.request('/sw.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(sw.headers.get('content-encoding')).toBe('gzip');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves robots.txt from the build as plain text, not the app page', async () => {
    writeFileSync(join(dist, 'robots.txt'), readFileSync(join(import.meta.dirname, '../../web/public/robots.txt')));
    const res = await built.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
  });
});
