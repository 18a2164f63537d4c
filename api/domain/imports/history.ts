/**
 * A program's history from the tool it used before: skill attempts, patient contacts and hours. Each row is checked by
 * the schema of the command that logs that record by hand (logSkillAttempt, logPatientContact, logClinicalHours) and
 * written as a student's own unverified entry is (recorded by the importer, verified by no one), with a link to its
 * source file and row. So nothing counts until a coordinator attests the file: then every record of it is verified by
 * them at once, in one audited write. A file already imported into the program adds nothing.
 */
import { randomUUID } from 'node:crypto';

import { and, eq, isNull } from 'drizzle-orm';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { rowsOf } from '#api/db/rows.ts';
import { statement } from '#api/db/statements.ts';
import { writeSummary } from '#api/domain/evidence/skill-summary.ts';
import { conflict, invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { inProgram } from '#api/permissions/scope.ts';
import { logClinicalHours } from '#api/routes/clinical-hours/clinical-hours.commands.ts';
import { logPatientContact } from '#api/routes/patient-contacts/patient-contacts.commands.ts';
import { logSkillAttempt } from '#api/routes/skill-attempts/skill-attempts.commands.ts';
import { overDayLimit } from '#schema/clinical-hours.ts';
import { byId } from '#schema/common.ts';
import { IMPORT_MSG, MSG } from '#schema/messages.ts';
import { ATTEST_ACTION, type HistoryKind, isHistoryKind } from '#schema/roster-import.ts';
import { applyEntry, attemptDeltas, entryOf, figuresOf } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

import {
  argsOf,
  assertMayImport,
  emptyReport,
  finishImport,
  FOUND_ID,
  type ImportJob,
  importJob,
  ImportRolledBack,
  parsedBy,
  type PreparedRow,
  type RowOutcome,
  runRows,
  sitesByName,
} from './batches.ts';

type Values = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** What an imported record carries until the file is attested: no one has vouched for it yet. */
const UNVERIFIED = { verifiedBy: null, verifiedAt: null };

/**
 * A row's values through the schema of the command that logs its record by hand, in the import worker; the student,
 * skill and site it names are found in the write's transaction and take FOUND_ID's place.
 */
export function historyArgs(kind: HistoryKind, values: Values) {
  const studentId = FOUND_ID;
  if (kind === 'skill_attempts') return parsedBy(logSkillAttempt, { ...values, studentId, skillId: FOUND_ID });
  if (kind === 'patient_contacts') return parsedBy(logPatientContact, { ...values, studentId });
  return parsedBy(logClinicalHours, { ...values, studentId, clinicalSiteId: text(values.site) ? FOUND_ID : null });
}

/** What a file's rows name, read once for the file (not once a row): the program's students, skills and sites. */
function lookups(ctx: CommandContext, programId: string) {
  const program = ctx.get(t.programs, programId, 'Program');
  const students = new Map<string, string>();
  const studentRows = rowsOf<{ id: string; studentCode: string }>(
    ctx.tx,
    t.students,
    'select id, student_code from students where program_id = ? and deleted_at is null order by rowid',
    [programId],
  );
  for (const s of studentRows) if (!students.has(s.studentCode)) students.set(s.studentCode, s.id);
  const skillCodes = new Map<string, string>();
  const skillNames = new Map<string, string>();
  const skillRows = rowsOf<{ id: string; code: string; programType: string; nameKey: string }>(
    ctx.tx,
    t.skills,
    'select id, code, program_type, lower(name) as nameKey from skills where deleted_at is null order by rowid',
    [],
  );
  for (const k of skillRows) {
    if (!skillCodes.has(k.code)) skillCodes.set(k.code, k.id);
    if (k.programType === program.type && !skillNames.has(k.nameKey)) skillNames.set(k.nameKey, k.id);
  }
  const sites = sitesByName(ctx.tx);
  return {
    studentOf(code: unknown) {
      const id = students.get(text(code));
      if (!id) throw invalid({ studentId: IMPORT_MSG.notInProgram });
      return id;
    },
    /** A skill by its code, or one of the program's type by its name in any case (a code first, should both match). */
    skillOf(nameOrCode: unknown) {
      const wanted = text(nameOrCode);
      const id = skillCodes.get(wanted) ?? skillNames.get(wanted.toLowerCase());
      if (!id) throw invalid({ skill: IMPORT_MSG.skillUnknown });
      return id;
    },
    siteOf(name: unknown): string | null {
      if (!text(name)) return null;
      const site = sites.get(text(name).toLowerCase());
      if (!site) throw invalid({ site: IMPORT_MSG.siteUnknown });
      return site.id;
    },
  };
}

/** Hours the student has on the date, this file's earlier rows included. */
function hoursOn(ctx: CommandContext, studentId: string, date: string): number {
  const sum = statement(
    ctx.tx,
    'select coalesce(sum(hours_completed), 0) from clinical_hours where student_id = ? and date = ? and deleted_at is null',
  );
  return sum.pluck().get(studentId, date) as number;
}

type AttemptRow = typeof t.skillAttempts.$inferSelect;

/**
 * Folds the file's attempts into their summary rows, once per student and skill, not once per attempt: a history
 * holds many attempts of each pair, and each summary write costs an audit entry and the tallies' triggers. The same
 * fold as one attempt at a time (schema/skill-figures.ts applyEntry), at the same instant.
 */
function addToSummaries(ctx: CommandContext, attempts: AttemptRow[]) {
  const byPair = new Map<string, AttemptRow[]>();
  for (const a of attempts) {
    const key = `${a.studentId}/${a.skillId}`;
    const pair = byPair.get(key);
    if (pair) pair.push(a);
    else byPair.set(key, [a]);
  }
  for (const [first, ...rest] of byPair.values()) {
    writeSummary(ctx, first.studentId, first.skillId, (row) => ({
      figures: rest.reduce((figures, a) => applyEntry(figures, entryOf(a)), applyEntry(figuresOf(row), entryOf(first))),
    }));
  }
}

/** Writes one row's record, unverified; answers its table and id, and the attempt for its summary. */
function writeRecord(ctx: CommandContext, kind: HistoryKind, found: ReturnType<typeof lookups>, row: PreparedRow) {
  const studentId = found.studentOf(row.values.studentId);
  const recordedBy = ctx.actor.id;
  if (kind === 'skill_attempts') {
    const skillId = found.skillOf(row.values.skill);
    const args = { ...argsOf(logSkillAttempt, row.create), studentId, skillId };
    const attempt = ctx.insert(t.skillAttempts, {
      ...args,
      ...attemptDeltas(args.outcome),
      recordedBy,
      ...UNVERIFIED,
    });
    return { table: t.skillAttempts, id: attempt.id, attempt };
  }
  if (kind === 'patient_contacts') {
    const args = { ...argsOf(logPatientContact, row.create), studentId };
    return { table: t.patientContacts, id: ctx.insert(t.patientContacts, { ...args, recordedBy, ...UNVERIFIED }).id };
  }
  const clinicalSiteId = found.siteOf(row.values.site);
  const args = { ...argsOf(logClinicalHours, row.create), studentId, clinicalSiteId };
  if (overDayLimit(hoursOn(ctx, studentId, args.date), args.hoursCompleted)) {
    throw invalid({ hoursCompleted: MSG.hoursDayOver24 });
  }
  return { table: t.clinicalHours, id: ctx.insert(t.clinicalHours, { ...args, recordedBy, ...UNVERIFIED }).id };
}

const TABLE_NAMES = { skill_attempts: 'skill_attempts', patient_contacts: 'patient_contacts', hours: 'clinical_hours' };

function alreadyImported(ctx: CommandContext, job: ImportJob) {
  const b = t.importBatches;
  return !!ctx.tx
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.programId, job.programId), eq(b.kind, job.kind), eq(b.fileHash, job.fileHash), isNull(b.deletedAt)))
    .get();
}

