/**
 * A table's row as the API answers it, as a strict zod schema read off the drizzle table itself (schema/tables.ts), so
 * a column added to a table is in its answers' schema at once: text a string, an integer an integer, a flag a boolean,
 * a column without NOT NULL nullable. A JSON column's shape is its own schema, named here once; building the schema of
 * a table whose JSON column has none throws, naming the column, when the answers' module loads (every test that starts
 * the app fails with it). Server-only, like tables.ts.
 */
import { type Column, getTableColumns, type Table } from 'drizzle-orm';
import { z } from 'zod';

import { DOR_FLAGS, DOR_PHASES, DOR_SCORES, type DorRating } from './dor.ts';
import { dorCategorySchema, dorPhaseRuleSchema } from './dor-schema.ts';
import { ATTEMPT_SETTINGS, type AttemptSetting } from './enums.ts';
import { jprStepSchema, taskBookRulesSchema } from './fire-task-book-schema.ts';
import { contactRulesSchema, skillMinimumSchema } from './program-requirements.ts';
import { preceptorSchema, signatureSchema } from './sign-off-schema.ts';
import type { SettingCounts } from './skill-figures.ts';
import * as t from './tables.ts';

const strings = z.array(z.string());
/** Who last set a merged field, and when (schema/field-stamps.ts). */
const stampsSchema = z.record(z.string(), z.strictObject({ stamp: z.string(), by: z.string() }));
/** A skill's attempts and successes per setting (schema/skill-figures.ts SettingCounts). */
const counts = z.strictObject({ attempts: z.number().int(), successful: z.number().int() });
const settingCountsSchema = z.strictObject(
  Object.fromEntries(ATTEMPT_SETTINGS.map((s) => [s, counts])) as Record<AttemptSetting, typeof counts>,
) satisfies z.ZodType<SettingCounts>;
/** A preceptor's evaluation and team-lead scores: 0-2 per item, null where not rated. */
const scoresSchema = z.record(z.string(), z.number().int().nullable());

/** A category's rating as stored (dor-schema.ts's rating checks it on the way in; its comment is trimmed text). */
const storedRatingSchema = z.strictObject({
  rating: z.union([z.literal(DOR_SCORES), z.enum(DOR_FLAGS)]),
  comment: z.string().nullable(),
}) satisfies z.ZodType<DorRating>;

/** The shape of each JSON column the API answers with, by column. */
const JSON_COLUMNS = new Map<Column, z.ZodType>([
  [t.users.certifications, strings],
  [t.users.specialties, strings],
  [t.instructors.programTypes, strings],
  [t.programs.certifications, strings],
  [t.programs.skillMinimums, z.record(z.string(), skillMinimumSchema)],
  [t.programs.contactRules, contactRulesSchema],
  [t.programs.countedSignOffStates, strings],
  [t.programs.dorCategories, z.array(dorCategorySchema)],
  [t.programs.dorPhaseRules, z.array(dorPhaseRuleSchema)],
  [t.programs.taskBookRules, taskBookRulesSchema.omit({ programId: true })],
  [t.studentSkills.attemptsBySetting, settingCountsSchema],
  [t.studentSkills.fieldStamps, stampsSchema],
  [t.signOffs.records, z.array(z.strictObject({ kind: z.string(), id: z.string() }))],
  [t.signOffs.preceptor, preceptorSchema],
  [t.signOffs.evaluation, scoresSchema],
  [t.signOffs.teamLeadScores, scoresSchema],
  [t.signOffs.signature, signatureSchema],
  [t.patientContacts.chiefComplaints, strings],
  [t.clinicalSites.programTypes, strings],
  [t.clinicalSites.specialties, strings],
  [t.shifts.preceptorIds, strings],
  [t.shifts.requiredCredentials, strings],
  [t.requests.requestedDates, strings],
  [t.requests.skillsToFocus, strings],
  [t.accreditationRequirements.documents, strings],
  [t.dors.ratings, z.record(z.string(), storedRatingSchema)],
  [t.dors.fieldStamps, stampsSchema],
  [
    t.dors.superseded,
    z.array(
      // the value is whatever the field held: a text, a rating, or null
      z.strictObject({ field: z.string(), value: z.unknown(), by: z.string(), stamp: z.string(), overBy: z.string() }),
    ),
  ],
  [
    t.dors.signatures,
    z.partialRecord(z.enum(DOR_PHASES), z.strictObject({ by: z.string(), at: z.string(), signature: signatureSchema })),
  ],
  [t.taskBooks.verifiedSignature, signatureSchema],
  [t.taskBooks.certifiedSignature, signatureSchema],
  [t.jprSignOffs.steps, z.array(jprStepSchema)],
  [t.jprSignOffs.signature, signatureSchema],
  [t.attestations.snapshot, z.record(z.string(), z.string())],
  [
    t.attestations.evidence,
    z.record(z.string(), z.strictObject({ label: z.string(), value: z.string(), text: z.string().optional() })),
  ],
]);

function columnSchema(name: string, column: Column): z.ZodType {
  const json = JSON_COLUMNS.get(column);
  const base: z.ZodType | undefined =
    column.dataType === 'json'
      ? json
      : column.dataType === 'boolean'
        ? z.boolean()
        : column.dataType === 'number'
          ? column.columnType === 'SQLiteInteger'
            ? z.number().int()
            : z.number()
          : z.string();
  if (!base) throw new Error(`The JSON column ${name} has no answer schema (schema/api-rows.ts)`);
  return column.notNull ? base : base.nullable();
}

type Shape<T extends Table> = { [K in keyof T['_']['columns']]: z.ZodType<T['$inferSelect'][K & string]> };
type Strict<S extends z.core.$ZodShape> = z.ZodObject<S, z.core.$strict>;

const shapeOf = (table: Table, leaveOut: string[] = []) =>
  Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([name]) => !leaveOut.includes(name))
      .map(([name, column]) => [name, columnSchema(name, column)]),
  );

/** Every column of `table`, each typed as its row holds it: a row as written (a write's answer). */
export const tableRowSchema = <T extends Table>(table: T) => z.strictObject(shapeOf(table)) as Strict<Shape<T>>;

/** A synced table's live row as its list reads it: every column but the tombstone. */
export const liveRowSchema = <T extends Table>(table: T) =>
  z.strictObject(shapeOf(table, ['deletedAt'])) as unknown as Strict<Omit<Shape<T>, 'deletedAt'>>;
