/** Failures that say nothing about the mutation itself: retrying later may succeed. */
export class TransientError extends Error {
  constructor(readonly cause: unknown) {
    super('Temporarily unable to apply changes');
  }
}

const TRANSIENT_CODES = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|NOMEM|INTERRUPT)/;

export function isTransientDbError(e: unknown): boolean {
  if (e instanceof TransientError) return true;
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' && TRANSIENT_CODES.test(code);
}
