import { useEffect, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { ROLE_LABELS, type Role } from '../../../schema/enums.ts';
import { initials, roleDisplay } from '../../../schema/user.ts';
import { goToSignIn, useSession, type CurrentUser } from '../auth/session.tsx';
import { SyncIndicator } from '../sync-status/sync-indicator.tsx';
import { SyncProvider, useSync } from '../../lib/sync.tsx';
import { Landing } from '../landing/landing.tsx';

const TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/ems/skill-entry': 'EMS Skill Entry & Tracking',
};
export const PLATFORM_NAME = 'Public Safety Training Platform';

/** Screens for signed-in users: the spec's unauthorised behaviour otherwise (toast, then sign-in after 500 ms). */
export function Protected({ children, landing = false }: { children: ReactNode; landing?: boolean }) {
  const session = useSession();
  const signedOut = session.status === 'signed-out';
  useEffect(() => {
    if (!signedOut || landing) return;
    const timer = goToSignIn();
    return () => clearTimeout(timer);
  }, [signedOut, landing]);
  if (session.status === 'loading') return <p className="p-6 text-slate-600">Loading...</p>;
  if (session.status === 'signed-out') return landing ? <Landing /> : null;
  return (
    <SyncProvider userId={session.user.id}>
      <AppShell user={session.user}>{children}</AppShell>
    </SyncProvider>
  );
}

function LogoutLink() {
  const { db } = useSync();
  const warnIfPending = async (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const pending = await db.outbox.count();
    const message = `${pending} change(s) on this device have not reached the server yet. They stay queued on this device and are sent after you sign in again. Log out anyway?`;
    if (pending === 0 || window.confirm(message)) window.location.assign('/api/logout');
  };
  return (
    <a href="/api/logout" onClick={warnIfPending} className="min-h-11 rounded-lg border border-slate-300 px-3 py-2 font-medium">
      Logout
    </a>
  );
}

function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
          {path !== '/' && (
            <Link to="/" aria-label="Back to home" className="min-h-11 min-w-11 rounded-lg border border-slate-300 px-3 py-2 text-center">←</Link>
          )}
          <h1 className="mr-auto text-lg font-semibold">{TITLES[path] ?? PLATFORM_NAME}</h1>
          <SyncIndicator />
          <div className="flex items-center gap-2">
            <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
              {initials(user.firstName, user.lastName)}
            </span>
            <span className="text-sm leading-tight">
              <span className="block font-medium">{user.firstName} {user.lastName}</span>
              <span className="block capitalize text-slate-600">{ROLE_LABELS[user.role as Role] ? roleDisplay(user.role) : user.role}</span>
            </span>
          </div>
          <LogoutLink />
        </div>
      </header>
      <main className="mx-auto max-w-6xl p-4">{children}</main>
    </div>
  );
}
