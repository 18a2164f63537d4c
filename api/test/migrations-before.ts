/** The app's migrations up to one of them, for tests of what a migration does to a database made before it. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of the app's migrations. */
export const MIGRATIONS = join(import.meta.dirname, '../db/migrations');

/**
 * A copy of the migrations folder whose journal stops before the migration tagged `tag` ('0003_' ...): what a database
 * made before that migration was deployed had run. Under the test run's temporary folder (vitest.global-setup.ts).
 */
export function migrationsBefore(tag: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  cpSync(MIGRATIONS, copy, { recursive: true });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(tag));
  writeFileSync(
    join(copy, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
  );
  return copy;
}
