/**
 * A program's history from the tool it used before: skill attempts, patient contacts and hours. Each row is checked by
 * the schema of the command that logs that record by hand (logSkillAttempt, logPatientContact, logClinicalHours) and
 * written as a student's own unverified entry is (recorded by the importer, verified by no one), with a link to its
 * source file and row. So nothing counts until a coordinator attests the file: then every record of it is verified by
 * them at once, in one audited write. A file already imported into the program adds nothing.
 */
import { randomUUID } from 'node:crypto';

import { and, eq, isNull, or, sql } from 'drizzle-orm';

import { type CommandContext, defineCommand, parseArgs } from '#api/commands/command.ts';
import { addToSummary, writeSummary } from '#api/domain/evidence/skill-summary.ts';
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
  assertMayImport,
  emptyReport,
  finishImport,
  type ImportJob,
  importJob,
  ImportRolledBack,
  type RowOutcome,
  runRows,
} from './batches.ts';

type Values = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** What an imported record carries until the file is attested: no one has vouched for it yet. */
const UNVERIFIED = { verifiedBy: null, verifiedAt: null };

function studentOf(ctx: CommandContext, programId: string, code: unknown) {
  const s = t.students;
  const student = ctx.tx
    .select()
    .from(s)
    .where(and(eq(s.studentCode, text(code)), eq(s.programId, programId), isNull(s.deletedAt)))
    .get();
  if (!student) throw invalid({ studentId: IMPORT_MSG.notInProgram });
  return student;
}

/** A skill of the program's type by its code, or by its name in any case. */
function skillOf(ctx: CommandContext, programId: string, nameOrCode: unknown) {
  const program = ctx.get(t.programs, programId, 'Program');
  const k = t.skills;
  const wanted = text(nameOrCode);
  const skill = ctx.tx
    .select({ id: k.id })
    .from(k)
    .where(
      and(
        isNull(k.deletedAt),
        or(eq(k.code, wanted), and(eq(k.programType, program.type), sql`lower(${k.name}) = ${wanted.toLowerCase()}`)),
      ),
    )
    .get();
  if (!skill) throw invalid({ skill: IMPORT_MSG.skillUnknown });
  return skill.id;
}

function siteOf(ctx: CommandContext, name: unknown): string | null {
  if (!text(name)) return null;
  const c = t.clinicalSites;
  const site = ctx.tx
    .select({ id: c.id })
    .from(c)
    .where(and(sql`lower(trim(${c.name})) = ${text(name).toLowerCase()}`, isNull(c.deletedAt)))
    .get();
  if (!site) throw invalid({ site: IMPORT_MSG.siteUnknown });
  return site.id;
}

function hoursOn(ctx: CommandContext, studentId: string, date: string): number {
  const h = t.clinicalHours;
  return (
    ctx.tx
      .select({ total: sql<number>`coalesce(sum(${h.hoursCompleted}), 0)` })
      .from(h)
      .where(and(eq(h.studentId, studentId), eq(h.date, date), isNull(h.deletedAt)))
      .get()?.total ?? 0
  );
}

/** Writes one row's record, unverified; answers its table and id. */
function writeRecord(ctx: CommandContext, kind: HistoryKind, programId: string, values: Values) {
  const studentId = studentOf(ctx, programId, values.studentId).id;
  const recordedBy = ctx.actor.id;
  if (kind === 'skill_attempts') {
    const skillId = skillOf(ctx, programId, values.skill);
    const args = parseArgs(logSkillAttempt, { ...values, studentId, skillId });
    const attempt = ctx.insert(t.skillAttempts, {
      ...args,
      ...attemptDeltas(args.outcome),
      recordedBy,
      ...UNVERIFIED,
    });
    addToSummary(ctx, attempt);
    return { table: t.skillAttempts, id: attempt.id };
  }
  if (kind === 'patient_contacts') {
    const args = parseArgs(logPatientContact, { ...values, studentId });
    return { table: t.patientContacts, id: ctx.insert(t.patientContacts, { ...args, recordedBy, ...UNVERIFIED }).id };
  }
  const clinicalSiteId = siteOf(ctx, values.site);
  const args = parseArgs(logClinicalHours, { ...values, studentId, clinicalSiteId });
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
      const rows = job.table.rows.length;
      throw new ImportRolledBack({ ...emptyReport(job), unchanged: rows, alreadyImported: true });
    }
    const batchId = randomUUID();
    const report = runRows(
      ctx,
      job,
      () => null,
      (values, rowNumber): RowOutcome => {
        const record = writeRecord(ctx, kind, job.programId, values);
        ctx.insert(t.importRecords, { batchId, rowNumber, recordTable: TABLE_NAMES[kind], recordId: record.id });
        return 'created';
      },
    );
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
