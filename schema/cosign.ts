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
