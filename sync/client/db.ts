/**
 * The device's database, one per signed-in user (so a shared phone never mixes two users' records).
 * Domain tables hold rows as the server sends them plus this device's pending (optimistic) changes; `shadow` keeps
 * the server's version of every row a pending change touched, so a pull can rewind and replay (see local-writer.ts).
 */
import Dexie, { type Table } from 'dexie';

import { DEVICE_DB_VERSION, DEVICE_STORES } from './device-stores.ts';
import type { DomainRows, DomainTable, Row } from './domain-rows.ts';
import { rebuildFigures, type StudentFigures } from './student-figures.ts';
import type { ProgramTypeTotals } from './type-totals.ts';

export interface OutboxEntry {
  seq?: number;
  mutationId: number;
  name: string;
  args: unknown;
  createdAt: string;
  /** MUTATION_ARGS_VERSION when it was queued; absent on entries an older app queued. */
  argsVersion?: number;
  /** `table:id` keys of the records this mutation changes, for per-record pending badges. */
  entityKeys: string[];
}

export interface RejectedEntry {
  mutationId: number;
  name: string;
  args: unknown;
  createdAt: string;
  rejectedAt: string;
  code?: string;
  message?: string;
  fields?: Record<string, string>;
}

export interface ShadowEntry {
  table: string;
  id: string;
  row: Row | null;
}

/** "<name>'s later change to <field> stands": an assessment edit of this device that lost to a later one. */
export interface AssessmentNotice {
  seq?: number;
  studentId: string;
  skillId: string;
  field: string;
  /** The user whose later change stands (screens resolve the name from `users`). */
  by: string;
  /** When that change was saved (ISO time, from its clock stamp). */
  at: string;
  /** What this device's user saved, which did not take: the notice offers it to copy or to save again. */
  mine: unknown;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export { databaseName } from './device-stores.ts';
export { DOMAIN_TABLES, type DomainRows, type DomainTable, type Row } from './domain-rows.ts';

export class TrainingDb extends Dexie {
  meta!: Table<MetaEntry, string>;
  outbox!: Table<OutboxEntry, number>;
  rejected!: Table<RejectedEntry, number>;
  shadow!: Table<ShadowEntry, [string, string]>;
  notices!: Table<AssessmentNotice, number>;
  /** Each student's figures, kept by this device from its rows (student-figures.ts); never synced. */
  studentFigures!: Table<StudentFigures, string>;
  /** Each program type's totals over those figures (type-totals.ts); never synced. */
  programTypeTotals!: Table<ProgramTypeTotals, string>;

  constructor(name: string) {
    super(name);
    // Today's tables (device-stores.ts), declared once. A device holding an older version (1-7) is upgraded in place:
    // Dexie reads its schema from the database, adds the tables and indexes it lacks (building indexes from the rows
    // already stored), then runs the upgrade below. Declaring each earlier version again cost 60 ms of a phone's
    // start-up at 4x CPU. db.test.ts upgrades devices at versions 1, 4 and 7.
    this.version(DEVICE_DB_VERSION)
      .stores(DEVICE_STORES)
      // each student's figures and the totals, built from the rows the device holds (a fire candidate's from the
      // task book's JPRs, which version 7 brought)
      .upgrade(() => rebuildFigures(this));
  }

  domain(name: DomainTable): Table<Row, string> {
    return this.table(name);
  }

  /** A table with its row type, for screens. */
  rows<N extends DomainTable>(name: N): Table<DomainRows[N], string> {
    return this.table(name);
  }

  /**
   * Rows whose `index` equals any of `values`, one indexed read per value. Dexie's anyOf walks a cursor a row at a
   * time: in Chromium, 290 ms for a director's 700 EMS students, where reads per program take a tenth of that.
   * Dexie's own promises, not async functions: a caller's transaction must stay open across the reads, and Dexie
   * loses it across nested native awaits (PrematureCommitError).
   */
  rowsWithAnyOf<N extends DomainTable>(name: N, index: string, values: readonly string[]) {
    return Dexie.Promise.all(values.map((v) => this.rows(name).where(index).equals(v).toArray())).then((lists) =>
      lists.flat(),
    );
  }

  /** The programs of one type (EMS, fire, police) and their students, read by index (see rowsWithAnyOf). */
  programTypeStudents(programType: string) {
    return this.rows('programs')
      .where('type')
      .equals(programType)
      .toArray()
      .then((programs) =>
        this.rowsWithAnyOf(
          'students',
          'programId',
          programs.map((p) => p.id),
        ).then((students) => ({ programs, students })),
      );
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  setMeta(key: string, value: unknown) {
    return this.meta.put({ key, value });
  }
}
