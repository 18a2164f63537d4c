/**
 * Migration 0008: "accepted" left the default counted sign-off states. A program on the default that already counted
 * its coordinators' acceptances keeps counting them, so no student's figures change with the deploy.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';

import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';

const at = '2026-05-01T10:00:00.000Z';

describe('migration 0008: programs that counted accepted sign-offs by default keep counting them', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle({ client: sqlite });
  migrate(db, { migrationsFolder: migrationsBefore('0008_') });
  sqlite.prepare('insert or ignore into sync_meta (id, version) values (1, 40)').run();
  const program = (id: string, counted: string | null) =>
    sqlite
      .prepare(
        `insert into programs (id, created_at, updated_at, version, name, type, counted_sign_off_states)
        values (?, ?, ?, 5, ?, 'ems', ?)`,
      )
      .run(id, at, at, id, counted);
  const student = (id: string, programId: string) =>
    sqlite
      .prepare(
        `insert into students (id, created_at, updated_at, version, first_name, last_name, email, phone, student_code,
        program_id, enrollment_date, expected_graduation) values (?, ?, ?, 5, 'Ana', ?, ?, '1', ?, ?, ?, ?)`,
      )
      .run(id, at, at, id, `${id}@example.org`, id, programId, '2026-01-10', '2026-12-15');
  const signOff = (id: string, studentId: string, status: string) =>
    sqlite
      .prepare(
        `insert into sign_offs (id, created_at, updated_at, version, student_id, records, content_hash, hash, device_id,
        captured_at, preceptor, evaluation, team_lead_scores, signature, recorded_by, status)
        values (?, ?, ?, 6, ?, '[]', 'c', 'h', 'd', ?, '{}', '{}', '{}', '{}', 'u1', ?)`,
      )
      .run(id, at, at, studentId, at, status);
  program('with-accepted', null);
  program('confirmed-only', null);
  program('chosen', '["confirmed"]');
  student('s1', 'with-accepted');
  student('s2', 'confirmed-only');
  student('s3', 'chosen');
  signOff('a', 's1', 'accepted');
  signOff('b', 's2', 'confirmed');
  signOff('c', 's3', 'accepted');
  migrate(db, { migrationsFolder: MIGRATIONS });
  const programs = Object.fromEntries(
    (
      sqlite.prepare('select id, counted_sign_off_states as counted, version from programs').all() as {
        id: string;
        counted: string | null;
        version: number;
      }[]
    ).map((p) => [p.id, p]),
  );

  it('writes out the old default for a program whose students have accepted sign-offs, at a new data version', () => {
    expect(JSON.parse(programs['with-accepted'].counted!)).toEqual(['code_verified', 'confirmed', 'accepted']);
    expect(programs['with-accepted'].version).toBe(41);
    expect((sqlite.prepare('select version from sync_meta').get() as { version: number }).version).toBe(41);
  });

  it('leaves programs without accepted sign-offs on the new default, and a program that chose its own states alone', () => {
    expect(programs['confirmed-only']).toMatchObject({ counted: null, version: 5 });
    expect(programs.chosen).toMatchObject({ counted: '["confirmed"]', version: 5 });
  });
});
