/**
 * Backups are one folder: the database copied with SQLite's online backup (a consistent snapshot while the server
 * keeps writing) and the uploaded documents that snapshot refers to. Document files never change once written (each
 * upload gets a new random name), so copying the ones the snapshot lists is consistent with it.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { documentsDir } from '../routes/documents/documents.files.ts';

export const DB_FILE = 'training-records.db';

export interface BackupSummary {
  dir: string;
  documents: number;
}

const storedNames = (dbFile: string) => {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare('select stored_name from documents where deleted_at is null').pluck().all() as string[];
  } finally {
    db.close();
  }
};

/** Writes `<backupsDir>/<timestamp>/` and returns it. */
export async function backup(dataDir: string, backupsDir: string, now = new Date()): Promise<BackupSummary> {
  const dir = join(backupsDir, now.toISOString().replace(/[:.]/g, '-'));
  mkdirSync(join(dir, 'documents'), { recursive: true });
  const live = new Database(join(dataDir, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    await live.backup(join(dir, DB_FILE));
  } finally {
    live.close();
  }
  const names = storedNames(join(dir, DB_FILE));
  for (const name of names) copyFileSync(join(documentsDir(dataDir), name), join(dir, 'documents', name));
  return { dir, documents: names.length };
}

/**
 * Replaces the data in `dataDir` with a backup. The server must be stopped. What was there is kept aside in
 * `<dataDir>/before-restore-<timestamp>/`, so a restore can itself be undone.
 */
export function restore(dataDir: string, backupDir: string, now = new Date()): { keptAside: string } {
  const source = join(backupDir, DB_FILE);
  if (!existsSync(source)) throw new Error(`${backupDir} is not a backup: ${DB_FILE} is missing`);
  const keptAside = join(dataDir, `before-restore-${now.toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(keptAside, { recursive: true });
  for (const name of [DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, 'documents']) {
    if (existsSync(join(dataDir, name))) renameSync(join(dataDir, name), join(keptAside, name));
  }
  copyFileSync(source, join(dataDir, DB_FILE));
  mkdirSync(documentsDir(dataDir), { recursive: true });
  const backedUpDocuments = join(backupDir, 'documents');
  if (existsSync(backedUpDocuments)) {
    for (const name of readdirSync(backedUpDocuments))
      copyFileSync(join(backedUpDocuments, name), join(documentsDir(dataDir), name));
  }
  return { keptAside };
}
