import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import type { AttemptListQuery } from '../../../schema/paging.ts';
import * as t from '../../../schema/tables.ts';
import type { Actor } from '../../commands/command.ts';
import type { Q } from '../../db/open.ts';
import { keysOf, rowidOf, rowsByKey, type List } from '../../http/paging.ts';
import { visibleWhere } from '../../permissions/visibility.ts';

type AttemptRow = typeof t.skillAttempts.$inferSelect;
type VoidRow = typeof t.skillAttemptVoids.$inferSelect;

export const voidToApi = ({ deletedAt: _d, ...v }: VoidRow) => v;

/** An attempt with its void, if one took it out of the figures. */
export const attemptToApi = ({ deletedAt: _d, ...a }: AttemptRow, voided: VoidRow | undefined) => ({
  ...a,
  voided: voided ? voidToApi(voided) : null,
});

function voidsOf(q: Q, attemptIds: string[]): Map<string, VoidRow> {
  if (attemptIds.length === 0) return new Map();
  const rows = q.select().from(t.skillAttemptVoids).where(inArray(t.skillAttemptVoids.attemptId, attemptIds)).all();
  return new Map(rows.map((v) => [v.attemptId, v]));
}

/** The evidence log of the students the actor may see, newest first, by student and skill; voided entries included. */
export function attemptList(q: Q, actor: Actor, f: AttemptListQuery): List<ReturnType<typeof attemptToApi>> {
  const where = and(
    isNull(t.skillAttempts.deletedAt),
    visibleWhere.skillAttempts(q, actor),
    f.studentId ? eq(t.skillAttempts.studentId, f.studentId) : undefined,
    f.skillId ? eq(t.skillAttempts.skillId, f.skillId) : undefined,
  );
  const key = rowidOf(t.skillAttempts);
  const joined = <S extends SelectedFields>(fields: S) => q.select(fields).from(t.skillAttempts);
  return {
    total: () => joined({ n: count() }).where(where).get()!.n,
    keys: (page) =>
      keysOf(
        q,
        joined({ key })
          .where(where)
          .orderBy(desc(t.skillAttempts.attemptedAt), desc(t.skillAttempts.createdAt), asc(t.skillAttempts.id))
          .$dynamic(),
        page,
      ),
    rows: (keys) => {
      const rows = rowsByKey(q, t.skillAttempts, keys);
      const voids = voidsOf(
        q,
        rows.map((a) => a.id),
      );
      return rows.map((a) => attemptToApi(a, voids.get(a.id)));
    },
  };
}
