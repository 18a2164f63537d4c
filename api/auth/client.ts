/**
 * Who sent a request and how it reached us. `X-Forwarded-*` headers are anyone's to write, so they count only with
 * TRUST_PROXY, when a reverse proxy the operator runs sets them; otherwise the socket decides.
 */
import { BlockList, isIP } from 'node:net';

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** With no socket (a request handed to `app.request`, as tests do) the client is unknown, and never loopback. */
const UNKNOWN_CLIENT = 'unknown';

/** A proxy appends to these lists; the entry it added is the last one, anything before it came from the client. */
const lastEntry = (value: string | undefined) => value?.split(',').at(-1)?.trim() || undefined;

function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: unknown; server?: unknown } | undefined;
  if (!env?.incoming && !env?.server) return undefined;
  return getConnInfo(c).remote.address;
}

/** The client's address: the socket's, or behind a trusted proxy the address that proxy saw. */
export function clientAddress(c: Context, trustProxy = false): string {
  const forwarded = trustProxy ? lastEntry(c.req.header('x-forwarded-for')) : undefined;
  return forwarded ?? socketAddress(c) ?? UNKNOWN_CLIENT;
}

/** The host the browser asked for (what a same-origin `Origin` names). */
export function requestHost(c: Context, trustProxy = false): string {
  const forwarded = trustProxy ? lastEntry(c.req.header('x-forwarded-host')) : undefined;
  return forwarded ?? c.req.header('host') ?? new URL(c.req.url).host;
}

/** Whether the browser reached us over HTTPS (a proxy in front ends TLS and says so in `X-Forwarded-Proto`). */
export function isHttps(c: Context, trustProxy = false): boolean {
  const forwarded = trustProxy ? lastEntry(c.req.header('x-forwarded-proto')) : undefined;
  return forwarded ? forwarded === 'https' : new URL(c.req.url).protocol === 'https:';
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 (also IPv4-mapped, as a dual-stack socket reports them) or `localhost`. */
export function isLoopback(hostOrAddress: string): boolean {
  const host = hostOrAddress.toLowerCase();
  if (host === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && loopback.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * A client on this computer. Without TRUST_PROXY, a request that came through a proxy (it says so in a forwarded
 * header) is not, even from a loopback socket: a proxy on this computer relays clients from anywhere.
 */
export function isLocalClient(c: Context, trustProxy = false): boolean {
  const proxied = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
  if (proxied && !trustProxy) return false;
  return isLoopback(clientAddress(c, trustProxy));
}
