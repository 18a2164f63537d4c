import { eq } from 'drizzle-orm';

import { defineCommand } from '#api/commands/command.ts';
import { conflict } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { byId, updateOf } from '#schema/common.ts';
import { skillSchema, skillUpdateSchema } from '#schema/skill.ts';
import * as t from '#schema/tables.ts';

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

export const createSkill = defineCommand({
  name: 'createSkill',
  args: skillSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'skills.manage');
    const code = args.code ?? `custom-${args.programType}-${slug(args.name)}-${ctx.version}`;
    if (ctx.tx.select({ id: t.skills.id }).from(t.skills).where(eq(t.skills.code, code)).get()) {
      throw conflict('A skill with this code already exists', { code: 'A skill with this code already exists' });
    }
    return ctx.insert(t.skills, { ...args, code, competencyDomain: args.competencyDomain ?? args.category });
  },
});

export const updateSkill = defineCommand({
  name: 'updateSkill',
  args: updateOf(skillUpdateSchema),
  apply(ctx, { id, changes }) {
    assertCan(ctx.actor, 'skills.manage');
    return ctx.update(t.skills, ctx.get(t.skills, id, 'Skill'), changes);
  },
});

/** Retires a skill from the catalogue; recorded progress on it stays as evidence. */
export const deleteSkill = defineCommand({
  name: 'deleteSkill',
  args: byId,
  apply(ctx, { id }) {
    assertCan(ctx.actor, 'skills.manage');
    ctx.remove(t.skills, ctx.get(t.skills, id, 'Skill'));
    return { id };
  },
});

export const skillCommands = [createSkill, updateSkill, deleteSkill];
