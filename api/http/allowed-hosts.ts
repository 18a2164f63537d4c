/**
 * DNS rebinding: a page on a name the attacker controls, re-pointed at this server (127.0.0.1, a LAN address), is
 * same-origin with it for the browser, so it reads answers and gets cookies set, and only the Host header tells. The
 * server therefore answers only hosts it is: PUBLIC_URL's name, ALLOWED_HOSTS, localhost, and address literals (an
 * address cannot be rebound: a page at http://192.168.1.20/ is this server's own origin). Every request is checked,
 * not only the demo routes: whatever else a rebound page reaches, it reaches as a client on this computer would.
 */
import { isIP } from 'node:net';

import { createMiddleware } from 'hono/factory';

import { ERR } from '#schema/messages.ts';

import { requestHost } from '../auth/client.ts';

/** A Host header's name: lower case, without port, an IPv6 literal without its brackets. */
function hostName(host: string): string {
  const name = host.trim().toLowerCase();
  if (name.startsWith('[')) return name.slice(1, name.indexOf(']'));
  return name.replace(/:\d*$/, '');
}

/** The names this server answers to: PUBLIC_URL's and ALLOWED_HOSTS', besides localhost and address literals. */
export function ourHostNames(publicUrl: string | undefined, allowedHosts: readonly string[] = []): Set<string> {
  const names = allowedHosts.map(hostName);
  if (publicUrl) names.push(hostName(new URL(publicUrl).host));
  return new Set(names);
}

function isOurHost(host: string, ours: ReadonlySet<string>): boolean {
  const name = hostName(host);
  return name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0 || ours.has(name);
}

/**
 * 421 Misdirected Request for a Host (and, behind a trusted proxy, an X-Forwarded-Host) this server is not. The
 * request reaches no route, so it sets no cookie and changes nothing.
 */
export const onlyOurHosts = (ours: ReadonlySet<string>, trustProxy = false) =>
  createMiddleware(async (c, next) => {
    const hosts = [c.req.header('host') ?? new URL(c.req.url).host, requestHost(c, trustProxy)];
    if (!hosts.every((host) => isOurHost(host, ours))) return c.json({ error: ERR.unknownHost }, 421);
    await next();
  });
