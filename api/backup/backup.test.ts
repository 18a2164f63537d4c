import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import * as t from '#schema/tables.ts';

import { openDb } from '../db/open.ts';
import { documentsDir } from '../routes/documents/documents.files.ts';
import { seedDemo } from '../seed/demo.ts';
import { asSystem, seedStandards } from '../seed/standards.ts';
import { backup, DB_FILE, restore } from './backup.ts';

/** Every row of every table, as SQLite stores it. */
function contents(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(tables.map((name) => [name, db.prepare(`select * from "${name}" order by rowid`).all()]));
  } finally {
    db.close();
  }
}

function liveServerData() {
  const dataDir = mkdtempSync(join(tmpdir(), 'backup-test-'));
  mkdirSync(documentsDir(dataDir), { recursive: true });
  const db = openDb(join(dataDir, DB_FILE));
  seedStandards(db);
  seedDemo(db, 'backup-test-password');
  const addDocument = (storedName: string, bytes: string) => {
    writeFileSync(join(documentsDir(dataDir), storedName), bytes);
    asSystem(db, 'testUpload', (ctx) =>
      ctx.insert(t.documents, {
        name: storedName,
        type: 'policy',
        programType: 'general',
        isPublic: true,
        fileName: `${storedName}.txt`,
        fileSize: bytes.length,
        storedName,
        mimeType: 'text/plain',
        uploadedBy: 'system',
      }),
    );
  };
  return { dataDir, db, addDocument };
}

describe('backup and restore', () => {
  it('a backup taken while the server writes restores every record and document as they were at that moment', async () => {
    const live = liveServerData();
    live.addDocument('policy-a', 'Tourniquet policy, version 3');
    const before = contents(join(live.dataDir, DB_FILE));
    const snapshot = await backup(live.dataDir, mkdtempSync(join(tmpdir(), 'backups-')));
    live.addDocument('policy-b', 'written after the backup');
    expect(snapshot.documents).toBe(1);

    const restoredDir = mkdtempSync(join(tmpdir(), 'restored-'));
    restore(restoredDir, snapshot.dir);
    const after = contents(join(restoredDir, DB_FILE));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(after.students.length).toBeGreaterThan(0);
    expect(after.student_skills.length).toBeGreaterThan(0);
    expect(readFileSync(join(documentsDir(restoredDir), 'policy-a'), 'utf8')).toBe('Tourniquet policy, version 3');
    live.db.$client.close();
  });

  it('keeps the data it replaces aside, and refuses a folder that is not a backup', async () => {
    const live = liveServerData();
    const snapshot = await backup(live.dataDir, mkdtempSync(join(tmpdir(), 'backups-')));
    live.db.$client.close();
    const { keptAside } = restore(live.dataDir, snapshot.dir);
    expect(contents(join(keptAside, DB_FILE)).users.length).toBe(contents(join(live.dataDir, DB_FILE)).users.length);
    expect(() => restore(live.dataDir, tmpdir())).toThrow(/is not a backup/);
  });
});
