import { Link } from '@tanstack/react-router';

import type { ProgramType, Role } from '#schema/enums.ts';
import { useRow, useRowsWhere } from '#web/lib/data.ts';
import { plural } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { useWideScreen } from '#web/lib/ui/media-query.ts';

import { useNavCounts } from './nav-counts.ts';
import { navGroupsFor, type NavItem, navLabel, PLATFORM_NAME } from './navigation.ts';

/**
 * A student's discipline, from their own record and its program on this device; null for staff, and until the
 * device holds the record (the menu then lists every discipline, as before the first sync).
 */
function useOwnDiscipline(userId: string | undefined, role: Role): ProgramType | null {
  const own = useRowsWhere('students', 'userId', role === 'student' ? userId : undefined);
  const program = useRow('programs', own?.[0]?.programId);
  return (program?.type as ProgramType | undefined) ?? null;
}

export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'student';
  const counts = useNavCounts(role);
  const discipline = useOwnDiscipline(session.status === 'signed-in' ? session.user.id : undefined, role);
  return (
    <nav aria-label="Main" className="flex flex-col gap-4 p-3">
      {navGroupsFor(role, discipline).map((group) => (
        <div key={group.title}>
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500">{group.title}</p>
          <ul>
            {group.items.map((item) => {
              const label = navLabel(item, role);
              const count = item.count ? counts[item.count.of] : 0;
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={onNavigate}
                    activeOptions={{ exact: true }}
                    aria-label={count > 0 ? `${label}, ${plural(count, item.count!.one, item.count!.many)}` : undefined}
                    className="flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-900"
                  >
                    {label}
                    <ItemBadge item={item} count={count} />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** An item's live count while there is something to count (red: someone must act), else its fixed badge. */
function ItemBadge({ item, count }: { item: NavItem; count: number }) {
  if (count > 0) {
    return (
      <span className="min-w-6 rounded-full bg-red-700 px-2 py-0.5 text-center text-xs font-bold text-white">
        {count}
      </span>
    );
  }
  if (!item.badge) return null;
  return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{item.badge}</span>;
}

/** Always visible on a desktop; a phone opens the same list in the drawer. */
export function Sidebar() {
  const wide = useWideScreen();
  if (!wide) return null;
  return (
    <aside className="sticky top-0 hidden h-screen w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white lg:block">
      <p className="px-6 py-4 font-bold text-brand-900">{PLATFORM_NAME}</p>
      <NavList />
    </aside>
  );
}
