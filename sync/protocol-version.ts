/** The protocol's version constants, without the zod schemas (protocol.ts), so the app's first screen loads no zod. */
export const PROTOCOL_VERSION = 1;
export const VERSION_NOT_SUPPORTED = 'VersionNotSupported';
/**
 * The argument rules a queued mutation was written under, stamped on each when it is queued. A mutation without one
 * was queued by an app before version 2, which removed contacts and hours without asking why; the push holds it to
 * the rules of then (a command's `queuedArgs`). Raise it when a command's arguments get stricter.
 */
export const MUTATION_ARGS_VERSION = 2;
