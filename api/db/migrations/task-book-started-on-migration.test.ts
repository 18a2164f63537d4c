/**
 * Migration 0026: each task book takes the day it was started. A book from before it was sent started the day it
 * reached the server, or on its first observed JPR if that was earlier (so no JPR it holds is dated before its start);
 * documented prior performance does not move the start.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';

import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';

const at = '2026-05-20T10:00:00.000Z';

describe('migration 0026: the day each task book was started', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle({ client: sqlite });
  migrate(db, { migrationsFolder: migrationsBefore('0026_') });
  const book = (id: string) =>
    sqlite
      .prepare(
        `insert into task_books (id, created_at, updated_at, version, student_id, program_id, level, state, started_by)
        values (?, ?, ?, 1, ?, 'p1', 'firefighter_1', 'started', 'u1')`,
      )
      .run(id, at, at, `s-${id}`);
  const jpr = (id: string, bookId: string, performedOn: string, method: string) =>
    sqlite
      .prepare(
        `insert into jpr_sign_offs (id, created_at, updated_at, version, task_book_id, student_id, skill_id,
        performed_on, method, passed, steps, in_training, attempt_number, day_number, evaluator_name,
        evaluator_number, evaluator_id, signature, captured_at, recorded_by)
        values (?, ?, ?, 1, ?, 's', ?, ?, ?, 1, '[]', 0, 1, 1, 'Rosa Diaz', 'FD-1', 'u2', '{"kind":"typed","name":"Rosa Diaz"}', ?, 'u2')`,
      )
      .run(id, at, at, bookId, `skill-${id}`, performedOn, method, at);
  book('arrived');
  book('earlier');
  jpr('j1', 'earlier', '2026-05-12', 'observed');
  jpr('j2', 'earlier', '2026-05-15', 'observed');
  jpr('j3', 'earlier', '2026-04-01', 'prior_documented');
  migrate(db, { migrationsFolder: MIGRATIONS });

  it('starts a book on the day it arrived, or on its first observed JPR when that came first', () => {
    expect(sqlite.prepare('select id, started_on from task_books order by id').all()).toEqual([
      { id: 'arrived', started_on: '2026-05-20' },
      { id: 'earlier', started_on: '2026-05-12' },
    ]);
  });
});
