/**
 * The checks every evidence command makes of what the caller names: the skill and clinical site exist, and who, if
 * anyone, the new entry counts as verified by. Attempts, hours entries, patient contacts and progress corrections
 * share them, so the rule is stated once.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { CommandContext } from '#api/commands/command.ts';
import { statement } from '#api/db/statements.ts';
import { invalid } from '#api/http/errors.ts';
import { IMPORT_MSG } from '#schema/messages.ts';
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

/**
 * Records brought in from another system count only on a coordinator's word for their whole file (attestImport). Until
 * then no one else's word may verify them: a sign-off naming one is refused, whichever door it came through.
 */
export function assertNoUnattestedImports(ctx: CommandContext, recordIds: readonly string[]) {
  if (recordIds.length === 0) return;
  const r = t.importRecords;
  const b = t.importBatches;
  const waiting = ctx.tx
    .select({ id: r.recordId })
    .from(r)
    .innerJoin(b, eq(b.id, r.batchId))
    .where(and(inArray(r.recordId, [...recordIds]), isNull(b.attestedBy)))
    .get();
  if (waiting) throw invalid({ records: IMPORT_MSG.awaitingAttestation }, IMPORT_MSG.awaitingAttestation);
}
