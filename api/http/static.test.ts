/** The built web app: assets kept a year by their hashed names, and a missing asset a plain 404 that nothing keeps. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { testApp } from '../test/helpers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let web: ReturnType<typeof createApp>;

beforeAll(() => {
  const h = testApp();
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
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

  it('serves an asset to keep for a year, and the app page for client routes', async () => {
    const asset = await web.request('/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await asset.text()).toBe('console.log(1)');
    for (const path of ['/', '/ems/skill-entry', '/documents']) {
      const page = await web.request(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).not.toBe(IMMUTABLE);
      expect(await page.text(), path).toContain('<title>app</title>');
    }
  });
});
