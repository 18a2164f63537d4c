import { existsSync } from 'node:fs';
import { relative } from 'node:path';

import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';

import { SESSION_PATH } from '#schema/login.ts';

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

/**
 * A landing page's copy of the app page (built by vite.config.ts): the sign-in page's without the signed-in shell's
 * preloads (marked `data-signed-in`), each with its own screen's `files` preloaded. A signed-in page also asks who is
 * signed in from its first bytes, beside its code: the app's first question (web/lib/session.tsx), which it would
 * otherwise send only once that code has run, a round trip before the screen can draw (docs/PERFORMANCE.md, issue 32).
 * `crossorigin="use-credentials"` makes it the request the app's own fetch sends (with the cookie), which then
 * takes this answer instead of asking again.
 */
export function landingPage(appPage: string, { signedIn, files }: { signedIn: boolean; files: readonly string[] }) {
  const page = signedIn ? appPage : appPage.replace(/\s*<link [^>]*data-signed-in[^>]*>/g, '');
  const own = files
    .filter((file) => !page.includes(`href="/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const session = signedIn
    ? `<link rel="preload" href="${SESSION_PATH}" as="fetch" crossorigin="use-credentials">`
    : '';
  return page.replace(/<head>/, `<head>${session}`).replace('</head>', `${own.join('')}</head>`);
}

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
  // nor is a missing file elsewhere (the favicon.ico a browser asks for unprompted): the app page under that name was
  // 9 KB more on a phone's first visit
  app.get('*', (c, next) => (FILE_NAME.test(c.req.path) ? c.text('Not found', 404) : next()));
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true }));
}

/** A path that names a file (`/favicon.ico`): client routes never end in an extension. */
const FILE_NAME = /\/[^/]+\.[a-z0-9]+$/i;

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
