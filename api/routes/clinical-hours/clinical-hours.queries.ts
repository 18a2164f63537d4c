import { and, asc, count, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { keysOf, type List, rowidOf, rowsByKey } from '#api/http/paging.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { HoursAnswer } from '#schema/api-answers.ts';
import type { HoursListQuery } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

type HoursRow = typeof t.clinicalHours.$inferSelect;

const hoursToApi = (h: HoursRow, clinicalSiteName: string | null): HoursAnswer => ({
  id: h.id,
  studentId: h.studentId,
  clinicalSiteId: h.clinicalSiteId,
  clinicalSiteName,
  date: h.date,
  hoursCompleted: h.hoursCompleted,
  startTime: h.startTime,
  endTime: h.endTime,
  hourType: h.hourType,
  unit: h.unit,
  preceptorName: h.preceptorName,
  notes: h.notes,
  recordedBy: h.recordedBy,
  verifiedBy: h.verifiedBy,
  verifiedAt: h.verifiedAt,
  refusedBy: h.refusedBy,
  shiftBookingId: h.shiftBookingId,
  createdAt: h.createdAt,
  updatedAt: h.updatedAt,
});

/** Site names by id, retired sites included: hours logged there remain evidence and still name the site. */
function siteNames(q: Q): Map<string, string> {
  return new Map(
    q
      .select({ id: t.clinicalSites.id, name: t.clinicalSites.name })
      .from(t.clinicalSites)
      .all()
      .map((s) => [s.id, s.name]),
  );
}

export function hoursForApi(q: Q, h: HoursRow) {
  const site = h.clinicalSiteId
    ? q
        .select({ name: t.clinicalSites.name })
        .from(t.clinicalSites)
        .where(eq(t.clinicalSites.id, h.clinicalSiteId))
        .get()
    : undefined;
  return hoursToApi(h, site?.name ?? null);
}

/** The hours of the students the actor may see, newest date first, filtered by student, kind and dates. */
export function hoursList(q: Q, actor: Actor, f: HoursListQuery): List<ReturnType<typeof hoursToApi>> {
  const where = and(
    isNull(t.clinicalHours.deletedAt),
    visibleWhere.clinicalHours(q, actor),
    f.studentId ? eq(t.clinicalHours.studentId, f.studentId) : undefined,
    f.hourType ? eq(t.clinicalHours.hourType, f.hourType) : undefined,
    f.from ? gte(t.clinicalHours.date, f.from) : undefined,
    f.to ? lte(t.clinicalHours.date, f.to) : undefined,
  );
  const key = rowidOf(t.clinicalHours);
  const joined = <S extends SelectedFields>(fields: S) => q.select(fields).from(t.clinicalHours);
  return {
    total: () => joined({ n: count() }).where(where).get()!.n,
    keys: (page) =>
      keysOf(
        q,
        joined({ key })
          .where(where)
          .orderBy(desc(t.clinicalHours.date), desc(t.clinicalHours.createdAt), asc(t.clinicalHours.id))
          .$dynamic(),
        page,
      ),
    rows: (keys) => {
      const names = siteNames(q);
      return rowsByKey(q, t.clinicalHours, keys).map((h) =>
        hoursToApi(h, h.clinicalSiteId ? (names.get(h.clinicalSiteId) ?? null) : null),
      );
    },
  };
}
