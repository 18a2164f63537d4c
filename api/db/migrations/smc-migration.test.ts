/**
 * Migration 0012: the SMC is counted from patient contacts, so the catalogue's T1/T2/team-lead items are retired and
 * their logged attempts become contacts of that one item. Each item's verified and awaiting counts are the same in
 * the new model as the old catalogue figures gave them; motor skills and the attempt log are untouched.
 */
import Database from 'better-sqlite3';
import { eq, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';

import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';
import { entryOf, foldEntries } from '#schema/skill-figures.ts';
import { smcItems, studentSmc } from '#schema/smc.ts';
import * as t from '#schema/tables.ts';

const at = '2026-05-01T10:00:00.000Z';

describe('migration 0012: one SMC, the old contact-count catalogue items moved to contacts', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle({ client: sqlite, casing: 'snake_case' });
  migrate(db, { migrationsFolder: migrationsBefore('0012_') });
  sqlite.prepare('insert or ignore into sync_meta (id, version) values (1, 40)').run();
  sqlite
    .prepare(
      `insert into programs (id, created_at, updated_at, version, name, type, certification_level)
      values ('p1', ?, ?, 5, 'Medic', 'ems', 'paramedic')`,
    )
    .run(at, at);
  sqlite
    .prepare(
      `insert into students (id, created_at, updated_at, version, first_name, last_name, email, phone, student_code,
      ems_certification_level, program_id, enrollment_date, expected_graduation)
      values ('s1', ?, ?, 5, 'Ana', 'Lopez', 'ana@example.org', '1', 'S-1', 'paramedic', 'p1', '2026-01-10', '2026-12-15')`,
    )
    .run(at, at);
  const skill = (id: string, matrix: string, motor: string | null = null) =>
    sqlite
      .prepare(
        `insert into skills (id, created_at, updated_at, version, code, name, category, program_type,
        certification_level, smc_matrix_number, smc_motor_skill_name, minimum_attempts)
        values (?, ?, ?, 3, ?, ?, 'SMC', 'ems', 'paramedic', ?, ?, 2)`,
      )
      .run(id, at, at, id, id, matrix, motor);
  skill('trauma', 'T2-1');
  skill('adult', 'T1-8');
  skill('pediatric', 'T1-1');
  skill('leads', 'T4-2');
  skill('iv', 'T3-1', 'Establish IV access');
  let n = 0;
  const attempt = (
    skillId: string,
    setting: string | null,
    successes: number,
    { verified = true, kind = 'attempt', participation = 'performed', tries = 1 } = {},
  ) => {
    const id = `a${++n}`;
    sqlite
      .prepare(
        `insert into skill_attempts (id, created_at, updated_at, version, student_id, skill_id, kind, attempted_at,
        setting, outcome, participation, attempts_delta, successful_delta, recorded_by, verified_by, verified_at)
        values (?, ?, ?, 8, 's1', ?, ?, ?, ?, ?, ?, ?, ?, 'staff', ?, ?)`,
      )
      .run(
        id,
        at,
        at,
        skillId,
        kind,
        `2026-04-0${(n % 9) + 1}T09:00:00.000Z`,
        setting,
        kind === 'attempt' ? (successes > 0 ? 'successful' : 'unsuccessful') : null,
        kind === 'attempt' ? participation : null,
        tries,
        successes,
        verified ? 'staff' : null,
        verified ? at : null,
      );
    return id;
  };
  attempt('trauma', 'field', 1);
  attempt('trauma', 'field', 1);
  attempt('trauma', 'clinical', 1);
  attempt('trauma', 'field', 0);
  attempt('trauma', 'clinical', 1, { verified: false });
  attempt('trauma', 'field', 1, { participation: 'observed' });
  attempt('trauma', null, 2, { kind: 'correction', tries: 2 });
  const voided = attempt('trauma', 'field', 1);
  sqlite
    .prepare(
      `insert into skill_attempt_voids (id, created_at, updated_at, version, attempt_id, student_id, skill_id, reason,
      voided_by) values ('v1', ?, ?, 9, ?, 's1', 'trauma', 'wrong student', 'staff')`,
    )
    .run(at, at, voided);
  attempt('adult', 'clinical', 1);
  attempt('adult', 'field', 1, { verified: false });
  attempt('pediatric', 'lab', 1);
  attempt('leads', 'field', 1);
  attempt('leads', 'field', 1);
  attempt('iv', 'lab', 1);

  /** The old model: each catalogue item's verified successes (its count) and its awaiting successes. */
  const rows = db.select().from(t.skillAttempts).all();
  const voids = new Set([voided]);
  const before = (skillId: string) => {
    const standing = rows.filter((r) => r.skillId === skillId && !voids.has(r.id));
    return {
      count: foldEntries(standing.map(entryOf)).successfulAttempts,
      awaiting: standing
        .filter((r) => !r.verifiedBy && r.participation !== 'observed')
        .reduce((sum, r) => sum + r.successfulDelta, 0),
    };
  };
  const old = {
    trauma: before('trauma'),
    adult: before('adult'),
    pediatric: before('pediatric'),
    leads: before('leads'),
    iv: before('iv'),
  };
  migrate(db, { migrationsFolder: MIGRATIONS });

  const after = studentSmc({
    student: db.select().from(t.students).get()!,
    program: db.select().from(t.programs).get(),
    skills: db.select().from(t.skills).where(isNull(t.skills.deletedAt)).all(),
    contacts: db.select().from(t.patientContacts).all(),
    attempts: db.select().from(t.skillAttempts).all(),
    voidedAttemptIds: voids,
  });
  const item = (label: string) => {
    const found = smcItems(after).find((i) => i.label === label)!;
    return { count: found.count, awaiting: found.awaiting.successful };
  };

  it('keeps every item’s verified and awaiting counts', () => {
    expect(old.trauma).toEqual({ count: 5, awaiting: 1 });
    expect(item('Trauma')).toEqual(old.trauma);
    expect(item('Adult')).toEqual(old.adult);
    expect(item('Pediatric (total)')).toEqual(old.pediatric);
    expect(item('Team lead')).toEqual(old.leads);
    expect(item('Establish IV access')).toEqual(old.iv);
  });

  it('keeps the settings, counts a moved contact nowhere else and leaves the attempt log as it was', () => {
    const trauma = after.pathology.find((i) => i.label === 'Trauma')!;
    expect(trauma.bySetting.field.verified.successful).toBe(2);
    expect(trauma.bySetting.clinical.verified.successful).toBe(1);
    expect(trauma.bySetting.clinical.awaiting.successful).toBe(1);
    expect(after.pathology.find((i) => i.label === 'Other')!.count).toBe(0);
    expect(after.age.find((i) => i.label === 'Newborn')!.count).toBe(0);
    expect(db.select().from(t.skillAttempts).all()).toEqual(rows);
  });

  it('retires the old items with a tombstone every device pulls, and keeps motor skills', () => {
    const live = db.select().from(t.skills).where(isNull(t.skills.deletedAt)).all();
    expect(live.map((k) => k.id)).toEqual(['iv']);
    const retired = db.select().from(t.skills).where(eq(t.skills.id, 'trauma')).get()!;
    expect(retired.version).toBe(41);
    expect(
      db
        .select()
        .from(t.patientContacts)
        .all()
        .every((c) => c.version === 41),
    ).toBe(true);
  });
});
