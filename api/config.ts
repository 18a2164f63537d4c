/** Settings from the environment, with the README's defaults. */
import { resolve } from 'node:path';

import { UPLOAD_QUOTA_BYTES_PER_PROGRAM } from '../schema/enums.ts';
import { isLoopback } from './auth/client.ts';
import { logLevel } from './log.ts';

const DEFAULT_DEMO_PASSWORD = 'demo-password';

function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value !== '0' && value !== '1') throw new Error(`${name} must be 1 or 0, got "${value}"`);
  return value === '1';
}

/** Demo accounts share one password; the published default is only safe where no one else can reach the server. */
function demoPassword(host: string, password: string | undefined): string {
  if ((!password || password === DEFAULT_DEMO_PASSWORD) && !isLoopback(host)) {
    throw new Error(
      `DEMO=1 with HOST=${host} would let anyone who can reach this address sign in as the demo director ` +
        `with the published password. Set DEMO_PASSWORD to a password of your own, or HOST=127.0.0.1 to keep the demo ` +
        `on this computer, or DEMO=0 for production.`,
    );
  }
  return password || DEFAULT_DEMO_PASSWORD;
}

/** A whole number of bytes, at least 1 MB (an allowance smaller than one ordinary document is a typo). */
function byteCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const bytes = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(bytes) || bytes < 1024 * 1024) {
    throw new Error(`${name} must be a number of bytes of at least 1048576 (1 MB), got "${value}"`);
  }
  return bytes;
}

/** The address people reach the app at, for e-mailed links: an http(s) URL, without a trailing slash. */
function publicUrl(value: string | undefined, fallback: string): string {
  const url = (value ?? fallback).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(url))
    throw new Error(`PUBLIC_URL must be an http(s) address, got "${value}"`);
  return url;
}

/** ALLOWED_HOSTS: a comma-separated list of host names (no scheme, port or path), e.g. `laptop.local,records`. */
function hostNames(value: string | undefined): string[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const bad = names.find((name) => !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(name));
  if (bad !== undefined) throw new Error(`ALLOWED_HOSTS must be host names separated by commas, got "${bad}"`);
  return names;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const host = env.HOST ?? '127.0.0.1';
  const demo = (env.DEMO ?? '1') !== '0';
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demo,
    demoPassword: demo ? demoPassword(host, env.DEMO_PASSWORD) : DEFAULT_DEMO_PASSWORD,
    trustProxy: onOff('TRUST_PROXY', env.TRUST_PROXY, false),
    uploadQuotaBytesPerProgram: byteCount(
      'UPLOAD_QUOTA_BYTES_PER_PROGRAM',
      env.UPLOAD_QUOTA_BYTES_PER_PROGRAM,
      UPLOAD_QUOTA_BYTES_PER_PROGRAM,
    ),
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    webDist: resolve(env.WEB_DIST ?? './dist'),
    publicUrl: publicUrl(env.PUBLIC_URL, `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`),
    allowedHosts: hostNames(env.ALLOWED_HOSTS),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Training Records <no-reply@localhost>',
    logLevel: logLevel(env.LOG_LEVEL),
  };
}
export type Config = ReturnType<typeof readConfig>;
