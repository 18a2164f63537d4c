import { Link } from '@tanstack/react-router';
import { useSession } from '../../lib/session.tsx';
import { PLATFORM_NAME, navGroupsFor, navLabel } from './navigation.ts';

export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'student';
  return (
    <nav aria-label="Main" className="flex flex-col gap-4 p-3">
      {navGroupsFor(role).map((group) => (
        <div key={group.title}>
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500">{group.title}</p>
          <ul>
            {group.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  activeOptions={{ exact: true }}
                  className="flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-900"
                >
                  {navLabel(item, role)}
                  {item.badge && (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{item.badge}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** Always visible on a desktop. */
export function Sidebar() {
  return (
    <aside className="sticky top-0 hidden h-screen w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white lg:block">
      <p className="px-6 py-4 font-bold text-brand-900">{PLATFORM_NAME}</p>
      <NavList />
    </aside>
  );
}
