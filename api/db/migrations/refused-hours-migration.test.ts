/**
 * Migration refused_hours: hours only rejected sign-offs hold await nobody. Hours already held that way get the
 * `refused_by` stamp the commands would have given them (schema/sign-off.ts hoursRefuser) and a new data version so
 * every device pulls it, and the student's tallies count them apart from the awaiting ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';

import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';

const at = '2026-05-01T10:00:00.000Z';
// found by name: migrations merged from other branches renumber it
const { tag } = (
  JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
).entries.find((e) => e.tag.endsWith('_refused_hours'))!;

describe('migration refused_hours: hours only rejected sign-offs hold are refused, not awaiting', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle({ client: sqlite });
  migrate(db, { migrationsFolder: migrationsBefore(tag) });
  sqlite.prepare('insert or ignore into sync_meta (id, version) values (1, 40)').run();
  sqlite
    .prepare(
      `insert into programs (id, created_at, updated_at, version, name, type) values ('p1', ?, ?, 5, 'EMT', 'ems')`,
    )
    .run(at, at);
  sqlite
    .prepare(
      `insert into students (id, created_at, updated_at, version, first_name, last_name, email, phone, student_code,
      program_id, enrollment_date, expected_graduation) values ('s1', ?, ?, 5, 'Ana', 'S', 's1@example.org', '1', 's1',
      'p1', '2026-01-10', '2026-12-15')`,
    )
    .run(at, at);
  const hours = (id: string, hoursCompleted: number, verifiedBy: string | null = null) =>
    sqlite
      .prepare(
        `insert into clinical_hours (id, created_at, updated_at, version, student_id, date, hours_completed,
        recorded_by, verified_by) values (?, ?, ?, 7, 's1', '2026-04-01', ?, 'own', ?)`,
      )
      .run(id, at, at, hoursCompleted, verifiedBy);
  const signOff = (id: string, status: string, hoursIds: string[], deletedAt: string | null = null) =>
    sqlite
      .prepare(
        `insert into sign_offs (id, created_at, updated_at, version, student_id, records, content_hash, hash, device_id,
        captured_at, preceptor, evaluation, team_lead_scores, signature, recorded_by, status, deleted_at)
        values (?, ?, ?, 6, 's1', ?, 'c', 'h', 'd', ?, '{}', '{}', '{}', '{}', 'own', ?, ?)`,
      )
      .run(id, at, at, JSON.stringify(hoursIds.map((h) => ({ kind: 'hours', id: h }))), at, status, deletedAt);
  hours('refused', 5);
  hours('twice-refused', 2);
  hours('resubmitted', 3);
  hours('staff-verified', 4, 'staff');
  hours('alone', 1);
  hours('in-removed', 6);
  signOff('r2', 'rejected', ['refused', 'twice-refused']);
  signOff('r1', 'rejected', ['twice-refused', 'resubmitted', 'staff-verified']);
  signOff('again', 'awaiting', ['resubmitted']);
  signOff('gone', 'rejected', ['in-removed'], at);
  migrate(db, { migrationsFolder: MIGRATIONS });
  const rows = Object.fromEntries(
    (
      sqlite.prepare('select id, refused_by as refusedBy, version from clinical_hours').all() as {
        id: string;
        refusedBy: string | null;
        version: number;
      }[]
    ).map((h) => [h.id, h]),
  );

  it('marks hours every live sign-off holding them rejected, by the first of those by id, at a new version', () => {
    expect(rows.refused).toEqual({ id: 'refused', refusedBy: 'sign-off:r2', version: 41 });
    expect(rows['twice-refused']).toEqual({ id: 'twice-refused', refusedBy: 'sign-off:r1', version: 41 });
  });

  it('leaves alone hours a later sign-off holds, staff verified, no sign-off holds or only a removed one held', () => {
    for (const id of ['resubmitted', 'staff-verified', 'alone', 'in-removed'])
      expect(rows[id]).toEqual({ id, refusedBy: null, version: 7 });
  });

  it('counts refused hours apart from awaiting ones in the tallies, and keeps them so on later writes', () => {
    const tallies = () =>
      sqlite
        .prepare(
          `select clinical_millihours as verified, awaiting_millihours as awaiting, refused_millihours as refused
          from student_tallies where student_id = 's1'`,
        )
        .get();
    expect(tallies()).toEqual({ verified: 4000, awaiting: 3000 + 1000 + 6000, refused: 5000 + 2000 });
    sqlite
      .prepare(`update clinical_hours set refused_by = null, verified_by = 'sign-off:x' where id = 'refused'`)
      .run();
    sqlite.prepare(`update clinical_hours set refused_by = 'sign-off:y' where id = 'alone'`).run();
    sqlite.prepare(`delete from clinical_hours where id = 'twice-refused'`).run();
    expect(tallies()).toEqual({ verified: 9000, awaiting: 3000 + 6000, refused: 1000 });
  });
});
