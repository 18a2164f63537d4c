/** Starts the server: migrate, seed, serve the API and the built web app. */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { and, eq, isNull } from 'drizzle-orm';

import * as t from '../schema/tables.ts';
import { createApp } from './app.ts';
import { hashPasswordSync } from './auth/password.ts';
import { type Config, readConfig } from './config.ts';
import { type Db, openDb } from './db/open.ts';
import { serveApp } from './http/serve.ts';
import { smtpMailer } from './mail/mailer.ts';
import { seedDemo } from './seed/demo.ts';
import { demoSignInMessage } from './seed/demo-accounts.ts';
import { asSystem, seedStandards } from './seed/standards.ts';

const isDiskFull = (e: unknown) => ['ENOSPC', 'SQLITE_FULL'].includes((e as { code?: string })?.code ?? '');
const diskFull = (dataDir: string) => `The disk holding DATA_DIR ${dataDir} is full. Free some space and start again.`;

function prepareDataDir(dataDir: string) {
  try {
    mkdirSync(join(dataDir, 'documents'), { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (e) {
    if (isDiskFull(e)) throw new Error(diskFull(dataDir));
    throw new Error(
      `DATA_DIR ${dataDir} is not writable (${(e as NodeJS.ErrnoException).code ?? e}). Set DATA_DIR to a folder this user can write.`,
    );
  }
}

/** In production the first director account comes from ADMIN_EMAIL and ADMIN_PASSWORD. */
function ensureFirstDirector(db: Db, config: Config) {
  if (!config.adminEmail || !config.adminPassword) return;
  const exists = db
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.email, config.adminEmail), isNull(t.users.deletedAt)))
    .get();
  if (exists) return;
  const passwordHash = hashPasswordSync(config.adminPassword);
  asSystem(db, 'createFirstDirector', (ctx) =>
    ctx.insert(t.users, {
      email: config.adminEmail!.toLowerCase(),
      passwordHash,
      firstName: 'Program',
      lastName: 'Director',
      role: 'director',
      certifications: [],
      specialties: [],
    }),
  );
  console.log(`Created director account ${config.adminEmail}`);
}

function main(config: Config) {
  prepareDataDir(config.dataDir);
  const db = openDb(join(config.dataDir, 'training-records.db'));
  const seeded = seedStandards(db);
  if (seeded.skills)
    console.log(
      `Seeded ${seeded.skills} skills, ${seeded.requirements} accreditation requirements, ${seeded.ram} RAM areas`,
    );
  ensureFirstDirector(db, config);
  if (config.demo) seedDemo(db, config.demoPassword);
  const app = createApp({
    db,
    dataDir: config.dataDir,
    demo: config.demo,
    trustProxy: config.trustProxy,
    uploadQuotaBytesPerProgram: config.uploadQuotaBytesPerProgram,
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : null,
  });
  serveApp(app, { port: config.port, hostname: config.host }, (info) => {
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`;
    console.log(`Training records running at ${url}`);
    if (config.demo) {
      console.log(demoSignInMessage(config.demoPassword));
    }
  });
}

let config: Config | undefined;
try {
  config = readConfig();
  main(config);
} catch (e) {
  console.error(`Could not start: ${config && isDiskFull(e) ? diskFull(config.dataDir) : (e as Error).message}`);
  process.exit(1);
}
