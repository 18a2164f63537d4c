import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env } from './context.ts';

/**
 * Serves the built PWA: assets as files (a missing one is a 404), `sw.js` never cached, every other path the app shell
 * (client routes).
 */
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
  app.use('*', serveStatic({ root }));
  // a missing asset (an old build's, a typo) is not a client route: the app page under its name would be kept a year
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  });
  app.get('*', serveStatic({ root, path: 'index.html' }));
}
