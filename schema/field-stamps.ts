/**
 * Per-field clock stamps: how edits of fields several devices may change merge, field by field, the later save winning
 * whatever order the saves arrive in. Skill assessments (assessment-fields.ts) and Daily Observation Reports
 * (dor.ts) keep their stamps this way. Kept free of zod, so the sync engine can use it without loading any schema.
 */

/** Who last set each field, and when (the stamp, schema/hlc.ts). */
export type StampsOf<F extends string> = Partial<Record<F, { stamp: string; by: string }>>;

/**
 * Applies the fields of `changes` named in `fields` whose stamp is later than the one kept for that field; the others
 * are left as they are. Returns the fields to write, the stamps to keep and the fields whose change lost to a later
 * save (kept by the caller as superseded values, so what the user typed is not lost).
 */
export function mergeStamped<F extends string, C extends Partial<Record<F, unknown>>>(
  fields: readonly F[],
  stamps: StampsOf<F> | null | undefined,
  changes: C,
  stamp: string,
  by: string,
): { fields: Partial<C>; stamps: StampsOf<F>; lost: F[] } {
  const kept: StampsOf<F> = { ...(stamps ?? {}) };
  const applied: Partial<C> = {};
  const lost: F[] = [];
  for (const field of fields) {
    if (!(field in changes)) continue;
    const current = kept[field];
    if (current && current.stamp >= stamp) {
      lost.push(field);
      continue;
    }
    applied[field] = (changes[field] ?? null) as C[typeof field];
    kept[field] = { stamp, by };
  }
  return { fields: applied, stamps: kept, lost };
}
