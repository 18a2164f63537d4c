/** Figures and filters of the Clinical Sites screen, kept free of React so they are easy to test. */
import { PROGRAM_TYPE_LABELS, type ProgramType, SITE_TYPES } from '#schema/enums.ts';
import type { DomainRows } from '#sync/client/db.ts';

type Site = DomainRows['clinicalSites'];
type Placement = Pick<
  DomainRows['requests'],
  'kind' | 'status' | 'clinicalSiteId' | 'studentId' | 'endAt' | 'requestedDates' | 'requestedDatesText'
>;

/**
 * The server's rule (api/routes/clinical-sites/clinical-sites.queries.ts): an approved clinical-time request places
 * its student until its end; an approved preceptor request while it has a date from today (UTC) on, or free-text
 * dates. Each student counts once per site, and only while their record exists.
 */
export function isCurrentPlacement(r: Placement, now: Date): boolean {
  if (r.status !== 'approved' || !r.clinicalSiteId || !r.studentId) return false;
  if (r.kind === 'clinical-time') return r.endAt !== null && Date.parse(r.endAt) >= now.getTime();
  if (r.kind !== 'preceptor') return false;
  const today = now.toISOString().slice(0, 10);
  return (r.requestedDates ?? []).some((d) => d >= today) || Boolean(r.requestedDatesText?.trim());
}

/** Current students per site id. */
export function currentStudentsBySite(
  requests: readonly Placement[],
  liveStudentIds: ReadonlySet<string>,
  now: Date,
): Map<string, number> {
  const placed = new Map<string, Set<string>>();
  for (const r of requests) {
    if (!isCurrentPlacement(r, now) || !liveStudentIds.has(r.studentId!)) continue;
    let ids = placed.get(r.clinicalSiteId!);
    if (!ids) placed.set(r.clinicalSiteId!, (ids = new Set()));
    ids.add(r.studentId!);
  }
  return new Map([...placed].map(([siteId, ids]) => [siteId, ids.size]));
}

/** Sites made by the part-2 forms carry types such as `fire_station`; they read as 'Fire Station'. */
export function siteTypeLabel(type: string): string {
  return type
    .split('_')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** The part-1 site types, then any other type the sites on this device use. */
export function siteTypeOptions(sites: readonly Pick<Site, 'type'>[]): string[] {
  const labels = new Set<string>(SITE_TYPES);
  for (const s of sites) labels.add(siteTypeLabel(s.type));
  return [...labels];
}

export const programLabel = (p: string) => PROGRAM_TYPE_LABELS[p as ProgramType] ?? p;

export interface SiteFilters {
  query: string;
  /** A type label from siteTypeOptions, or 'all'. */
  type: string;
  /** A program type, or 'all'. */
  program: string;
}

/** Search over name, city and contact person; type and program filters. */
export function filterSites<S extends Pick<Site, 'name' | 'city' | 'contactPerson' | 'type' | 'programTypes'>>(
  sites: readonly S[],
  f: SiteFilters,
): S[] {
  const needle = f.query.trim().toLowerCase();
  return sites.filter(
    (s) =>
      (!needle || [s.name, s.city, s.contactPerson].some((v) => v?.toLowerCase().includes(needle))) &&
      (f.type === 'all' || siteTypeLabel(s.type) === f.type) &&
      (f.program === 'all' || s.programTypes.includes(f.program)),
  );
}

/** One line: street, city, state and ZIP code, leaving out what the site has not recorded. */
export function fullAddress(s: Pick<Site, 'address' | 'city' | 'state' | 'zipCode'>): string {
  const stateZip = [s.state, s.zipCode].filter(Boolean).join(' ');
  return [s.address, s.city, stateZip].filter(Boolean).join(', ');
}
