/**
 * The device's database, one per signed-in user (so a shared phone never mixes two users' records).
 * Domain tables hold rows as the server sends them plus this device's pending (optimistic) changes; `shadow` keeps
 * the server's version of every row a pending change touched, so a pull can rewind and replay (see local-writer.ts).
 */
import Dexie, { type Table } from 'dexie';

import { DOMAIN_TABLES, type DomainRows, type DomainTable, type Row } from './domain-rows.ts';
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

/** The domain tables' indexes before version 2 (kept so a device on version 1 upgrades in place). */
const VERSION_1_DOMAIN_TABLES = {
  users: 'id, role',
  instructors: 'id',
  programs: 'id, type',
  programMembers: 'id, programId, userId',
  students: 'id, programId, userId',
  skills: 'id, programType, [programType+certificationLevel]',
  studentSkills: 'id, studentId, skillId, [studentId+skillId]',
  clinicalSites: 'id',
  siteEmails: 'id, clinicalSiteId',
  clinicalHours: 'id, studentId',
  documents: 'id',
  messages: 'id, senderId, recipientId',
  requests: 'id, kind, userId',
  accreditationRequirements: 'id',
  ramAssessments: 'id, year',
};

/** The domain tables' indexes in version 2, before the evidence log. */
const VERSION_2_DOMAIN_TABLES = {
  ...VERSION_1_DOMAIN_TABLES,
  studentSkills: 'id, studentId, skillId, [studentId+skillId], nextAssessmentDate',
  requests: 'id, kind, userId, status',
};

/** The domain tables' indexes in version 3, with the evidence log and before sign-offs. */
const VERSION_3_DOMAIN_TABLES = {
  ...VERSION_2_DOMAIN_TABLES,
  skillAttempts: 'id, [studentId+skillId], studentId',
  skillAttemptVoids: 'id, attemptId, [studentId+skillId]',
  patientContacts: 'id, studentId',
};

export { DOMAIN_TABLES, type DomainRows, type DomainTable, type Row } from './domain-rows.ts';

/** The tables as version 4 declared them (preceptor sign-offs, issue 14). */
const VERSION_4_DOMAIN_TABLES = {
  ...VERSION_3_DOMAIN_TABLES,
  signOffs: 'id, studentId, status',
} as const;

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
    this.version(1).stores({
      meta: 'key',
      outbox: '++seq, &mutationId, *entityKeys',
      rejected: 'mutationId',
      shadow: '[table+id]',
      ...VERSION_1_DOMAIN_TABLES,
    });
    // indexes for screens that show only some rows (scheduled assessments, pending requests); Dexie builds them from the rows already stored
    this.version(2).stores(VERSION_2_DOMAIN_TABLES);
    // the evidence log (issue 13): attempts, voids and patient contacts, looked up by student and skill
    this.version(3).stores({ ...VERSION_3_DOMAIN_TABLES, notices: '++seq, [studentId+skillId]' });
    // preceptor sign-offs (issue 14)
    this.version(4).stores(VERSION_4_DOMAIN_TABLES);
    // per-student figures, so the student lists read one row a student rather than every progress record
    this.version(5).stores({ studentFigures: 'studentId' });
    // totals per program type, so skill entry's tiles read one row
    this.version(6).stores({ programTypeTotals: 'programType' });
    // shift scheduling (issue 30: shifts, bookings, students' compliance records), police Daily Observation Reports
    // and fire task books with their signed JPRs (issue 29)
    this.version(7).stores(DOMAIN_TABLES);
    // a fire candidate's figures come from their task book's JPRs: a device upgrading builds every student's figures
    // and the totals from the rows it holds. It runs last, once every table those figures read exists (run at
    // version 6, as it was, it read the task books before version 7 made them).
    this.version(8)
      .stores({})
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

export const databaseName = (userId: string) => `training-records-${userId}`;
