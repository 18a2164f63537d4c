/**
 * Migration 0011: a student's own patient contacts wait for verification. Contacts already held get the stamp the
 * commands would have given them (their staff recorder, or a sign-off of the student's in a counted state holding
 * them), and a new data version so every device pulls the stamp.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';

import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';

const at = '2026-05-01T10:00:00.000Z';

describe('migration 0011: patient contacts verified as the commands verify them', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle({ client: sqlite });
  migrate(db, { migrationsFolder: migrationsBefore('0011_') });
  sqlite.prepare('insert or ignore into sync_meta (id, version) values (1, 40)').run();
  const user = (id: string, role: string) =>
    sqlite
      .prepare(
        `insert into users (id, created_at, updated_at, version, email, first_name, last_name, role)
        values (?, ?, ?, 1, ?, 'A', 'B', ?)`,
      )
      .run(id, at, at, `${id}@example.org`, role);
  const student = (id: string, programId: string) =>
    sqlite
      .prepare(
        `insert into students (id, created_at, updated_at, version, first_name, last_name, email, phone, student_code,
        program_id, enrollment_date, expected_graduation) values (?, ?, ?, 5, 'Ana', ?, ?, '1', ?, ?, ?, ?)`,
      )
      .run(id, at, at, id, `${id}@example.org`, id, programId, '2026-01-10', '2026-12-15');
  const contact = (id: string, recordedBy: string) =>
    sqlite
      .prepare(
        `insert into patient_contacts (id, created_at, updated_at, version, student_id, date, setting, age_years,
        gender, primary_impression, team_lead, care_level, disposition, recorded_by)
        values (?, ?, ?, 7, 's1', '2026-04-01', 'field', 40, 'female', 'ACS', 1, 'als', 'transported', ?)`,
      )
      .run(id, at, at, recordedBy);
  const signOff = (id: string, status: string, contactId: string) =>
    sqlite
      .prepare(
        `insert into sign_offs (id, created_at, updated_at, version, student_id, records, content_hash, hash, device_id,
        captured_at, preceptor, evaluation, team_lead_scores, signature, recorded_by, status)
        values (?, ?, ?, 6, 's1', ?, 'c', 'h', 'd', ?, '{}', '{}', '{}', '{}', 'u1', ?)`,
      )
      .run(id, at, at, JSON.stringify([{ kind: 'contact', id: contactId }]), at, status);
  sqlite
    .prepare(
      `insert into programs (id, created_at, updated_at, version, name, type, counted_sign_off_states)
      values ('p1', ?, ?, 5, 'EMT', 'ems', '["confirmed"]')`,
    )
    .run(at, at);
  student('s1', 'p1');
  user('staff', 'preceptor');
  user('own', 'student');
  contact('by-staff', 'staff');
  contact('in-confirmed', 'own');
  contact('in-awaiting', 'own');
  contact('alone', 'own');
  signOff('a', 'confirmed', 'in-confirmed');
  signOff('b', 'awaiting', 'in-awaiting');
  migrate(db, { migrationsFolder: MIGRATIONS });
  const rows = Object.fromEntries(
    (
      sqlite
        .prepare('select id, verified_by as verifiedBy, verified_at as verifiedAt, version from patient_contacts')
        .all() as {
        id: string;
        verifiedBy: string | null;
        verifiedAt: string | null;
        version: number;
      }[]
    ).map((c) => [c.id, c]),
  );

  it("verifies a staff member's contacts by their recorder, a student's by a counted sign-off holding them", () => {
    expect(rows['by-staff']).toMatchObject({ verifiedBy: 'staff', verifiedAt: at });
    expect(rows['in-confirmed'].verifiedBy).toBe('sign-off:a');
    expect(rows['in-confirmed'].verifiedAt).not.toBeNull();
  });

  it("leaves a student's own contact no counted sign-off holds awaiting verification", () => {
    expect(rows['in-awaiting']).toMatchObject({ verifiedBy: null, verifiedAt: null });
    expect(rows.alone).toMatchObject({ verifiedBy: null, verifiedAt: null });
  });

  it('gives every contact a new data version, so every device pulls the stamp', () => {
    const version = (sqlite.prepare('select version from sync_meta').get() as { version: number }).version;
    expect(version).toBeGreaterThan(40);
    for (const row of Object.values(rows)) expect(row.version).toBe(version);
  });
});
