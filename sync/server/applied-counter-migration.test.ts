/**
 * Migration 0023: applied mutations are recorded by their client's counter alone. Outcomes stored before it keep
 * answering replays the same: the applied rows go, the rejections stay with their reason.
 */
import Database from 'better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';

import { COMMANDS } from '#api/commands/registry.ts';
import { wrapDb } from '#api/db/open.ts';
import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';

import { handlePush } from './push.ts';

describe('migration 0023: applied outcomes become the counter', () => {
  const db = wrapDb(new Database(':memory:'));
  migrate(db, { migrationsFolder: migrationsBefore('0023_') });
  const sqlite = db.$client;
  sqlite.prepare('insert or ignore into sync_meta (id, version) values (1, 9)').run();
  sqlite
    .prepare(
      `insert into sync_clients (client_id, client_group_id, user_id, last_mutation_id, updated_at)
      values ('c1', 'g1', 'u1', 3, '2026-05-01T10:00:00.000Z')`,
    )
    .run();
  const outcome = sqlite.prepare(
    `insert into mutation_results (client_id, mutation_id, status, code, message, fields, version)
    values ('c1', ?, ?, ?, ?, ?, 9)`,
  );
  outcome.run(1, 'applied', null, null, null);
  outcome.run(2, 'rejected', '400', 'Invalid input', '{"subject":"Subject is required"}');
  outcome.run(3, 'applied', null, null, null);
  migrate(db, { migrationsFolder: MIGRATIONS });

  it('keeps only the rejections', () => {
    expect(sqlite.prepare('select mutation_id as id, status from mutation_results').all()).toEqual([
      { id: 2, status: 'rejected' },
    ]);
  });

  it('answers a replay of those mutations as before: applied, or rejected with its reason', () => {
    const replay = [1, 2, 3].map((id) => ({ id, name: 'sendMessage', args: {}, createdAt: '' }));
    const res = handlePush(
      db,
      { id: 'u1', role: 'preceptor' },
      { pushVersion: 1, clientGroupId: 'g1', clientId: 'c1', mutations: replay },
      COMMANDS,
    );
    expect(res).toEqual({
      results: [
        { id: 1, status: 'duplicate', original: 'applied' },
        {
          id: 2,
          status: 'duplicate',
          original: 'rejected',
          code: '400',
          message: 'Invalid input',
          fields: { subject: 'Subject is required' },
        },
        { id: 3, status: 'duplicate', original: 'applied' },
      ],
      lastMutationId: 3,
    });
  });
});
