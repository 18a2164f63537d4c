import { existsSync } from 'node:fs';
import { relative } from 'node:path';

import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';

import type { Env } from './context.ts';

/**
 * Serves the built PWA: assets as files (a missing one is a 404), `sw.js` never cached, every other path the app shell
 * (client routes). Each file goes out as the build's brotli or gzip copy when the request accepts one
 * (api/http/precompress.ts), from this server itself: `npm start`, a phone on the LAN and a deployment without a proxy
 * all download the compressed bytes.
 */
/**
 * The pages a phone opens first, each answered with a copy of the app page that also preloads that screen's own code
 * (its chunk, by the name vite.config.ts gives it); the sign-in page's copy leaves out the signed-in shell's preloads.
 * Every other path, and every page once the service worker answers, gets index.html.
 */
export const LANDING_PAGES = {
  '/login': { file: 'login.html', part: 'login', signedIn: false },
  '/': { file: 'home.html', part: 'home', signedIn: true },
  '/ems/skill-entry': { file: 'skill-entry.html', part: 'skill-entry', signedIn: true },
} as const;

export function serveWeb(app: Hono<Env>, webDist: string) {
  const root = relative(process.cwd(), webDist) || '.';
  if (!existsSync(webDist)) {
    app.get('*', (c) => c.text('The web app is not built. Run `npm run build`.', 503));
    return;
  }
  app.use('/sw.js', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-cache');
  });
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', varyByEncoding);
  // before the files: serveStatic answers `/` with index.html
  for (const [path, { file }] of Object.entries(LANDING_PAGES))
    app.get(path, serveStatic({ root, path: file, precompressed: true }));
  app.use('*', serveStatic({ root, precompressed: true }));
  // a missing asset (an old build's, a typo) is not a client route: the app page under its name would be kept a year
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  });
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true }));
}

/**
 * A file's answer depends on Accept-Encoding even when it went out uncompressed: without `Vary` a shared cache could
 * keep that plain copy and hand it to every phone, or keep the brotli copy for a client that cannot read it.
 */
const varyByEncoding = createMiddleware<Env>(async (c, next) => {
  await next();
  if (c.req.path.startsWith('/api/') || c.res.status !== 200) return;
  if (!/\baccept-encoding\b/i.test(c.res.headers.get('vary') ?? ''))
    c.header('Vary', 'Accept-Encoding', { append: true });
});
