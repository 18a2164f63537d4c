import { and, asc, desc, eq, inArray } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { type List, tableList } from '#api/http/paging.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { AttemptAnswer, AttemptVoidAnswer } from '#schema/api-answers.ts';
import type { AttemptListQuery } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

type AttemptRow = typeof t.skillAttempts.$inferSelect;
type VoidRow = typeof t.skillAttemptVoids.$inferSelect;

export const voidToApi = ({ deletedAt: _d, ...v }: VoidRow): AttemptVoidAnswer => v;

/** An attempt with its void, if one took it out of the figures. */
export const attemptToApi = ({ deletedAt: _d, ...a }: AttemptRow, voided: VoidRow | undefined): AttemptAnswer => ({
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
    visibleWhere.skillAttempts(q, actor),
    f.studentId ? eq(t.skillAttempts.studentId, f.studentId) : undefined,
    f.skillId ? eq(t.skillAttempts.skillId, f.skillId) : undefined,
  );
  const order = [desc(t.skillAttempts.attemptedAt), desc(t.skillAttempts.createdAt), asc(t.skillAttempts.id)];
  return tableList(q, t.skillAttempts, where, order, (rows) => {
    const voids = voidsOf(
      q,
      rows.map((a) => a.id),
    );
    return rows.map((a) => attemptToApi(a, voids.get(a.id)));
  });
}
