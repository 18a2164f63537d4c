/**
 * Seeds the standards catalogue (skills) and the CoAEMSP accreditation requirements and RAM areas from the JSON in
 * ./standards (copied from the team's standards research; each item keeps its source and confidence). Idempotent:
 * skills are matched on `code`, so a director's edits survive a restart and new catalogue items are added.
 * Accreditation items are shown to programs as compliance records, so they get the research source without the
 * notes' working marks (plainSource); their `confidence` field says what the marks said.
 */
import { readFileSync } from 'node:fs';

import { inArray, isNull } from 'drizzle-orm';

import { SYSTEM_SENDER } from '#schema/names.ts';
import { isContactTableItem } from '#schema/smc.ts';
import * as t from '#schema/tables.ts';

import { CommandContext, nextVersion } from '../commands/command.ts';
import type { Db } from '../db/open.ts';

const read = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./standards/${name}`, import.meta.url), 'utf8')) as T;

interface SkillSeed {
  code: string;
  name: string;
  description: string;
  category: string;
  programType: string;
  certificationLevel: string;
  competencyDomain: string;
  smcMatrixNumber: string | null;
  smcMotorSkillName: string | null;
  smcPathologyCategory: string | null;
  clinicalHoursRequired: number | null;
  fieldHoursRequired: number | null;
  minimumAttempts: number;
  simulationAllowed: boolean | null;
  standardReference: string;
  confidence: string;
  source: string;
}
interface AccreditationSeed {
  requirements: {
    title: string;
    description: string;
    frequency: string | null;
    roleRequired: string;
    standardReference: string;
    requirementType: string;
    confidence: string;
    source: string;
  }[];
  ramComponentAreas: { componentArea: string; componentDescription: string; confidence: string; source: string }[];
}

export const SYSTEM_ACTOR = { id: SYSTEM_SENDER.id, role: 'director' } as const;

const CONFIDENCE_MARK = /\s*\[[VPU]\](\/\[[VPU]\])*/g;
const MARKED_ASIDE = /\s*\([^()]*\[[VPU]\][^()]*\)/g;

/**
 * A research source as a reader wants it: where the fact was found, without the notes' asides about their own marks
 * ('(notes [P]; timing not in notes)'), the clauses on what was recalled rather than read ('70% threshold from
 * recollection [U]') and the marks themselves (README.md, Confidence flags).
 */
export function plainSource(source: string): string {
  return source
    .replace(MARKED_ASIDE, '')
    .split(';')
    .map((clause) =>
      clause
        .replace(/\s+and recollection\b.*$/, '')
        .replace(CONFIDENCE_MARK, '')
        .trim(),
    )
    .filter((clause) => clause && !/recollection/i.test(clause))
    .join('; ');
}
const RAM_YEARS = [2025, new Date().getFullYear()];

/** Runs `fn` in one transaction with a context that stamps version and audit like any command. */
export function asSystem<R>(db: Db, commandName: string, fn: (ctx: CommandContext) => R): R {
  return db.transaction((tx) =>
    fn(new CommandContext(tx, SYSTEM_ACTOR, commandName, nextVersion(tx), new Date().toISOString())),
  );
}

export function seedStandards(db: Db): { skills: number; requirements: number; ram: number } {
  const skills = read<SkillSeed[]>('skills.json');
  const accreditation = read<AccreditationSeed>('accreditation.json');
  return asSystem(db, 'seedStandards', (ctx) => {
    const known = new Set(
      ctx.tx
        .select({ code: t.skills.code })
        .from(t.skills)
        .all()
        .map((s) => s.code),
    );
    // the SMC's contact tables count patients, not catalogue items (schema/smc.ts)
    const newSkills = skills.filter((s) => !known.has(s.code) && !isContactTableItem(s));
    for (const s of newSkills) ctx.insert(t.skills, s);

    let requirements = 0;
    if (!ctx.tx.select({ id: t.accreditationRequirements.id }).from(t.accreditationRequirements).limit(1).get()) {
      for (const r of accreditation.requirements) {
        ctx.insert(t.accreditationRequirements, {
          ...r,
          source: plainSource(r.source),
          documents: [],
          completionStatus: 'pending',
        });
        requirements++;
      }
    }
    let ram = 0;
    const years = new Set(
      ctx.tx
        .select({ year: t.ramAssessments.year })
        .from(t.ramAssessments)
        .where(isNull(t.ramAssessments.deletedAt))
        .all()
        .map((r) => r.year),
    );
    for (const year of new Set(RAM_YEARS)) {
      if (years.has(year)) continue;
      for (const a of accreditation.ramComponentAreas) {
        ctx.insert(t.ramAssessments, { ...a, source: plainSource(a.source), year, status: 'pending' });
        ram++;
      }
    }
    cleanSeededSources(ctx, [...accreditation.requirements, ...accreditation.ramComponentAreas]);
    return { skills: newSkills.length, requirements, ram };
  });
}

/** Items seeded before plainSource still carry the notes' marks: their sources are cleaned (a director's own stay). */
function cleanSeededSources(ctx: CommandContext, items: { source: string }[]): void {
  const marked = items.map((i) => i.source).filter((source) => plainSource(source) !== source);
  if (!marked.length) return;
  for (const row of ctx.tx
    .select()
    .from(t.accreditationRequirements)
    .where(inArray(t.accreditationRequirements.source, marked))
    .all())
    ctx.update(t.accreditationRequirements, row, { source: plainSource(row.source!) });
  for (const row of ctx.tx.select().from(t.ramAssessments).where(inArray(t.ramAssessments.source, marked)).all())
    ctx.update(t.ramAssessments, row, { source: plainSource(row.source!) });
}
