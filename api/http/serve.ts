/** The Node HTTP server the app runs on, with the connection limits that keep idle or slow clients from piling up. */
import { serve } from '@hono/node-server';

import type { App } from '../app.ts';

/**
 * A client has 10 s to send its request's headers (a phone's first packet, with retries) and 5 minutes for the whole
 * request (a 25 MB upload at 1 Mbit/s takes 3.5); an idle kept-alive connection is closed after 5 s. Node checks
 * these every `connectionsCheckingInterval` (30 s by default, which let 500 slow-header sockets sit for half a minute).
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 300_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
};

export function serveApp(
  app: App,
  address: { port: number; hostname: string },
  onListening?: (info: { port: number }) => void,
) {
  return serve({ fetch: app.fetch, ...address, serverOptions: SERVER_TIMEOUTS }, onListening);
}
