/**
 * The write path. Every change is a named command: a zod schema for its arguments and a synchronous `apply` that
 * checks permissions and writes inside one SQLite transaction. The REST routes and the sync push both run commands
 * through `runCommand`/`applyCommand`, so validation, permissions and effects cannot differ between them.
 */
import { randomUUID } from 'node:crypto';

import { eq, getTableName } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';

import { SUPERSEDED_ACTION } from '#schema/audit.ts';
import { fieldErrors } from '#schema/common.ts';
import * as t from '#schema/tables.ts';

import type { Db, Q } from '../db/open.ts';
import { insertRow, rowById, updateRow } from '../db/rows.ts';
import { statement } from '../db/statements.ts';
import { type AppError, conflict, invalid, notFound } from '../http/errors.ts';
import { quotasOf } from '../limits/quotas.ts';
import type { Actor } from '../permissions/actor.ts';
import { canSeeStudent, studentFieldNotFound } from '../permissions/scope.ts';
import { auditedChanges, type Changes } from './audit-policy.ts';

export type { Actor } from '../permissions/actor.ts';

/** Tables whose rows carry id, createdAt, updatedAt, version and deletedAt. */
export type SyncedTable =
  | typeof t.users
  | typeof t.instructors
  | typeof t.programs
  | typeof t.programMembers
  | typeof t.students
  | typeof t.skills
  | typeof t.studentSkills
  | typeof t.skillAttempts
  | typeof t.skillAttemptVoids
  | typeof t.patientContacts
  | typeof t.signOffs
  | typeof t.clinicalSites
  | typeof t.siteEmails
  | typeof t.clinicalHours
  | typeof t.documents
  | typeof t.messages
  | typeof t.requests
  | typeof t.accreditationRequirements
  | typeof t.ramAssessments
  | typeof t.importBatches
  | typeof t.importRecords
  | typeof t.shifts
  | typeof t.shiftBookings
  | typeof t.studentCredentials
  | typeof t.dors
  | typeof t.taskBooks
  | typeof t.jprSignOffs
  | typeof t.studentOutcomes
  | typeof t.examAttempts;

type Row<T extends SyncedTable> = T['$inferSelect'];
type NewRow<T extends SyncedTable> = Omit<T['$inferInsert'], 'id' | 'createdAt' | 'updatedAt' | 'version'> & {
  id?: string;
};
type Patch<T extends SyncedTable> = Partial<Omit<T['$inferInsert'], 'id' | 'createdAt' | 'version'>>;

const BOOKKEEPING = new Set(['createdAt', 'updatedAt', 'version']);

/** What a command's `apply` works with: the transaction, who acts, and writers that stamp version and audit. */
export class CommandContext {
  constructor(
    readonly tx: Q,
    readonly actor: Actor,
    readonly commandName: string,
    readonly version: number,
    readonly now: string,
  ) {}

  find<T extends SyncedTable>(table: T, id: string): Row<T> | undefined {
    const row = rowById<Row<T>>(this.tx, table, id);
    return row && !row.deletedAt ? row : undefined;
  }

  get<T extends SyncedTable>(table: T, id: string, what: string): Row<T> {
    const row = this.find(table, id);
    if (!row) throw notFound(what);
    return row;
  }

  /**
   * A client may create a record offline with its own id; reusing an id that exists is a conflict, not a crash. An id
   * of a student's record the caller may not see answers `outOfScope`, what the command answers a write outside the
   * caller's scope, so that the answer tells nothing of that record, not even that it exists. An evidence row is its
   * own audit entry (schema/audit.ts EVIDENCE_SOURCES); of a derived row only the `judged` fields people set are
   * audited (none set: no entry).
   */
  insert<T extends SyncedTable>(
    table: T,
    values: NewRow<T>,
    outOfScope: () => AppError = studentFieldNotFound,
    judged?: readonly string[],
  ): Row<T> {
    // Object.assign, not keys after a spread: V8 defines each of those through its runtime, a fifth of an insert's cost
    const row = Object.assign({}, values, {
      id: values.id ?? randomUUID(),
      createdAt: this.now,
      updatedAt: this.now,
      version: this.version,
    });
    const inserted = insertReportingReusedId<Row<T>>(this.tx, table, row, () =>
      ofHiddenStudent(this.tx, this.actor, table, row.id) ? outOfScope() : null,
    );
    this.audit(table, inserted.id, 'create', diff({}, inserted), judged);
    return inserted;
  }

