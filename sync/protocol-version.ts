/** The protocol's version constants, without the zod schemas (protocol.ts), so the app's first screen loads no zod. */
export const PROTOCOL_VERSION = 1;
export const VERSION_NOT_SUPPORTED = 'VersionNotSupported';
