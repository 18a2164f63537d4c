/** The review panel's view of preceptor requests, from the requests on this device (directors and administration see all). */
import { preceptorRequestLists } from '#schema/preceptor-request.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { formatDate, fullName } from '#web/lib/format.ts';

type RequestRow = DomainRows['requests'];

/** The spec's "Recent Reviews" length. */
export const RECENT_REVIEWS = 5;

export interface SitePreceptorRequest {
  id: string;
  studentName: string;
  siteName: string;
  requestedDates: string[];
  skillsToFocus: string[];
  justification: string;
  status: string;
  createdAt: string;
  reviewedAt: string | null;
  reviewNotes: string | null;
  approvalLevel: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Calendar dates read as 'Nov 21, 2026'; requests filed from the Requests screen keep their free text. */
export const dateLabel = (d: string) => (ISO_DATE.test(d) ? formatDate(d) : d);

/** Both request shapes (a list of dates, or the Requests screen's free text) in the site screen's shape, as the server's list has them. */
export function toSitePreceptorRequests(
  requests: readonly RequestRow[],
  students: readonly Pick<DomainRows['students'], 'id' | 'firstName' | 'lastName'>[],
  sites: readonly Pick<DomainRows['clinicalSites'], 'id' | 'name'>[],
): SitePreceptorRequest[] {
  const studentName = new Map(students.map((s) => [s.id, fullName(s)]));
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  return requests
    .filter((r) => r.kind === 'preceptor')
    .map((r) => ({
      id: r.id,
      studentName: (r.studentId && studentName.get(r.studentId)) || 'Unknown student',
      siteName: (r.clinicalSiteId && siteName.get(r.clinicalSiteId)) || 'Unknown site',
      ...preceptorRequestLists(r),
      justification: r.justification ?? '',
      status: r.status,
      createdAt: r.createdAt,
      reviewedAt: r.reviewedAt,
      reviewNotes: r.reviewNotes,
      approvalLevel: r.approvalLevel,
    }));
}

/** Pending requests, oldest first (first come, first served), and the most recently reviewed others. */
export function splitForReview(requests: readonly SitePreceptorRequest[]) {
  const pending = requests.filter((r) => r.status === 'pending').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const recent = requests
    .filter((r) => r.status !== 'pending')
    .sort((a, b) => (b.reviewedAt ?? b.createdAt).localeCompare(a.reviewedAt ?? a.createdAt))
    .slice(0, RECENT_REVIEWS);
  return { pending, recent };
}
