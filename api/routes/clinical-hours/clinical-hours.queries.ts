import { and, eq, inArray, isNull } from 'drizzle-orm';
import * as t from '../../../schema/tables.ts';
import type { Actor } from '../../commands/command.ts';
import type { Q } from '../../db/open.ts';
import { visibleStudents } from '../../permissions/scope.ts';

type HoursRow = typeof t.clinicalHours.$inferSelect;

const CHUNK = 500;

const hoursToApi = (h: HoursRow, clinicalSiteName: string | null) => ({
  id: h.id, studentId: h.studentId, clinicalSiteId: h.clinicalSiteId, clinicalSiteName, date: h.date,
  hoursCompleted: h.hoursCompleted, hourType: h.hourType, notes: h.notes, recordedBy: h.recordedBy, createdAt: h.createdAt,
});

/** Site names by id, retired sites included: hours logged there remain evidence and still name the site. */
function siteNames(q: Q): Map<string, string> {
  return new Map(q.select({ id: t.clinicalSites.id, name: t.clinicalSites.name }).from(t.clinicalSites).all()
    .map((s) => [s.id, s.name]));
}

export function hoursForApi(q: Q, h: HoursRow) {
  const site = h.clinicalSiteId
    ? q.select({ name: t.clinicalSites.name }).from(t.clinicalSites).where(eq(t.clinicalSites.id, h.clinicalSiteId)).get()
    : undefined;
  return hoursToApi(h, site?.name ?? null);
}

/** Hours of the students the actor may see (optionally one of them), newest date first. */
export function listHours(q: Q, actor: Actor, studentId?: string) {
  const students = visibleStudents(q, actor, q.select().from(t.students).where(isNull(t.students.deletedAt)).all())
    .filter((s) => !studentId || s.id === studentId);
  const ids = students.map((s) => s.id);
  const rows: HoursRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    rows.push(...q.select().from(t.clinicalHours).where(and(
      inArray(t.clinicalHours.studentId, ids.slice(i, i + CHUNK)), isNull(t.clinicalHours.deletedAt),
    )).all());
  }
  const names = siteNames(q);
  return rows
    .sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt))
    .map((h) => hoursToApi(h, h.clinicalSiteId ? names.get(h.clinicalSiteId) ?? null : null));
}
