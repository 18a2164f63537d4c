/**
 * The disk fills up during an upload: while the file is written (ENOSPC half-way through, from a file system that runs
 * out), or when its record is written (SQLite's own SQLITE_FULL, reached for real by capping the database's pages).
 * Either way the uploader gets a clear message and no partial file or row is left behind.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type TestApp, testApp } from '#api/test/helpers.ts';
import { ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

const disk = vi.hoisted(() => ({ full: false }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return {
    ...fs,
    /** While `disk.full`, a file opened for writing takes half of what is written and then reports ENOSPC. */
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args);
      if (!disk.full) return handle;
      return new Proxy(handle, {
        get(target, key) {
          const value = Reflect.get(target, key, target);
          if (key !== 'writeFile') return typeof value === 'function' ? value.bind(target) : value;
          return async (data: Uint8Array) => {
            await target.writeFile(data.subarray(0, data.byteLength >> 1));
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          };
        },
      });
    },
  };
});

let h: TestApp;
const storedFiles = () => {
  const dir = join(h.dataDir, 'documents');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const upload = () => {
  const form = new FormData();
  form.append('file', new File(['Protocol text '.repeat(2000)], 'protocol.txt'));
  for (const [k, v] of Object.entries({ name: 'Protocol', type: 'Policy', programType: 'ems', isPublic: 'true' }))
    form.append(k, v);
  return h.as('director', 'POST', '/api/documents', form);
};

/**
 * Caps the database at its current size and fills the audit log's last page, as a full disk would: every command
 * writes an audit entry in its transaction, so the next one needs a page there is no room for.
 */
function fillDatabase() {
  const sqlite = (h.db as unknown as { $client: import('better-sqlite3').Database }).$client;
  sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true })}`);
  const filler = sqlite.prepare(`insert into audit_log (at, command, table_name, record_id, action, changes, version)
    values ('2026-01-01', 'filler', 'filler', 'filler', 'filler', '"' || hex(randomblob(200)) || '"', 0)`);
  const full = () => {
    try {
      for (;;) filler.run();
    } catch (e) {
      return (e as { code: string }).code;
    }
  };
  expect(full()).toBe('SQLITE_FULL');
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  h = testApp();
  await h.login('director');
  // the log is quiet in tests; these read what an operator would see at the default level
  vi.stubEnv('LOG_LEVEL', 'info');
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  disk.full = false;
  logged.mockRestore();
  vi.unstubAllEnvs();
});

describe('a full disk during an upload', () => {
  it('while the file is written: 503 with the storage message, no partial file, no record', async () => {
    disk.full = true;
    const res = await upload();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: ERR.storageFailed });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('ENOSPC'));
    expect(storedFiles()).toEqual([]);
    expect(h.db.select().from(t.documents).all()).toEqual([]);

    disk.full = false;
    expect((await upload()).status).toBe(201);
    expect(storedFiles()).toHaveLength(1);
  });

  it('while the record is written: 503 saying nothing was saved, the stored file removed, no record or audit entry', async () => {
    fillDatabase();
    const auditBefore = h.db.select().from(t.auditLog).all().length;
    const res = await upload();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toEqual({ error: ERR.storageUnavailable });
    expect(JSON.stringify(body)).not.toMatch(/SQLITE|at .*\.ts/);
    expect(storedFiles()).toEqual([]);
    expect(h.db.select().from(t.documents).all()).toEqual([]);
    expect(h.db.select().from(t.auditLog).all()).toHaveLength(auditBefore);
  });

  it('other writes on a full database also answer 503 and leave nothing behind', async () => {
    fillDatabase();
    const before = h.db.select().from(t.programs).all();
    const res = await h.as('director', 'POST', '/api/programs', {
      name: 'New cohort',
      type: 'ems',
      duration: 16,
      requiredHours: 100,
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: ERR.storageUnavailable });
    expect(h.db.select().from(t.programs).all()).toEqual(before);
  });
});
