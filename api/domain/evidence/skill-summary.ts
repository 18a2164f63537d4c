/**
 * The per student and skill summary row (student_skills) that every screen, report and export reads, kept from the
 * evidence log in the same transaction as the write that changes it: one entry is added or taken away, never a recount
 * of the student's history. The figures come from schema/skill-figures.ts, the one derivation the device uses too.
 */
import { and, eq, isNull, notExists, type SQL } from 'drizzle-orm';

import type { CommandContext } from '#api/commands/command.ts';
import { rowWhere } from '#api/db/rows.ts';
import { statement } from '#api/db/statements.ts';
import type { FieldStamps } from '#schema/assessment-fields.ts';
import {
  applyEntry,
  entryOf,
  figuresOf,
  latestAttemptDate,
  shownStatus,
  type SkillFigures,
  type SkillMinimum,
  skillMinimum,
  summaryAfter,
} from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

export type SummaryRow = typeof t.studentSkills.$inferSelect;
type AttemptRow = typeof t.skillAttempts.$inferSelect;
type ProgramRow = typeof t.programs.$inferSelect;
type Judgement = Pick<SummaryRow, 'statusOverride' | 'progressOverride' | 'notes' | 'nextAssessmentDate'> & {
  fieldStamps: FieldStamps | null;
  instructorId: string | null;
};

export const summaryOf = (ctx: CommandContext, studentId: string, skillId: string) =>
  rowWhere<SummaryRow>(ctx.tx, t.studentSkills, 'student_id = ? and skill_id = ?', studentId, skillId);

/**
 * One statement for the three rows a minimum depends on (skill, student, program): built per call by drizzle they
 * were most of the cost of a pushed progress record.
 */
function minimumFor(ctx: CommandContext, studentId: string, skillId: string): SkillMinimum {
  const found = statement(
    ctx.tx,
    `select (select minimum_attempts from skills where id = ?) as minimumAttempts,
      (select skill_minimums from programs where id = (select program_id from students where id = ?)) as skillMinimums`,
  ).get(skillId, studentId) as { minimumAttempts: number | null; skillMinimums: string | null };
  const programMinimums =
    found.skillMinimums === null
      ? null
      : (t.programs.skillMinimums.mapFromDriverValue(found.skillMinimums) as ProgramRow['skillMinimums']);
  return skillMinimum(programMinimums, { id: skillId, minimumAttempts: found.minimumAttempts ?? 1 });
}

/**
 * The summary row's fields the audit log keeps: those people set (with the stamps of who set each, when), and the
 * shown percentage and last attempt date, whose history the progress trend replays week by week
 * (api/routes/reports/progress-trend.ts). Its counts and status follow from the evidence log, and changes to them are
 * not audited (the evidence rows are the trail).
 */
export const SUMMARY_JUDGED_FIELDS: readonly (keyof SummaryRow)[] = [
  'progressPercentage',
  'lastAttemptDate',
  'statusOverride',
  'progressOverride',
  'notes',
  'nextAssessmentDate',
  'fieldStamps',
  'deletedAt',
];

/**
 * Writes the pair's new figures and judgement fields, with the shown status and percentage recomputed (an override
 * where one stands, else derived). Creates the row on the pair's first entry.
 */
export const writeSummary = (ctx: CommandContext, studentId: string, skillId: string, change: SummaryChange) =>
  writeSummaryOver(ctx, summaryOf(ctx, studentId, skillId), studentId, skillId, change);

type SummaryChange = (
  current: SummaryRow | undefined,
  minimum: SkillMinimum,
) => { figures: SkillFigures; fields?: Partial<Judgement> };

/** writeSummary over the pair's row as the caller has just read it (undefined: the pair has none yet). */
export function writeSummaryOver(
  ctx: CommandContext,
  current: SummaryRow | undefined,
  studentId: string,
  skillId: string,
  change: SummaryChange,
): SummaryRow {
  const minimum = minimumFor(ctx, studentId, skillId);
  const { figures, fields } = change(current, minimum);
  const values = summaryAfter(current, figures, minimum, fields);
  if (!current)
    return ctx.insert(
      t.studentSkills,
      Object.assign({ id: `${studentId}/${skillId}`, studentId, skillId }, values),
      undefined,
      SUMMARY_JUDGED_FIELDS,
    );
  return ctx.update(t.studentSkills, current, Object.assign(values, { deletedAt: null }), SUMMARY_JUDGED_FIELDS);
}

/** Adds one appended entry (an attempt or a correction) to its pair's figures. */
export const addToSummary = (ctx: CommandContext, entry: AttemptRow, fields?: Partial<Judgement>) =>
  writeSummary(ctx, entry.studentId, entry.skillId, (row) => ({
    figures: applyEntry(figuresOf(row), entryOf(entry)),
    fields,
  }));

/** Takes a voided entry out; the last attempt date is the latest among the pair's entries still standing. */
export function takeFromSummary(ctx: CommandContext, entry: AttemptRow) {
  const standing = ctx.tx
    .select()
    .from(t.skillAttempts)
    .where(
      and(
        eq(t.skillAttempts.studentId, entry.studentId),
        eq(t.skillAttempts.skillId, entry.skillId),
        isNull(t.skillAttempts.deletedAt),
        notExists(
          ctx.tx
            .select({ id: t.skillAttemptVoids.id })
            .from(t.skillAttemptVoids)
            .where(eq(t.skillAttemptVoids.attemptId, t.skillAttempts.id)),
        ),
      ),
    )
    .all()
    .map(entryOf);
  return writeSummary(ctx, entry.studentId, entry.skillId, (row) => ({
    figures: { ...applyEntry(figuresOf(row), entryOf(entry), -1), lastAttemptDate: latestAttemptDate(standing) },
  }));
}

/**
 * Restates the shown status and percentage of every summary row of a program's students after its minimums changed,
 * or of one student after they moved program: the counts stay, only what they are measured against moved. Rows whose
 * figure is unchanged are not touched.
 */
export const restateProgramSummaries = (ctx: CommandContext, programId: string) =>
  restateSummaries(ctx, eq(t.students.programId, programId));
export const restateStudentSummaries = (ctx: CommandContext, studentId: string) =>
  restateSummaries(ctx, eq(t.students.id, studentId));

function restateSummaries(ctx: CommandContext, students: SQL) {
  const rows = ctx.tx
    .select({
      row: t.studentSkills,
      minimumAttempts: t.skills.minimumAttempts,
      programMinimums: t.programs.skillMinimums,
    })
    .from(t.studentSkills)
    .innerJoin(t.students, eq(t.students.id, t.studentSkills.studentId))
    .leftJoin(t.programs, eq(t.programs.id, t.students.programId))
    .leftJoin(t.skills, eq(t.skills.id, t.studentSkills.skillId))
    .where(and(students, isNull(t.studentSkills.deletedAt)))
    .all();
  for (const { row, minimumAttempts, programMinimums } of rows) {
    const minimum = skillMinimum(programMinimums, { id: row.skillId, minimumAttempts: minimumAttempts ?? 1 });
    const shown = shownStatus(figuresOf(row), minimum, row);
    if (shown.status !== row.status || shown.progressPercentage !== row.progressPercentage) {
      ctx.update(t.studentSkills, row, shown, SUMMARY_JUDGED_FIELDS);
    }
  }
}
