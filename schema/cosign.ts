/**
 * Co-sign codes (RFC 6238 TOTP): the preceptor's phone shows them from the account's secret, offline, and the server
 * checks them against a sign-off's time of capture. Both sides build the generator here, so they always agree.
 */
import { Secret, TOTP } from 'otpauth';

export const COSIGN_PERIOD_SECONDS = 30;

export const cosignTotp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: COSIGN_PERIOD_SECONDS });

/** A fresh random secret, base32 as authenticator apps take it. */
export const newCosignSecret = () => new Secret({ size: 20 }).base32;

/**
 * The offline window: a code is checked only on a sign-off captured at most 7 days before it reaches the server. A
 * student's phone offline for a week of shifts still gets its codes verified; an older one is refused
 * (ERR.cosignStale), and signed again without a code it waits for the preceptor's confirmation.
 */
export const COSIGN_OFFLINE_WINDOW_MS = 7 * 86_400_000;
/** Failed co-sign checks allowed per student and per named address in any window; the next check waits. */
export const COSIGN_FAILURES = { max: 5, seconds: 15 * 60 } as const;
