/**
 * The DOR settings form's schema, over the shared one (schema/dor-schema.ts): categories by name and group (a new
 * category's code is made from its name; an existing one keeps its code, which its ratings are stored under), and
 * each interval's share as a percentage. The whole is checked by the rules the server checks it by.
 */
import { z } from 'zod';

import type { DorCategory, DorPhaseRule } from '#schema/dor.ts';
import { categoriesDistinct, dorCategorySchema, dorPhaseRuleSchema, phaseRulesInOrder } from '#schema/dor-schema.ts';
import { DOR_MSG } from '#schema/messages.ts';

/** A new category's code: its name in lower case, words joined by dashes. */
const codeFromName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

const formCategory = dorCategorySchema.extend({ code: z.string() });
const formRule = z.object({
  fromWeek: dorPhaseRuleSchema.shape.fromWeek,
  toWeek: dorPhaseRuleSchema.shape.toWeek,
  percent: z.number({ error: DOR_MSG.phaseShare }).min(0, DOR_MSG.phaseShare).max(100, DOR_MSG.phaseShare),
});

/** What the form sends: the category codes made, the shares back to 0-1. */
export function settingsOf(v: {
  categories: z.output<typeof formCategory>[];
  phaseRules: z.output<typeof formRule>[];
}) {
  return {
    categories: v.categories.map((c) => ({ ...c, code: c.code || codeFromName(c.name) })),
    phaseRules: v.phaseRules.map((r) => ({ fromWeek: r.fromWeek, toWeek: r.toWeek, minShare: r.percent / 100 })),
  };
}

export const dorSettingsFormSchema = z
  .object({
    categories: z.array(formCategory).min(1, DOR_MSG.categoriesRequired).max(100, DOR_MSG.categoriesTooMany),
    phaseRules: z.array(formRule).max(20, DOR_MSG.phaseRulesTooMany),
  })
  .superRefine((v, ctx) => {
    const sent = settingsOf(v);
    if (!categoriesDistinct(sent.categories)) {
      ctx.addIssue({ code: 'custom', path: ['categories', 'root'], message: DOR_MSG.categoryDuplicate });
    }
    if (!phaseRulesInOrder(sent.phaseRules)) {
      ctx.addIssue({ code: 'custom', path: ['phaseRules', 'root'], message: DOR_MSG.phaseRulesOrder });
    }
  });
export type DorSettingsInput = z.input<typeof dorSettingsFormSchema>;
export type DorSettingsValues = z.output<typeof dorSettingsFormSchema>;

/** The form's values from a program's settings. */
export const dorSettingsDraft = (categories: readonly DorCategory[], rules: readonly DorPhaseRule[]) => ({
  categories: categories.map((c) => ({ ...c })),
  phaseRules: rules.map((r) => ({ fromWeek: r.fromWeek, toWeek: r.toWeek, percent: Math.round(r.minShare * 100) })),
});
