import { and, asc, eq, inArray, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { can } from '#api/permissions/matrix.ts';
import type { SiteAnswer, SiteEmailAnswer } from '#schema/api-answers.ts';
import { byPersonName } from '#schema/names.ts';
import * as t from '#schema/tables.ts';

type SiteRow = typeof t.clinicalSites.$inferSelect;
type EmailRow = typeof t.siteEmails.$inferSelect;
type RequestRow = Pick<typeof t.requests.$inferSelect, 'kind' | 'endAt' | 'requestedDates' | 'requestedDatesText'>;
type StudentName = { id: string; firstName: string; lastName: string };

/** Up to this many current students are named in a site's detail (part 2, Clinical Management). */
const NAMED_STUDENTS = 5;

/** An approved clinical-time request runs until its end; a preceptor request while it has a date from today on. */
function isCurrent(r: RequestRow, now: number, today: string): boolean {
  if (r.kind === 'clinical-time') return r.endAt !== null && Date.parse(r.endAt) >= now;
  return (r.requestedDates ?? []).some((d) => d >= today) || Boolean(r.requestedDatesText?.trim());
}

/** The live students placed at each site now, sorted by name. */
function studentsBySite(q: Q): Map<string, StudentName[]> {
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const placed = new Map<string, Set<string>>();
  for (const r of q
    .select()
    .from(t.requests)
    .where(
      and(
        eq(t.requests.status, 'approved'),
        inArray(t.requests.kind, ['clinical-time', 'preceptor']),
        isNull(t.requests.deletedAt),
      ),
    )
    .all()) {
    if (!r.clinicalSiteId || !r.studentId || !isCurrent(r, now, today)) continue;
    let ids = placed.get(r.clinicalSiteId);
    if (!ids) placed.set(r.clinicalSiteId, (ids = new Set()));
    ids.add(r.studentId);
  }
  const students = new Map(
    q
      .select({ id: t.students.id, firstName: t.students.firstName, lastName: t.students.lastName })
      .from(t.students)
      .where(isNull(t.students.deletedAt))
      .all()
      .map((s) => [s.id, s]),
  );
  const bySite = new Map<string, StudentName[]>();
  for (const [siteId, ids] of placed) {
    const list = [...ids].flatMap((id) => students.get(id) ?? []).sort(byPersonName);
    bySite.set(siteId, list);
  }
  return bySite;
}

/** Part 1's fields, part 2's names for the same values, and who is placed there (names only for staff). */
function siteToApi(s: SiteRow, placed: StudentName[], withNames: boolean): SiteAnswer {
  return {
    id: s.id,
    name: s.name,
    type: s.type,
    address: s.address,
    city: s.city,
    state: s.state,
    zipCode: s.zipCode,
    phone: s.phone,
    email: s.email,
    contactPerson: s.contactPerson,
    contactTitle: s.contactTitle,
    maxStudents: s.maxStudents,
    programTypes: s.programTypes,
    specialties: s.specialties,
    notes: s.notes,
    requirements: s.requirements,
    requiresBackground: s.requiresBackground,
    requiresInsurance: s.requiresInsurance,
    requiresOrientation: s.requiresOrientation,
    isActive: s.isActive,
    // where the site is, for phones' at-the-site check (issue 30); the site's own, never a person's
    latitude: s.latitude,
    longitude: s.longitude,
    radiusMeters: s.radiusMeters,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    contactEmail: s.email,
    contactPhone: s.phone,
    capacity: s.maxStudents,
    currentStudents: placed.length,
    ...(withNames && {
      currentStudentNames: placed.slice(0, NAMED_STUDENTS).map((p) => `${p.firstName} ${p.lastName}`),
    }),
  };
}

export function listSites(q: Q, actor: Actor) {
  const placed = studentsBySite(q);
  return q
    .select()
    .from(t.clinicalSites)
    .where(isNull(t.clinicalSites.deletedAt))
    .orderBy(asc(t.clinicalSites.name))
    .all()
    .map((s) => siteToApi(s, placed.get(s.id) ?? [], can(actor.role, 'staff.read')));
}

export function siteForApi(q: Q, actor: Actor, s: SiteRow) {
  return siteToApi(s, studentsBySite(q).get(s.id) ?? [], can(actor.role, 'staff.read'));
}

export const emailToApi = (e: EmailRow): SiteEmailAnswer => ({
  id: e.id,
  clinicalSiteId: e.clinicalSiteId,
  emailAddress: e.emailAddress,
  contactName: e.contactName,
  emailType: e.emailType,
  isActive: e.isActive,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

export function listSiteEmails(q: Q, siteId?: string) {
  return q
    .select()
    .from(t.siteEmails)
    .where(and(isNull(t.siteEmails.deletedAt), siteId ? eq(t.siteEmails.clinicalSiteId, siteId) : undefined))
    .orderBy(asc(t.siteEmails.createdAt))
    .all()
    .map(emailToApi);
}
