import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';

import { ERR } from '../schema/messages.ts';
import { SYNC_CONTRACTS, syncRoutes } from '../sync/server/routes.ts';
import { authRoutes, requireUser, sameOriginOnly } from './auth/routes.ts';
import { isTransientDbError } from './db/transient.ts';
import { onlyOurHosts, ourHostNames } from './http/allowed-hosts.ts';
import { signedInBodyLimit, signInBodyLimit } from './http/body-limit.ts';
import { compressJson } from './http/compress-json.ts';
import type { Deps, Env } from './http/context.ts';
import { AppError, errorBody } from './http/errors.ts';
import { closeAfterAnswer } from './http/lingering-close.ts';
import { serveWeb } from './http/static.ts';
import { QuotaExceeded } from './limits/quotas.ts';
import { log } from './log.ts';
import { openApiRoutes } from './openapi/index.ts';
import { calendarFeedRoutes } from './routes/calendar/index.ts';
import { apiRoutes } from './routes/index.ts';
import { signOffLinkRoutes } from './routes/sign-offs/index.ts';
import { signOffMail } from './routes/sign-offs/sign-off-mail.ts';

export interface AppOptions extends Deps {
  /** Folder of the built web app to serve, or null to serve the API only (tests). */
  webDist?: string | null;
}

export function createApp(appOptions: AppOptions) {
  const publicUrl = appOptions.publicUrl ?? '';
  const options: Deps & AppOptions = {
    ...appOptions,
    publicUrl,
    signOffMail: appOptions.signOffMail ?? signOffMail(appOptions.db, appOptions.mailer ?? null, publicUrl),
  };
  // a link whose mail failed, or a sign-off that arrived while the mail server was down, goes out on a later round
  if (appOptions.mailer) setInterval(() => options.signOffMail?.kick(), 5 * 60_000).unref();
  const app = new Hono<Env>();
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
    }),
  );
  app.use(onlyOurHosts(ourHostNames(publicUrl, options.allowedHosts), options.trustProxy));
  app.use('/api/*', compressJson);
  app.use('/api/*', sameOriginOnly(options));
  app.onError((err, c) => {
    // a body refused as too large is refused before it is all read: the rest is still coming, so the connection
    // cannot carry another request, and a keep-alive client must be told before it sends one into it
    if (err instanceof AppError && err.status === 413) closeAfterAnswer(c);
    if (err instanceof AppError) return c.json(errorBody(err), err.status);
    if (err instanceof QuotaExceeded)
      return c.json({ error: err.message }, 429, { 'Retry-After': String(err.retryAfter) });
    if (err instanceof HTTPException) return c.json({ error: err.message || ERR.invalidInput }, err.status);
    log.error(err);
    // the write rolled back as a whole; the same request can succeed once space is freed
    if (isTransientDbError(err)) return c.json({ error: ERR.storageUnavailable }, 503);
    return c.json({ error: 'Something went wrong on the server. Try again.' }, 500);
  });

  app.use('/api/login', signInBodyLimit);
  app.route('/api', authRoutes(options));
  app.route('/api', signOffLinkRoutes(options));
  // calendar apps send no cookie: the feed's token is its credential
  app.route('/api', calendarFeedRoutes(options));
  app.route('/api', openApiRoutes(app, SYNC_CONTRACTS));
  app.use('/api/*', requireUser(options));
  app.use('/api/*', signedInBodyLimit);
  app.route('/api', apiRoutes(options));
  app.route('/api', syncRoutes(options));
  app.all('/api/*', (c) => c.json({ error: ERR.notFound }, 404));
  if (options.webDist) serveWeb(app, options.webDist);
  return app;
}

export type App = ReturnType<typeof createApp>;
