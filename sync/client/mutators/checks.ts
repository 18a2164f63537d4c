/** The device's side of api/domain/evidence/checks.ts: who a new entry counts as verified by. */
import { verifiedOnEntry } from '#schema/permissions.ts';

import type { LocalWriter } from '../local-writer.ts';
import type { MutatorContext } from './mutator.ts';

/** verifiedOnEntry for the signed-in user, by their role as the device holds it. */
export const isVerifiedOnEntry = async (w: LocalWriter, userId: string) =>
  verifiedOnEntry((await w.get('users', userId))?.role as string | undefined);

/** A student's own hours and contacts wait for verification as their attempts do; staff entries are verified. */
export async function verification(w: LocalWriter, ctx: MutatorContext) {
  const verified = await isVerifiedOnEntry(w, ctx.userId);
  return { verifiedBy: verified ? ctx.userId : null, verifiedAt: verified ? ctx.now : null };
}
