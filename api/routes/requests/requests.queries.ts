import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { can } from '#api/permissions/matrix.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { RequestAnswer, SitePreceptorRequestAnswer } from '#schema/api-answers.ts';
import type { RequestKind } from '#schema/enums.ts';
import { preceptorRequestLists, preceptorRequestText } from '#schema/preceptor-request.ts';
import * as t from '#schema/tables.ts';

type RequestRow = typeof t.requests.$inferSelect;
type UserRow = typeof t.users.$inferSelect;
type StudentRow = typeof t.students.$inferSelect;
type Named = typeof t.users | typeof t.programs | typeof t.clinicalSites | typeof t.students;

/** Rows by id, tombstones included: a request keeps showing the names it was filed with. */
function byId<T extends Named>(q: Q, table: T, ids: (string | null)[]): Map<string, T['$inferSelect']> {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (wanted.length === 0) return new Map();
  const rows = q
    .select()
    .from(table as Named)
    .where(inArray((table as typeof t.users).id, wanted))
    .all() as T['$inferSelect'][];
  return new Map(rows.map((r) => [r.id, r]));
}

interface Lookups {
  users: Map<string, UserRow>;
  programs: Map<string, typeof t.programs.$inferSelect>;
  sites: Map<string, typeof t.clinicalSites.$inferSelect>;
  students: Map<string, StudentRow>;
}

function lookups(q: Q, rows: RequestRow[]): Lookups {
  return {
    users: byId(
      q,
      t.users,
      rows.flatMap((r) => [r.userId, r.reviewedBy, r.requestedPreceptorId]),
    ),
    programs: byId(
      q,
      t.programs,
      rows.map((r) => r.programId),
    ),
    sites: byId(
      q,
      t.clinicalSites,
      rows.map((r) => r.clinicalSiteId),
    ),
    students: byId(
      q,
      t.students,
      rows.map((r) => r.studentId),
    ),
  };
}

const fullName = (p: { firstName: string; lastName: string } | undefined) =>
  p ? `${p.firstName} ${p.lastName}` : null;
const get = <V>(map: Map<string, V>, id: string | null) => (id ? map.get(id) : undefined);

function common(r: RequestRow, l: Lookups, viewer: Actor) {
  const u = l.users.get(r.userId);
  // students see other people's names only, as everywhere else
  const showEmail = can(viewer.role, 'users.readContact') || r.userId === viewer.id;
  return {
    id: r.id,
    kind: r.kind,
    userId: r.userId,
    user: u ? { id: u.id, firstName: u.firstName, lastName: u.lastName, email: showEmail ? u.email : null } : null,
    status: r.status,
    justification: r.justification,
    reviewNotes: r.reviewNotes,
    reviewedBy: r.reviewedBy,
    reviewerName: fullName(get(l.users, r.reviewedBy)),
    reviewedAt: r.reviewedAt,
    approvalLevel: r.approvalLevel,
    createdAt: r.createdAt,
  };
}

/** The fields of a request of kind `K` beyond those every request has (schema/api-answers.ts). */
type KindFields<K extends RequestKind> = Omit<Extract<RequestAnswer, { kind: K }>, keyof ReturnType<typeof common>>;
const KIND_FIELDS: { [K in RequestKind]: (r: RequestRow, l: Lookups) => KindFields<K> } = {
  'program-join': (r, l) => ({
    programId: r.programId,
    programName: get(l.programs, r.programId)?.name ?? null,
    requestedRole: r.requestedRole,
  }),
  'role-change': (r, l) => ({
    programId: r.programId,
    programName: get(l.programs, r.programId)?.name ?? null,
    currentRole: r.currentRole,
    requestedRole: r.requestedRole,
  }),
  preceptor: (r, l) => {
    const s = get(l.students, r.studentId);
    const text = preceptorRequestText(r);
    return {
      studentId: r.studentId,
      student: s
        ? { id: s.id, studentId: s.studentCode, user: { firstName: s.firstName, lastName: s.lastName } }
        : null,
      studentName: fullName(s),
      clinicalSiteId: r.clinicalSiteId,
      clinicalSiteName: get(l.sites, r.clinicalSiteId)?.name ?? null,
      requestedPreceptorId: r.requestedPreceptorId,
      requestedPreceptorName: fullName(get(l.users, r.requestedPreceptorId)),
      emsCertificationLevel: r.emsCertificationLevel,
      requestedDates: text.requestedDates ?? '',
      skillsToFocus: text.skillsToFocus,
    };
  },
  'clinical-time': (r, l) => ({
    studentId: r.studentId,
    studentName: fullName(get(l.students, r.studentId)),
    clinicalSiteId: r.clinicalSiteId,
    clinicalSiteName: get(l.sites, r.clinicalSiteId)?.name ?? null,
    startAt: r.startAt,
    endAt: r.endAt,
    requestedHours: r.requestedHours,
    certificationLevel: r.emsCertificationLevel,
    skillsFocus: r.skillsToFocusText,
    specialRequirements: r.specialRequirements,
  }),
};

function requestsToApi(q: Q, rows: RequestRow[], viewer: Actor): RequestAnswer[] {
  const l = lookups(q, rows);
  // a row's kind is one of RequestKind, and its fields are that kind's (KIND_FIELDS' type)
  return rows.map((r) => ({ ...common(r, l, viewer), ...KIND_FIELDS[r.kind as RequestKind](r, l) }) as RequestAnswer);
}

export const requestView = (q: Q, row: RequestRow, viewer: Actor) => requestsToApi(q, [row], viewer)[0];

function liveOfKind(q: Q, kind: RequestKind, scope?: SQL) {
  return q
    .select()
    .from(t.requests)
    .where(and(eq(t.requests.kind, kind), isNull(t.requests.deletedAt), scope))
    .orderBy(desc(t.requests.createdAt), desc(t.requests.version))
    .all();
}

export const listRequests = (q: Q, actor: Actor, kind: RequestKind) =>
  requestsToApi(q, liveOfKind(q, kind, visibleWhere.requests(q, actor)), actor);

/** A preceptor request in the Clinical Sites screen's shape; requests filed with free text show it as one entry. */
function sitePreceptorToApi(r: RequestRow, l: Lookups): SitePreceptorRequestAnswer {
  return {
    id: r.id,
    clinicalSiteId: r.clinicalSiteId,
    clinicalSiteName: get(l.sites, r.clinicalSiteId)?.name ?? null,
    studentId: r.studentId,
    studentName: fullName(get(l.students, r.studentId)),
    ...preceptorRequestLists(r),
    justification: r.justification,
    status: r.status,
    createdAt: r.createdAt,
    reviewNotes: r.reviewNotes,
    approvalLevel: r.approvalLevel,
  };
}

export function listSitePreceptorRequests(q: Q) {
  const rows = liveOfKind(q, 'preceptor');
  const l = lookups(q, rows);
  return rows.map((r) => sitePreceptorToApi(r, l));
}

export const sitePreceptorView = (q: Q, row: RequestRow) => sitePreceptorToApi(row, lookups(q, [row]));