  /**
   * Writes only the fields that change; the audit log keeps each overwritten value (of a derived row, only the `judged`
   * fields people set: the rest follows from evidence rows and is not a change anyone made).
   */
  update<T extends SyncedTable>(table: T, current: Row<T>, patch: Patch<T>, judged?: readonly string[]): Row<T> {
    const changes = diff(current as Record<string, unknown>, patch as Record<string, unknown>);
    if (Object.keys(changes).length === 0) return current;
    const values = Object.assign({}, patch, { updatedAt: this.now, version: this.version });
    const updated = updateRow<Row<T>>(this.tx, table, current, values as Partial<Row<T>>);
    this.audit(table, current.id, 'update', changes, judged);
    return updated;
  }

  /**
   * Re-stamps the rows of `table` whose `column` is `value`, when their visibility changed through another row (a student
   * moved or removed), so that clients pulling from an older version receive them again (or their removal). One
   * statement, not one per row: a thousand moved students with a hundred records each held the server for seconds.
   * Not audited: no field changes.
   */
  touchWhere<T extends SyncedTable>(table: T, column: keyof Row<T> & string, value: string): void {
    const columns = table as unknown as Record<string, SQLiteColumn>;
    this.tx
      .update(table as typeof t.users)
      .set({ version: this.version } as never)
      .where(eq(columns[column], value))
      .run();
  }

  /** Deletes leave a tombstone so that clients pulling later learn of them; a reason given is kept in the audit entry. */
  remove<T extends SyncedTable>(table: T, current: Row<T>, reason: string | null = null): void {
    this.tx
      .update(table as typeof t.users)
      .set({ deletedAt: this.now, updatedAt: this.now, version: this.version } as never)
      .where(eq((table as typeof t.users).id, current.id))
      .run();
    this.audit(table, current.id, 'delete', {
      deletedAt: { before: null, after: this.now },
      ...(reason ? { reason: { before: null, after: reason } } : {}),
    });
  }

  /** Keeps values that did not take in the audit log (SUPERSEDED_ACTION); the row is unchanged. */
  recordSuperseded<T extends SyncedTable>(
    table: T,
    current: Row<T>,
    values: Record<string, { before: unknown; after: unknown }>,
  ): void {
    this.audit(table, current.id, SUPERSEDED_ACTION, values);
  }