export const importHistory = defineCommand({
  name: 'importHistory',
  args: importJob,
  apply(ctx, job: ImportJob) {
    const kind = job.kind as HistoryKind;
    assertMayImport(ctx.tx, ctx.actor, kind, job.programId);
    if (alreadyImported(ctx, job)) {
      const rows = job.rows.length;
      throw new ImportRolledBack({ ...emptyReport(job), unchanged: rows, alreadyImported: true });
    }
    const batchId = randomUUID();
    const found = lookups(ctx, job.programId);
    const attempts: AttemptRow[] = [];
    const report = runRows(ctx, job, (row): RowOutcome => {
      const record = writeRecord(ctx, kind, found, row);
      const { rowNumber } = row;
      ctx.insert(t.importRecords, { batchId, rowNumber, recordTable: TABLE_NAMES[kind], recordId: record.id });
      if (record.attempt) attempts.push(record.attempt);
      return 'created';
    });
    // a file kept has every row written (finishImport rolls back any other): only then are the summaries due
    if (!job.dryRun && report.errors.length === 0) addToSummaries(ctx, attempts);
    return finishImport(ctx, job, report, batchId);
  },
});

/** An imported attempt now verified moves from pending to counted in its skill's figures (a voided one is in none). */
function countAttempt(ctx: CommandContext, id: string) {
  const attempt = ctx.find(t.skillAttempts, id);
  if (!attempt || attempt.verifiedBy) return;
  const updated = ctx.update(t.skillAttempts, attempt, { verifiedBy: ctx.actor.id, verifiedAt: ctx.now });
  const voided = ctx.tx
    .select({ id: t.skillAttemptVoids.id })
    .from(t.skillAttemptVoids)
    .where(eq(t.skillAttemptVoids.attemptId, id))
    .get();
  if (voided) return;
  writeSummary(ctx, attempt.studentId, attempt.skillId, (row) => ({
    figures: applyEntry(applyEntry(figuresOf(row), entryOf(attempt), -1), entryOf(updated)),
  }));
}

function verifyEntry(ctx: CommandContext, table: typeof t.clinicalHours | typeof t.patientContacts, id: string) {
  const entry = ctx.find(table, id);
  if (entry && !entry.verifiedBy) ctx.update(table, entry, { verifiedBy: ctx.actor.id, verifiedAt: ctx.now });
}

/**
 * The coordinator's word for a whole history file: its records count from now on, verified by them. Once per file
 * (409 after); a file of a program the caller does not work in answers as one that does not exist.
 */
export const attestImport = defineCommand({
  name: 'attestImport',
  args: byId,
  apply(ctx, { id }) {
    assertCan(ctx.actor, ATTEST_ACTION);
    const batch = ctx.find(t.importBatches, id);
    if (!batch || !inProgram(ctx.tx, ctx.actor, batch.programId)) throw notFound('Import');
    if (!isHistoryKind(batch.kind)) throw invalid({ id: IMPORT_MSG.notHistory }, IMPORT_MSG.notHistory);
    if (batch.attestedBy) throw conflict(IMPORT_MSG.alreadyAttested);
    const records = ctx.tx.select().from(t.importRecords).where(eq(t.importRecords.batchId, id)).all();
    for (const r of records) {
      if (r.recordTable === 'skill_attempts') countAttempt(ctx, r.recordId);
      else verifyEntry(ctx, r.recordTable === 'clinical_hours' ? t.clinicalHours : t.patientContacts, r.recordId);
    }
    return ctx.update(t.importBatches, batch, { attestedBy: ctx.actor.id, attestedAt: ctx.now });
  },
});
