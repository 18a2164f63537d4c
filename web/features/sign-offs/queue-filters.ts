/**
 * The verification queue's filters: state (expired derived from the link), site (of any record signed), preceptor
 * (name and credential number, however the name was capitalised), capture date range, and a free-text search.
 */
import { NEEDS_ATTENTION, needsAttention, signOffState, type SignOffStatus } from '#schema/sign-off.ts';
import type { DomainRows } from '#sync/client/db.ts';

type SignOff = DomainRows['signOffs'];

export interface QueueFilters {
  status: SignOffStatus | typeof NEEDS_ATTENTION | '';
  site: string;
  preceptor: string;
  from: string;
  to: string;
  query: string;
}

export const NO_FILTERS: QueueFilters = { status: '', site: '', preceptor: '', from: '', to: '', query: '' };

/**
 * Where the queue opens: for a reviewer, on the sign-offs that need them if there is any (a dispute must not hide
 * behind "awaiting"), else on those awaiting a preceptor; for anyone else, on all of their own.
 */
export const openingFilters = (signOffs: readonly SignOff[], canReview: boolean): QueueFilters => ({
  ...NO_FILTERS,
  status: !canReview ? '' : signOffs.some(needsAttention) ? NEEDS_ATTENTION : 'awaiting',
});

/** Whether a sign-off shows under the status filter: "Needs attention" by its rule, a status by the state shown. */
const inStatus = (s: SignOff, status: QueueFilters['status'], now: string) =>
  !status || (status === NEEDS_ATTENTION ? needsAttention(s) : signOffState(s, now) === status);

/** One preceptor however their name was typed: the name in lower case and the credential number without spaces or dashes. */
export const preceptorKey = (p: SignOff['preceptor']) =>
  `${p.name.trim().toLowerCase()}|${p.number.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`;

/** Each preceptor once, as the select offers them, by name. */
export function preceptorOptions(signOffs: readonly SignOff[]): (readonly [string, string])[] {
  const seen = new Map<string, string>();
  for (const s of signOffs) {
    const key = preceptorKey(s.preceptor);
    if (!seen.has(key)) seen.set(key, `${s.preceptor.name} (${s.preceptor.credential} ${s.preceptor.number})`);
  }
  return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
}

/** The site of every record that has one, by record id. */
export function recordSites(
  rows: readonly (readonly { id: string; clinicalSiteId: string | null }[])[],
): Map<string, string> {
  const sites = new Map<string, string>();
  for (const table of rows) for (const r of table) if (r.clinicalSiteId) sites.set(r.id, r.clinicalSiteId);
  return sites;
}

/** The sign-offs the filters let through, newest capture first. */
export function filterQueue(
  signOffs: readonly SignOff[],
  f: QueueFilters,
  context: { studentName: (id: string) => string; siteOf: ReadonlyMap<string, string>; now: string },
): SignOff[] {
  const q = f.query.trim().toLowerCase();
  return signOffs
    .filter((s) => inStatus(s, f.status, context.now))
    .filter((s) => !f.site || s.records.some((r) => context.siteOf.get(r.id) === f.site))
    .filter((s) => !f.preceptor || preceptorKey(s.preceptor) === f.preceptor)
    .filter((s) => (!f.from || s.capturedAt.slice(0, 10) >= f.from) && (!f.to || s.capturedAt.slice(0, 10) <= f.to))
    .filter(
      (s) =>
        !q || `${s.preceptor.name} ${s.preceptor.agency} ${context.studentName(s.studentId)}`.toLowerCase().includes(q),
    )
    .sort((a, b) => b.capturedAt.localeCompare(a.capturedAt));
}
