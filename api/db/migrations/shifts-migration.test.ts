/**
 * Migration 0014: approved clinical-time requests become shifts of one slot with their student booked, under a new
 * data version so every device pulls them; pending, denied and deleted requests stay requests only.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';

import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';

const at = '2026-05-01T10:00:00.000Z';

describe('migration 0014: approved time requests become shifts', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle({ client: sqlite });
  migrate(db, { migrationsFolder: migrationsBefore('0014_') });
  sqlite.prepare('insert or ignore into sync_meta (id, version) values (1, 40)').run();
  sqlite
    .prepare(
      `insert into students (id, created_at, updated_at, version, first_name, last_name, email, phone, student_code,
      program_id, enrollment_date, expected_graduation) values ('s1', ?, ?, 5, 'Ana', 'Lopez', 'a@example.org', '1',
      'S-1', 'p1', '2026-01-10', '2026-12-15')`,
    )
    .run(at, at);
  const request = (id: string, status: string, deletedAt: string | null = null) =>
    sqlite
      .prepare(
        `insert into requests (id, created_at, updated_at, version, deleted_at, kind, user_id, status, student_id,
        clinical_site_id, start_at, end_at, requested_hours, reviewed_by)
        values (?, ?, ?, 9, ?, 'clinical-time', 'u-student', ?, 's1', 'site-1', '2026-06-01T07:00:00.000Z',
        '2026-06-01T19:30:00.000Z', 12, 'u-coordinator')`,
      )
      .run(id, at, at, deletedAt, status);
  request('approved', 'approved');
  request('pending', 'pending');
  request('denied', 'denied');
  request('gone', 'approved', at);
  migrate(db, { migrationsFolder: MIGRATIONS });

  it('makes one shift per approved live request, at its site, day, start and length, with the student booked', () => {
    const shifts = sqlite.prepare('select * from shifts').all() as Record<string, unknown>[];
    expect(shifts).toEqual([
      expect.objectContaining({
        id: 'approved',
        program_id: 'p1',
        type: 'clinical',
        clinical_site_id: 'site-1',
        date: '2026-06-01',
        start_time: '07:00',
        duration_minutes: 750,
        slots: 1,
        booked_count: 1,
        created_by: 'u-coordinator',
        version: 41,
      }),
    ]);
    expect(sqlite.prepare('select shift_id, student_id, booked_by, version from shift_bookings').all()).toEqual([
      { shift_id: 'approved', student_id: 's1', booked_by: 'u-student', version: 41 },
    ]);
    expect(sqlite.prepare('select version from sync_meta').get()).toEqual({ version: 41 });
  });

  it('keeps the requests themselves', () => {
    expect(sqlite.prepare('select count(*) n from requests').get()).toEqual({ n: 4 });
  });

  it('refuses at the database a booking past a shift’s slots', () => {
    expect(() =>
      sqlite
        .prepare(
          `insert into shift_bookings (id, created_at, updated_at, shift_id, student_id, booked_by)
          values ('second', ?, ?, 'approved', 's2', 'u2')`,
        )
        .run(at, at),
    ).toThrow('shift full');
  });
});
