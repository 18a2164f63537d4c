/** The live counts the menu shows next to its items, from the device's rows, each for those who can act on it. */
import type { Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import { needsAttention } from '#schema/sign-off.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import { useSync } from '#web/lib/sync.tsx';

import type { NavCount } from './navigation.ts';

const NONE: Record<NavCount, number> = { signOffsNeedingAttention: 0 };

export function useNavCounts(role: Role): Record<NavCount, number> {
  const { db } = useSync();
  const reviewer = can(role, 'signOffs.review');
  return (
    useLiveQuery(
      async () => ({
        // the same rule the verification queue opens on, so the count is what the queue shows
        signOffsNeedingAttention: reviewer ? (await db.rows('signOffs').toArray()).filter(needsAttention).length : 0,
      }),
      [db, reviewer],
    ) ?? NONE
  );
}
