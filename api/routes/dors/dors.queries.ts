import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { keysOf, type List, rowidOf, rowsByKey } from '#api/http/paging.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { DorAnswer } from '#schema/api-answers.ts';
import type { DorListQuery } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

type DorRow = typeof t.dors.$inferSelect;

const dorToApi = ({ deletedAt: _d, ...dor }: DorRow): DorAnswer => dor;

/** The reports of the trainees the actor may see (the pull's rule), newest shift first, optionally one trainee's. */
export function dorList(q: Q, actor: Actor, f: DorListQuery): List<ReturnType<typeof dorToApi>> {
  const where = and(
    isNull(t.dors.deletedAt),
    visibleWhere.dors(q, actor),
    f.studentId ? eq(t.dors.studentId, f.studentId) : undefined,
  );
  return {
    total: () => q.select({ n: count() }).from(t.dors).where(where).get()!.n,
    keys: (page) =>
      keysOf(
        q,
        q
          .select({ key: rowidOf(t.dors) })
          .from(t.dors)
          .where(where)
          .orderBy(desc(t.dors.date), desc(t.dors.createdAt), asc(t.dors.id))
          .$dynamic(),
        page,
      ),
    rows: (keys) => rowsByKey(q, t.dors, keys).map(dorToApi),
  };
}
