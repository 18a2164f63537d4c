/**
 * Closing a connection whose request body is still arriving. `Connection: close` tells the client not to send another
 * request on it; closing at once would make the client's kernel reset the connection on its next write, and a client
 * still sending often reports that reset (EPIPE) instead of the answer already waiting for it. So, as RFC 9112 9.6
 * asks, the server sends its answer and its end of the connection, then reads and discards what keeps coming for a
 * short while before it closes (at most LINGER_MS: a client that never stops sending does not hold the socket).
 */
import type { Socket } from 'node:net';

import type { Context } from 'hono';

const LINGER_MS = 2_000;

export function closeAfterAnswer(c: Context): void {
  c.header('Connection', 'close');
  const socket = (c.env as { incoming?: { socket?: Socket } } | undefined)?.incoming?.socket;
  if (!socket) return;
  // Node's server calls destroySoon once the answer is written; linger instead of destroying
  socket.destroySoon = function linger(this: Socket) {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
    return this;
  } as Socket['destroySoon'];
}
