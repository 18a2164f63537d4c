/**
 * Preceptors who signed on this phone before, kept for its user (in their device database), newest first: a repeat
 * preceptor is one tap and only attests and signs.
 */
import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import { useSync } from '#web/lib/sync.tsx';

export type Preceptor = SignOffArgs['preceptor'];

const KEY = 'preceptors';
const MAX_REMEMBERED = 5;

/** "Pat Nguyen, Paramedic, County EMS". */
export const preceptorLabel = (p: Preceptor) => `${p.name}, ${p.credential}, ${p.agency}`;

const samePerson = (a: Preceptor, b: Preceptor) => a.name === b.name && a.contact === b.contact;

export function useRememberedPreceptors() {
  const { db } = useSync();
  const remembered = useLiveQuery(async () => (await db.getMeta<Preceptor[]>(KEY)) ?? [], [db]) ?? [];
  /** Puts the preceptor of a sign-off first, replacing an earlier entry of the same person (new details win). */
  const remember = async (preceptor: Preceptor) => {
    const kept = ((await db.getMeta<Preceptor[]>(KEY)) ?? []).filter((p) => !samePerson(p, preceptor));
    await db.setMeta(KEY, [preceptor, ...kept].slice(0, MAX_REMEMBERED));
  };
  return { remembered, remember };
}
