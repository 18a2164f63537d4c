import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { RamAnswer, RequirementAnswer } from '#schema/api-answers.ts';
import * as t from '#schema/tables.ts';

type RequirementRow = typeof t.accreditationRequirements.$inferSelect;
type RamRow = typeof t.ramAssessments.$inferSelect;

/** Accreditation work is a staff screen; students have no part in it. */
export function assertStaff(actor: Actor) {
  assertCan(actor, 'staff.read');
}

function requirementToApi(r: RequirementRow, programName: string | null): RequirementAnswer {
  return {
    id: r.id,
    programId: r.programId,
    programName: r.programId ? programName : 'All EMS programs',
    title: r.title,
    description: r.description,
    frequency: r.frequency,
    roleRequired: r.roleRequired,
    standardReference: r.standardReference,
    requirementType: r.requirementType,
    documents: r.documents,
    completionStatus: r.completionStatus,
    dueDate: r.dueDate,
    completedAt: r.completedAt,
    confidence: r.confidence,
    source: r.source,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function requirementView(q: Q, r: RequirementRow) {
  const program = r.programId ? q.select().from(t.programs).where(eq(t.programs.id, r.programId)).get() : undefined;
  return requirementToApi(r, program?.name ?? null);
}

/** Requirements for all programs, and those of programs the actor works in; in catalogue order. */
export function listRequirements(q: Q, actor: Actor) {
  const names = new Map(
    q
      .select({ id: t.programs.id, name: t.programs.name })
      .from(t.programs)
      .all()
      .map((p) => [p.id, p.name]),
  );
  return q
    .select()
    .from(t.accreditationRequirements)
    .where(and(isNull(t.accreditationRequirements.deletedAt), visibleWhere.accreditationRequirements(q, actor)))
    .orderBy(sql`rowid`)
    .all()
    .map((r) => requirementToApi(r, r.programId ? (names.get(r.programId) ?? null) : null));
}

export const ramToApi = (r: RamRow): RamAnswer => ({
  id: r.id,
  programId: r.programId,
  year: r.year,
  componentArea: r.componentArea,
  componentDescription: r.componentDescription,
  status: r.status,
  compliancePercentage: r.compliancePercentage,
  improvementPlan: r.improvementPlan,
  assessmentDate: r.assessmentDate,
  confidence: r.confidence,
  source: r.source,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export function listRam(q: Q, actor: Actor, year: number) {
  return q
    .select()
    .from(t.ramAssessments)
    .where(
      and(eq(t.ramAssessments.year, year), isNull(t.ramAssessments.deletedAt), visibleWhere.ramAssessments(q, actor)),
    )
    .orderBy(sql`rowid`)
    .all()
    .map(ramToApi);
}
