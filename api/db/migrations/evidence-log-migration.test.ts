/**
 * Migration 0003 turns the progress counts of an existing database into opening-balance corrections on the evidence
 * log, without changing any figure a screen or report shows.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';

import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';
import { entryOf, foldEntries, shownStatus, skillMinimum } from '#schema/skill-figures.ts';

const at = '2026-05-01T10:00:00.000Z';
const progress = [
  // id, skill (minimum attempts), status, %, attempts, successful, last attempt
  ['p1', 'k3', 'completed', 100, 4, 3, '2026-04-20'],
  ['p2', 'k3', 'in_progress', 67, 3, 2, '2026-04-21'],
  ['p3', 'k3', 'needs_improvement', 45, 5, 1, null],
  ['p4', 'k1', 'not_started', 0, 0, 0, null],
  ['p5', 'k1', 'completed', 100, 2, 1, '2026-04-22'],
] as const;

describe('migration 0003: existing progress becomes opening balances on the evidence log', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle({ client: sqlite });
  migrate(db, { migrationsFolder: migrationsBefore('0003_') });
  sqlite.prepare('insert or ignore into sync_meta (id, version) values (1, 7)').run();
  for (const [id, minimum] of [
    ['k1', 1],
    ['k3', 3],
  ] as const) {
    sqlite
      .prepare(
        `insert into skills (id, created_at, updated_at, version, code, name, category, program_type,
        certification_level, minimum_attempts) values (?, ?, ?, 1, ?, ?, 'Airway', 'ems', 'emt', ?)`,
      )
      .run(id, at, at, id, id, minimum);
  }
  for (const [id, skill, status, percent, attempts, successful, last] of progress) {
    sqlite
      .prepare(
        `insert into student_skills (id, created_at, updated_at, version, student_id, skill_id, instructor_id, status,
        progress_percentage, attempts, successful_attempts, last_attempt_date) values (?, ?, ?, 3, ?, ?, 'u1', ?, ?, ?, ?, ?)`,
      )
      .run(id, at, at, `s-${id}`, skill, status, percent, attempts, successful, last);
  }
  migrate(db, { migrationsFolder: MIGRATIONS });
  const rows = sqlite.prepare('select * from student_skills order by id').all() as Record<string, unknown>[];
  const log = sqlite.prepare('select * from skill_attempts order by id').all() as Record<string, unknown>[];

  it('keeps every status, percentage and count as it was', () => {
    expect(
      rows.map((r) => [r.id, r.skill_id, r.status, r.progress_percentage, r.attempts, r.successful_attempts]),
    ).toEqual(
      progress.map(([id, skill, status, percent, attempts, successful]) => [
        id,
        skill,
        status,
        percent,
        attempts,
        successful,
      ]),
    );
  });

  it('writes one opening correction per record with counts, carrying its counts and recorder', () => {
    expect(log.map((e) => [e.id, e.kind, e.attempts_delta, e.successful_delta, e.recorded_by, e.verified_by])).toEqual([
      ['opening-p1', 'correction', 4, 3, 'u1', 'u1'],
      ['opening-p2', 'correction', 3, 2, 'u1', 'u1'],
      ['opening-p3', 'correction', 5, 1, 'u1', 'u1'],
      ['opening-p5', 'correction', 2, 1, 'u1', 'u1'],
    ]);
  });

  it('shows the derived figure where it equals the stored one, and keeps the stored one as an override where not', () => {
    for (const row of rows) {
      const entries = log
        .filter((e) => e.id === `opening-${row.id as string}`)
        .map((e) =>
          entryOf({
            kind: e.kind as string,
            attemptsDelta: e.attempts_delta as number,
            successfulDelta: e.successful_delta as number,
            attemptedAt: e.attempted_at as string,
            verifiedBy: e.verified_by as string,
          }),
        );
      const minimum = skillMinimum(null, {
        id: row.skill_id as string,
        minimumAttempts: row.skill_id === 'k3' ? 3 : 1,
      });
      const shown = shownStatus(foldEntries(entries), minimum, {
        statusOverride: row.status_override as string | null,
        progressOverride: row.progress_override as number | null,
      });
      expect(shown, row.id as string).toEqual({ status: row.status, progressPercentage: row.progress_percentage });
    }
    expect(rows.map((r) => [r.id, r.status_override, r.progress_override])).toEqual([
      ['p1', null, null],
      ['p2', null, null],
      ['p3', 'needs_improvement', 45],
      ['p4', null, null],
      ['p5', null, null],
    ]);
  });

  it('re-stamps the changed rows so that devices pull them again', () => {
    expect(rows.every((r) => (r.version as number) > 7)).toBe(true);
    expect(log.every((e) => (e.version as number) > 7)).toBe(true);
  });
});
