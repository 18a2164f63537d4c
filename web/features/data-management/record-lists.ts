/** Ordering and searching of the Users, Programs and Clinical Sites lists. */
import { byPersonName, byRecordName } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { plural } from '#web/lib/format.ts';

type User = DomainRows['users'];
type Program = DomainRows['programs'];

export const sortedByName = <T extends { name: string }>(items: readonly T[]) => [...items].sort(byRecordName);

/** Users by last then first name, matching the search on name or e-mail (case-insensitive) and the role filter. */
export function filterUsers<U extends Pick<User, 'firstName' | 'lastName' | 'email' | 'role'>>(
  users: readonly U[],
  query: string,
  role: string,
): U[] {
  const q = query.trim().toLowerCase();
  return users
    .filter(
      (u) =>
        (role === 'all' || u.role === role) &&
        (!q || `${u.firstName} ${u.lastName}`.toLowerCase().includes(q) || (u.email ?? '').toLowerCase().includes(q)),
    )
    .sort(byPersonName);
}

/** A program's length as either form recorded it: weeks (Program Management) or free text (Data Management). */
export function programDuration(p: Pick<Program, 'durationWeeks' | 'durationText'>): string | null {
  if (p.durationWeeks !== null) return plural(p.durationWeeks, 'week');
  return p.durationText;
}
