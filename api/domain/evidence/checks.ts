/**
 * The checks every evidence command makes of what the caller names: the skill and clinical site exist, and who, if
 * anyone, the new entry counts as verified by. Attempts, hours entries, patient contacts and progress corrections
 * share them, so the rule is stated once.
 */
import type { CommandContext } from '#api/commands/command.ts';
import { statement } from '#api/db/statements.ts';
import { invalid } from '#api/http/errors.ts';
import { verifiedOnEntry } from '#schema/permissions.ts';
import * as t from '#schema/tables.ts';

/** The verifier a new entry carries: its recorder when verifiedOnEntry, else none until staff verify it. */
export const verification = (ctx: CommandContext) =>
  verifiedOnEntry(ctx.actor.role)
    ? { verifiedBy: ctx.actor.id, verifiedAt: ctx.now }
    : { verifiedBy: null, verifiedAt: null };

/** Whether the skill exists: one indexed lookup, no row to decode (a push checks it for every mutation). */
export function assertSkill(ctx: CommandContext, skillId: string) {
  const found = statement(ctx.tx, 'select 1 from skills where id = ? and deleted_at is null').get(skillId);
  if (!found) throw invalid({ skillId: 'Skill not found' });
}

export function assertSite(ctx: CommandContext, clinicalSiteId: string | null) {
  if (clinicalSiteId && !ctx.find(t.clinicalSites, clinicalSiteId)) {
    throw invalid({ clinicalSiteId: 'Clinical site not found' });
  }
}
