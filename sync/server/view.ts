/**
 * What one user may see: the visibility condition of each synced table (api/permissions/visibility.ts), kept until a
 * write changes what it is made of (change-scopes.ts), with the pull's statements built for it. The epoch fingerprints everything visibility depends on beyond a row's own fields
 * (role, programs, own student records): when it changes, the client gets a full resync, so rows that became visible
 * arrive and rows that stopped being visible go.
 */
import { createHash } from 'node:crypto';

import { and, eq, gt, inArray, isNotNull, isNull, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { cachedAtVersion } from '#api/db/version-cache.ts';
import { ownStudentRecords, programScope } from '#api/permissions/scope.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import {
  holdsOwnDisciplineSkills,
  holdsSummariesOnly,
  OPENED_STUDENT_TABLES,
  SKILL_NAMING_TABLES,
} from '#schema/device-set.ts';
import * as t from '#schema/tables.ts';

import { SYNCED_TABLES, type SyncedTableName } from '../protocol.ts';
import { type Interest, interestOf, lastViewChange } from './change-scopes.ts';

export interface View {
  actor: Actor;
  epoch: string;
  /** Per table, the rows the user sees (tombstones aside); undefined: all of them. */
  visible: Record<SyncedTableName, SQL | undefined>;
  /** Whether the device holds summaries and opened students' records (schema/device-set.ts): a desk's. */
  summaries: boolean;
  /**
   * Which of the visible rows its device holds: for a desk, per table of OPENED_STUDENT_TABLES; for a student, of the
   * skills catalogue (schema/device-set.ts).
   */
  kept: Partial<Record<SyncedTableName, Kept>>;
  /** A student's own student records: the skills their records name travel with them. */
  own: string[];
  /** The scopes whose changes may concern the user. */
  interest: Interest;
  /** The pull's statements for this view, built on first use: SQL text and parameters, by purpose and table. */
  reads: Map<string, { sqlText: string; params: unknown[] }>;
}

/** Which rows of a table a desk device holds, of those the user sees. */
interface Kept {
  rows: SQL;
  /**
   * Whether a row's own change can take it out of `rows` (a next assessment date cleared): then every changed row is
   * checked and sent as a delete when out. Otherwise only changed rows in `rows` travel.
   */
  leaves: boolean;
}

/** The students a pull's device holds opened, as JSON: each statement is built once and run for any. */
export const OPENED = sql.placeholder('opened');
const opened = (studentId: SQLiteColumn) => sql`${studentId} in (select value from json_each(${OPENED}))`;

/**
 * A desk device's share of the per-skill tables: opened students' rows, the rows its user wrote, and the summaries
 * with a next assessment date (the scheduled assessments list reads every student's).
 */
function keptBy(actor: Actor): View['kept'] {
  const kept = {
    studentSkills: {
      rows: sql`(${opened(t.studentSkills.studentId)} or ${and(isNotNull(t.studentSkills.nextAssessmentDate), ne(t.studentSkills.nextAssessmentDate, ''))})`,
      leaves: true,
    },
    skillAttempts: {
      rows: sql`(${opened(t.skillAttempts.studentId)} or ${eq(t.skillAttempts.recordedBy, actor.id)})`,
      leaves: false,
    },
    skillAttemptVoids: {
      rows: sql`(${opened(t.skillAttemptVoids.studentId)} or ${eq(t.skillAttemptVoids.voidedBy, actor.id)})`,
      leaves: false,
    },
  } satisfies Record<(typeof OPENED_STUDENT_TABLES)[number], Kept>;
  return kept;
}

const NAMING = {
  studentSkills: t.studentSkills,
  skillAttempts: t.skillAttempts,
  skillAttemptVoids: t.skillAttemptVoids,
  jprSignOffs: t.jprSignOffs,
} satisfies Record<(typeof SKILL_NAMING_TABLES)[number], unknown>;

/**
 * The skills the live records of these students name, as one IN per table (each read on its student index); with
 * `since`, only those named by a record written after it.
 */
export const skillsNamedBy = (own: string[], since?: Placeholder<'since'>) =>
  or(
    ...SKILL_NAMING_TABLES.map((name) => {
      const tb = NAMING[name];
      const where = and(inArray(tb.studentId, own), isNull(tb.deletedAt), since && gt(tb.version, since));
      return sql`${t.skills.id} in (select ${tb.skillId} from ${tb} where ${where})`;
    }),
  );

/** The disciplines (program types) of the programs a student is in. */
function disciplinesOf(q: Q, programs: Set<string>): string[] {
  const rows = q
    .selectDistinct({ type: t.programs.type })
    .from(t.programs)
    .where(and(inArray(t.programs.id, [...programs]), isNull(t.programs.deletedAt)))
    .all();
  return rows.map((r) => r.type).sort();
}

/**
 * A student device's share of the skills catalogue: their disciplines' skills and those their records name. A skill
 * whose discipline changes may leave it, so every changed skill is checked (tables.ts sends it as a delete when out).
 */
const skillsKept = (disciplines: string[], own: string[]): View['kept'] => ({
  skills: { rows: or(inArray(t.skills.programType, disciplines), skillsNamedBy(own))!, leaves: true },
});

/**
 * The user's view, read in the caller's read transaction. Kept until a write to what it is made of (their role,
 * programs, own student records, e-mail), not until any write: a college's every attempt left it to be rebuilt, with
 * its statements, by every pull of every user.
 */
export const viewAt = (q: Q, actor: Actor): View =>
  cachedAtVersion(q, `sync view ${actor.id} ${actor.role}`, lastViewChange(q, actor), () => viewOf(q, actor));

function viewOf(q: Q, actor: Actor): View {
  const scope = programScope(q, actor);
  const ownStudentIds = actor.role === 'student' ? ownStudentRecords(q, actor).map((s) => s.id) : [];
  // a program's discipline changed changes which skills a student's device holds: a full resync brings them
  const disciplines = holdsOwnDisciplineSkills(actor.role) && scope !== 'all' ? disciplinesOf(q, scope) : undefined;
  const fingerprint = JSON.stringify([
    actor.id,
    actor.role,
    scope === 'all' ? 'all' : [...scope].sort(),
    ownStudentIds.sort(),
    ...(disciplines ? [disciplines] : []),
  ]);
  return {
    actor,
    epoch: createHash('sha256').update(fingerprint).digest('base64url').slice(0, 22),
    visible: Object.fromEntries(SYNCED_TABLES.map((name) => [name, visibleWhere[name](q, actor)])) as View['visible'],
    summaries: holdsSummariesOnly(actor.role),
    kept: holdsSummariesOnly(actor.role) ? keptBy(actor) : disciplines ? skillsKept(disciplines, ownStudentIds) : {},
    own: ownStudentIds,
    interest: interestOf(actor, scope),
    reads: new Map(),
  };
}
