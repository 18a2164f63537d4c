import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { restateProgramSignOffs } from '#api/domain/evidence/sign-off-effects.ts';
import { restateProgramSummaries } from '#api/domain/evidence/skill-summary.ts';
import { conflict, invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { byId, clientId, updateOf } from '#schema/common.ts';
import { ERR, MSG } from '#schema/messages.ts';
import { programAssignmentSchema, programSchema, programUpdateSchema } from '#schema/program.ts';
import { programRequirementsSchema } from '#schema/program-requirements.ts';
import { COUNTABLE_STATES, DEFAULT_COUNTED_STATES } from '#schema/sign-off.ts';
import { type SkillMinimum, skillMinimum } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

const DIRECTOR_ROLES = new Set(['director', 'administration']);
const CHOOSE_DIRECTOR = 'Choose a director or administrator';
const HAS_STUDENTS = "Move or remove the program's students first";

/** zod's partial() still fills the certifications default, which would wipe the list on every edit that omits it. */
const programChanges = programUpdateSchema.extend({
  certifications: programSchema.shape.certifications.unwrap().optional(),
});

/** The director choice of the form offers only directors and administrators. */
function assertDirector(ctx: CommandContext, directorId: string | null | undefined) {
  if (!directorId) return;
  const user = ctx.find(t.users, directorId);
  if (!user || !DIRECTOR_ROLES.has(user.role)) throw invalid({ directorId: CHOOSE_DIRECTOR });
}

const liveMembers = (ctx: CommandContext, programId: string) =>
  ctx.tx
    .select()
    .from(t.programMembers)
    .where(and(eq(t.programMembers.programId, programId), isNull(t.programMembers.deletedAt)))
    .all();

export const createProgram = defineCommand({
  name: 'createProgram',
  args: programSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'programs.manage');
    assertDirector(ctx, args.directorId);
    return ctx.insert(t.programs, args);
  },
});

export const updateProgram = defineCommand({
  name: 'updateProgram',
  args: updateOf(programChanges),
  apply(ctx, { id, changes }) {
    assertCan(ctx.actor, 'programs.manage');
    const current = ctx.get(t.programs, id, 'Program');
    if (changes.directorId !== current.directorId) assertDirector(ctx, changes.directorId);
    return ctx.update(t.programs, current, changes);
  },
});

/**
 * Keeps the minimums that differ from the catalogue's (so a skill left at its default follows later catalogue
 * changes); none left is null, the defaults. A skill the catalogue does not have is refused.
 */
function ownMinimums(ctx: CommandContext, programType: string, minimums: Record<string, SkillMinimum>) {
  const own: Record<string, SkillMinimum> = {};
  for (const [skillId, minimum] of Object.entries(minimums)) {
    const skill = ctx.find(t.skills, skillId);
    if (!skill || skill.programType !== programType) throw invalid({ skillMinimums: MSG.skillUnknown });
    const isDefault = minimum.total === skillMinimum(null, skill).total && Object.keys(minimum.bySetting).length === 0;
    if (!isDefault) own[skillId] = minimum;
  }
  return Object.keys(own).length ? own : null;
}

/** The states in their canonical order; the defaults are stored as null, so they follow later default changes. */
function ownCountedStates(states: readonly string[]) {
  const own = COUNTABLE_STATES.filter((s) => states.includes(s));
  const isDefault =
    own.length === DEFAULT_COUNTED_STATES.length && own.every((s) => DEFAULT_COUNTED_STATES.includes(s));
  return isDefault ? null : own;
}

/**
 * A program's skill minimums, contact rules and counted sign-off states. Changed minimums restate its students' shown
 * status at once; changed counted states restate the verification of the attempts its students' sign-offs hold first.
 */
export const setProgramRequirements = defineCommand({
  name: 'setProgramRequirements',
  args: programRequirementsSchema,
  apply(ctx, { programId, skillMinimums, contactRules, countedSignOffStates }) {
    assertCan(ctx.actor, 'programs.manage');
    const current = ctx.get(t.programs, programId, 'Program');
    const minimums =
      skillMinimums === undefined ? undefined : skillMinimums && ownMinimums(ctx, current.type, skillMinimums);
    const counted = countedSignOffStates && ownCountedStates(countedSignOffStates);
    const updated = ctx.update(t.programs, current, {
      skillMinimums: minimums,
      contactRules,
      countedSignOffStates: counted,
    });
    if (counted !== undefined) restateProgramSignOffs(ctx, programId);
    if (minimums !== undefined) restateProgramSummaries(ctx, programId);
    return updated;
  },
});

/** Students belong to exactly one program, so deleting it under them would orphan their records. */
export const deleteProgram = defineCommand({
  name: 'deleteProgram',
  args: byId,
  apply(ctx, { id }) {
    assertCan(ctx.actor, 'programs.manage');
    const current = ctx.get(t.programs, id, 'Program');
    const student = ctx.tx
      .select({ id: t.students.id })
      .from(t.students)
      .where(and(eq(t.students.programId, id), isNull(t.students.deletedAt)))
      .get();
    if (student) throw conflict(HAS_STUDENTS);
    for (const m of liveMembers(ctx, id)) ctx.remove(t.programMembers, m);
    ctx.remove(t.programs, current);
    return { id };
  },
});

export const assignUserToProgram = defineCommand({
  name: 'assignUserToProgram',
  args: programAssignmentSchema.extend({ id: clientId(), programId: z.string() }),
  apply(ctx, { id, programId, userId, assignedRole }) {
    assertCan(ctx.actor, 'programs.manage');
    ctx.get(t.programs, programId, 'Program');
    if (!ctx.find(t.users, userId)) throw invalid({ userId: 'User not found' });
    if (liveMembers(ctx, programId).some((m) => m.userId === userId)) {
      throw conflict(ERR.alreadyAssigned, { userId: ERR.alreadyAssigned });
    }
    return ctx.insert(t.programMembers, { id, programId, userId, assignedRole });
  },
});

export const removeUserFromProgram = defineCommand({
  name: 'removeUserFromProgram',
  args: z.object({ programId: z.string(), userId: z.string() }),
  apply(ctx, { programId, userId }) {
    assertCan(ctx.actor, 'programs.manage');
    ctx.get(t.programs, programId, 'Program');
    const membership = liveMembers(ctx, programId).find((m) => m.userId === userId);
    if (!membership) throw notFound('Assignment');
    ctx.remove(t.programMembers, membership);
    return { id: membership.id };
  },
});

export const programCommands = [
  createProgram,
  updateProgram,
  setProgramRequirements,
  deleteProgram,
  assignUserToProgram,
  removeUserFromProgram,
];
