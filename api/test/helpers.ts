/** Builds an app on an in-memory database with one account per role, and signs requests in as any of them. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { hashSync } from '@node-rs/argon2';
import Database from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';

import { type Role, ROLES } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { createApp } from '../app.ts';
import { SYNCED_TABLES } from '../commands/synced-tables.ts';
import { type Db, openDb, wrapDb } from '../db/open.ts';
import type { Mailer } from '../mail/mailer.ts';
import { signOffMail } from '../routes/sign-offs/sign-off-mail.ts';
import { asSystem, seedStandards } from '../seed/standards.ts';

export const TEST_PASSWORD = 'correct horse battery';
/** One temporary folder per test process for uploaded documents (under the run's, removed after it: vitest.global-setup.ts). */
const tempRoot = mkdtempSync(join(tmpdir(), 'training-records-test-'));
let passwordHash: string | undefined;
/** A migrated empty database, copied for each test app: running the migrations each time cost ~25 ms per app. */
let emptyDb: Buffer | undefined;
const freshDb = () => wrapDb(new Database((emptyDb ??= openDb(':memory:').$client.serialize())));

export interface TestAppOptions {
  standards?: boolean;
  trustProxy?: boolean;
  mailer?: Mailer;
  /** The clock the sign-off mail's retry waits are measured on (tests of its back-off move it). */
  mailClock?: () => number;
  /** DEMO=1: `GET /api/demo/user` answers (a demo director must then be added). */
  demo?: boolean;
  /** PUBLIC_URL (http://localhost unless given): the name, besides localhost, that the app answers to. */
  publicUrl?: string;
}

/**
 * What a browser adds to a write sent from a page of the app itself (the server refuses signed-in writes without);
 * `app.request('/api/…')` is addressed to http://localhost.
 */
export const SAME_ORIGIN = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } as const;

export function testApp(options: TestAppOptions = {}) {
  const db = freshDb();
  const dataDir = mkdtempSync(join(tempRoot, 'app-'));
  if (options.standards) seedStandards(db);
  // Argon2id still, at its lowest cost: a verify reads the cost from the hash, and the production cost (~40 ms a
  // sign-in, api/auth/password.ts) made sign-ins most of the sync property tests' time
  const hash = (passwordHash ??= hashSync(TEST_PASSWORD, { memoryCost: 8, timeCost: 1, parallelism: 1 }));
  const users = asSystem(
    db,
    'seedTestUsers',
    (ctx) =>
      Object.fromEntries(
        ROLES.map((role) => [
          role,
          ctx.insert(t.users, {
            email: `${role}@test.local`,
            passwordHash: hash,
            firstName: `Test`,
            lastName: role,
            role,
          }),
        ]),
      ) as Record<Role, typeof t.users.$inferSelect>,
  );
  const mail = signOffMail(db, options.mailer ?? null, 'http://localhost', options.mailClock);
  const app = createApp({
    db,
    dataDir,
    demo: options.demo ?? false,
    trustProxy: options.trustProxy,
    publicUrl: options.publicUrl ?? 'http://localhost',
    signOffMail: mail,
    mailer: options.mailer,
  });
  const cookies = new Map<string, string>();

  /** The session cookie of a test account: a role's (`student@test.local`...) or any e-mail a test made one for. */
  async function login(who: Role | string): Promise<string> {
    const email = who.includes('@') ? who : `${who}@test.local`;
    const cached = cookies.get(email);
    if (cached) return cached;
    const res = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}`);
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    cookies.set(email, cookie);
    return cookie;
  }

  /**
   * A request signed in as `who`, a role or any account's e-mail (signed out with `null`), sent as the app's own pages
   * send it: `headers` override the browser's. A non-GET body is sent as JSON unless it is FormData.
   */
  async function as(
    who: Role | string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const browser = method === 'GET' || method === 'HEAD' ? { 'sec-fetch-site': 'same-origin' } : SAME_ORIGIN;
    const h: Record<string, string> = { ...browser, ...headers };
    if (who) h.cookie = await login(who);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    return app.request(path, { method, headers: h, body: payload });
  }

  /** Creates a program directly (as the system) and assigns the given users to it. */
  function program(
    values: { name: string; type: string; certificationLevel?: string; requiredHours?: number },
    members: { userId: string; assignedRole: string }[] = [],
  ) {
    return asSystem(db, 'fixture', (ctx) => {
      const p = ctx.insert(t.programs, { certifications: [], ...values });
      for (const m of members) ctx.insert(t.programMembers, { programId: p.id, ...m });
      return p;
    });
  }

  /**
   * Another account that signs in with the test password (`login(email)`, `as(email, ...)`): a second account of one
   * person, or staff of another program. Assigned to `programId` in its role when given.
   */
  function account(
    email: string,
    role: Role,
    {
      programId,
      firstName = 'Other',
      lastName = role,
    }: { programId?: string; firstName?: string; lastName?: string } = {},
  ) {
    return asSystem(db, 'fixture', (ctx) => {
      const user = ctx.insert(t.users, { email, passwordHash: hash, firstName, lastName, role });
      if (programId) ctx.insert(t.programMembers, { programId, userId: user.id, assignedRole: role });
      return user;
    });
  }

  return { app, db, dataDir, users, login, as, program, account, signOffMail: mail };
}
export type TestApp = ReturnType<typeof testApp>;

/** Every record's id, version and deletion: any write to a record changes it. */
export function fingerprint(db: Db): string {
  return SYNCED_TABLES.map((table) => {
    const rows = db.$client
      .prepare(`select id, version, deleted_at from "${getTableName(table)}" order by id`)
      .raw()
      .all();
    return `${getTableName(table)}:${JSON.stringify(rows)}`;
  }).join('\n');
}
