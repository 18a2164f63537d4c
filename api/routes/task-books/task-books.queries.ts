import { and, asc, desc, eq } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { type List, tableList } from '#api/http/paging.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { JprSignOffAnswer, TaskBookAnswer } from '#schema/api-answers.ts';
import type { TaskBookListQuery } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

type BookRow = typeof t.taskBooks.$inferSelect;
type JprRow = typeof t.jprSignOffs.$inferSelect;

export const bookToApi = ({ deletedAt: _d, ...b }: BookRow): TaskBookAnswer => b;
export const jprToApi = ({ deletedAt: _d, ...j }: JprRow): JprSignOffAnswer => j;

/** The task books of the candidates the actor may see (a candidate: their own), by candidate. */
export function taskBookList(q: Q, actor: Actor, f: TaskBookListQuery): List<ReturnType<typeof bookToApi>> {
  const where = and(visibleWhere.taskBooks(q, actor), f.studentId ? eq(t.taskBooks.studentId, f.studentId) : undefined);
  return tableList(q, t.taskBooks, where, [asc(t.taskBooks.studentId), asc(t.taskBooks.id)], (rows) =>
    rows.map(bookToApi),
  );
}

/** The signed JPR records of the candidates the actor may see, newest first. */
export function jprSignOffList(q: Q, actor: Actor, f: TaskBookListQuery): List<ReturnType<typeof jprToApi>> {
  const where = and(
    visibleWhere.jprSignOffs(q, actor),
    f.studentId ? eq(t.jprSignOffs.studentId, f.studentId) : undefined,
  );
  const order = [desc(t.jprSignOffs.performedOn), desc(t.jprSignOffs.createdAt), asc(t.jprSignOffs.id)];
  return tableList(q, t.jprSignOffs, where, order, (rows) => rows.map(jprToApi));
}