  private audit(table: SyncedTable, recordId: string, action: string, changes: Changes, judged?: readonly string[]) {
    const tableName = getTableName(table);
    const kept = auditedChanges(tableName, action, changes, judged);
    if (!kept) return;
    statement(
      this.tx,
      `insert into audit_log (at, actor_id, command, table_name, record_id, action, changes, version)
      values (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      this.now,
      this.actor.id,
      this.commandName,
      tableName,
      recordId,
      action,
      JSON.stringify(redact(tableName, kept)),
      this.version,
    );
  }
}

function insertReportingReusedId<R>(
  tx: Q,
  table: SyncedTable,
  row: Record<string, unknown>,
  hidden: () => AppError | null,
): R {
  try {
    return insertRow<R>(tx, table, row);
  } catch (e) {
    if ((e as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      throw (
        hidden() ?? conflict('A record with this id already exists', { id: 'A record with this id already exists' })
      );
    }
    throw e;
  }
}

/** Whether the row with this id is a record of a student the actor may not see (tables without students: never). */
function ofHiddenStudent(tx: Q, actor: Actor, table: SyncedTable, id: string): boolean {
  const studentId = rowById<{ studentId?: string | null }>(tx, table, id)?.studentId;
  if (!studentId) return false;
  const student = rowById<typeof t.students.$inferSelect>(tx, t.students, studentId);
  return !student || !canSeeStudent(tx, actor, student);
}

/** Values are plain data (JSON columns hold objects and lists): none serializes as null, so none equals an absent value. */
function same(a: unknown, b: unknown) {
  if (a === b || (a == null && b == null)) return true;
  if (a == null || b == null || (typeof a !== 'object' && typeof b !== 'object')) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    const value = after[key];
    if (BOOKKEEPING.has(key) || value === undefined || same(before[key], value)) continue;
    changes[key] = { before: before[key] ?? null, after: value };
  }
  return changes;
}

/**
 * Values the audit log never keeps: password hashes, what messages say (the log is read by directors and
 * administration, and no one reads another user's messages), and the names documents are stored under on disk (which
 * never leave the server). The entry still shows which fields changed.
 */
const PRIVATE_FIELDS: Record<string, readonly string[]> = {
  users: ['passwordHash'],
  messages: ['subject', 'content'],
  documents: ['storedName'],
};

/** What the audit entry of a created row would say: each field set, private ones redacted (the trail's evidence rows). */
export const createdChanges = (tableName: string, row: Record<string, unknown>) => redact(tableName, diff({}, row));

function redact(tableName: string, changes: Record<string, { before: unknown; after: unknown }>) {
  const hidden = (PRIVATE_FIELDS[tableName] ?? []).filter((field) => field in changes);
  if (hidden.length === 0) return changes;
  const out = { ...changes };
  for (const field of hidden) out[field] = { before: '[redacted]', after: '[redacted]' };
  return out;
}

export interface Command<S extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  args: S;
  /**
   * Looser arguments an older app version may have queued offline (a pushed mutation without `argsVersion`); `apply`
   * must accept them too. Every other caller is held to `args`.
   */
  queuedArgs?: z.ZodType;
  /**
   * A write devices queue offline: the sync push runs it (sync/server/routes.ts OFFLINE_COMMANDS), and the device has
   * a mutator of the same name and args (sync/client/mutators/); a test holds the two sets equal. Every other command
   * is reached only through its REST route.
   */
  offline?: true;
  apply(ctx: CommandContext, args: z.output<S>): R;
  /**
   * Run once after the transaction that applied it, by either door (once per sync push that carried it, or after its
   * REST route's runCommand): wakes what works outside the transaction (a sign-off's preceptor gets their link now,
   * not at the next timer). The push and REST routes stay generic.
   */
  afterCommit?: (services: AfterCommitServices) => void;
}

/** What an `afterCommit` may wake: the app's background services (api/http/context.ts `Deps` holds them). */
interface AfterCommitServices {
  signOffMail?: { kick(): void };
}

export const defineCommand = <S extends z.ZodType, R>(command: Command<S, R>) => command;

/** Takes the next global server version; stamped on every row this transaction writes. */
export function nextVersion(tx: Q): number {
  return (
    statement(tx, 'update sync_meta set version = version + 1 where id = 1 returning version').get() as {
      version: number;
    }
  ).version;
}

export function parseArgs<S extends z.ZodType>(command: Command<S, unknown>, raw: unknown): z.output<S> {
  const parsed = command.args.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Validates, then applies inside the caller's transaction (the sync push's); says which version it stamped: `version`
 * when the caller's transaction has taken one already, else the next.
 */
export function applyCommand<S extends z.ZodType, R>(
  tx: Q,
  command: Command<S, R>,
  actor: Actor,
  raw: unknown,
  now = new Date().toISOString(),
  version?: number,
) {
  const args = parseArgs(command, raw);
  const ctx = new CommandContext(tx, actor, command.name, version ?? nextVersion(tx), now);
  return { result: command.apply(ctx, args), version: ctx.version };
}

/** Runs one command in its own transaction; any error rolls every write of it back. A write over its quota throws QuotaExceeded. */
export function runCommand<S extends z.ZodType, R>(db: Db, command: Command<S, R>, actor: Actor, raw: unknown): R {
  const args = parseArgs(command, raw);
  const quotas = quotasOf(db);
  quotas.check(actor.id, command.name);
  const result = db.transaction(
    (tx) => {
      const ctx = new CommandContext(tx, actor, command.name, nextVersion(tx), new Date().toISOString());
      return command.apply(ctx, args);
    },
    { behavior: 'immediate' },
  );
  quotas.spend(actor.id, command.name);
  return result;
}
