import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';

import { initials, roleDisplay } from '#schema/names.ts';
import { forgetCosignSecret } from '#web/lib/cosign-secret.ts';
import { useFirstSyncSettled } from '#web/lib/data.ts';
import { forgetDrafts } from '#web/lib/drafts.tsx';
import { CORE_SCREENS } from '#web/lib/field-screens.ts';
import { fieldScreensFetched, offlineFor } from '#web/lib/offline-readiness.ts';
import { type CurrentUser, goToSignIn, signOut, useSession } from '#web/lib/session.tsx';
import { preloadWrites, SyncProvider, useSync } from '#web/lib/sync.tsx';
import { AboutFigure, Loading } from '#web/lib/ui/display.tsx';
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';
import { inputClass } from '#web/lib/ui/styles.ts';
import { preloadToasts } from '#web/lib/ui/toasts.tsx';
import { FIRST_VIEW_IDLE_MS, useIdle } from '#web/lib/use-idle.ts';

import { Landing } from '../landing/index.ts';
import { LazyProgressDialog } from '../skill-entry/index.ts';
import { SyncIndicator } from '../sync-status/index.ts';
import { searchPlaceholderFor, titleFor } from './navigation.ts';
import { Sidebar } from './sidebar.tsx';

const bellPlaceholder = <span aria-hidden className="min-h-11 min-w-11" />;

// Not needed to use the first screen: loaded once the browser is idle, which keeps the first download small (bench:web).
const HeaderSearch = lazyPart(
  () => import('./header-search.tsx'),
  (m) => m.HeaderSearch,
  'Search',
);
const Notifications = lazyPart(
  () => import('./notifications.tsx'),
  (m) => m.Notifications,
  'Notifications',
);
const SidebarDrawer = lazyPart(
  () => import('./sidebar-drawer.tsx'),
  (m) => m.SidebarDrawer,
  'The menu',
);
const SessionEndedDialog = lazyPart(
  () => import('./session-ended-dialog.tsx'),
  (m) => m.SessionEndedDialog,
  'Signing in again',
);

const usePath = () => useRouterState({ select: (s) => s.location.pathname });

/** Screens for signed-in users. Signed out: the landing page at /, elsewhere the spec's toast and sign-in after 500 ms. */
export function Protected({ children }: { children: ReactNode }) {
  const session = useSession();
  const atHome = usePath() === '/';
  const redirect = session.status === 'signed-out' && !atHome;
  useEffect(() => {
    if (!redirect) return;
    const timer = goToSignIn();
    return () => clearTimeout(timer);
  }, [redirect]);
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') return atHome ? <Landing /> : null;
  return (
    <SyncProvider userId={session.user.id}>
      <AppShell user={session.user} ended={!!session.ended}>
        {children}
      </AppShell>
    </SyncProvider>
  );
}

/** Signs out after saying how many changes stay queued on the device (sent at this user's next sign-in). */
function useSignOut() {
  const { db } = useSync();
  const router = useRouter();
  return async () => {
    const pending = await db.outbox.count();
    const message = `${pending} change(s) on this device have not reached the server yet. They stay queued on this device and are sent after you sign in again. Log out anyway?`;
    if (pending === 0 || window.confirm(message))
      await signOut(
        () => Promise.all([forgetCosignSecret(db), forgetDrafts(db)]),
        () => void router.navigate({ to: '/' }),
      );
  };
}

function LogoutLink() {
  const signOutHere = useSignOut();
  const warnIfPending = async (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    await signOutHere();
  };
  return (
    <a
      href="/api/logout"
      onClick={warnIfPending}
      aria-label="Logout"
      className="flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 px-2 text-sm font-medium hover:bg-slate-50 sm:px-3"
    >
      <span className="hidden sm:inline">Logout</span>
      <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-slate-700 stroke-2 sm:hidden">
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
      </svg>
    </a>
  );
}

function UserBadge({ user }: { user: CurrentUser }) {
  // on a phone the header's width goes to the screen title; the menu and Profile say who is signed in
  return (
    <div className="hidden items-center gap-2 sm:flex">
      {user.profileImageUrl ? (
        <img src={user.profileImageUrl} alt="" className="h-9 w-9 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
        >
          {initials(user.firstName, user.lastName)}
        </span>
      )}
      <span className="hidden text-sm leading-tight md:block">
        <span className="block font-medium">
          {user.firstName} {user.lastName}
        </span>
        <span className="block capitalize text-slate-600">{roleDisplay(user.role)}</span>
      </span>
    </div>
  );
}

/**
 * Fetches the core screens' code once the first sync has landed and the browser is free, before the service worker
 * has stored the whole app: losing signal then still leaves the field screens working in this session. Not sooner:
 * evaluating their code (112 KB brotli) on the main thread while the first sync's pages are drawn made the long tasks
 * that held a phone's first screen (docs/PERFORMANCE.md, issue 32).
 */
function usePreloadedCore() {
  const router = useRouter();
  const { idle } = useIdle(FIRST_VIEW_IDLE_MS, useFirstSyncSettled());
  useEffect(() => {
    if (!idle) return;
    const screens = CORE_SCREENS.map((to) => router.preloadRoute({ to }).catch(() => undefined));
    const parts = [
      ...[HeaderSearch, Notifications, SidebarDrawer, SessionEndedDialog, LazyProgressDialog, AboutFigure].map((part) =>
        part.preload(),
      ),
      preloadWrites(),
      preloadToasts(),
    ];
    void Promise.all([...parts, ...screens]).then(
      (came) => came.slice(0, parts.length).every(Boolean) && fieldScreensFetched(),
    );
  }, [idle, router]);
}

function AppShell({ user, ended, children }: { user: CurrentUser; ended: boolean; children: ReactNode }) {
  const signOutHere = useSignOut();
  const path = usePath();
  const [menuOpen, setMenuOpen] = useState(false);
  const { idle, now } = useIdle();
  usePreloadedCore();
  useEffect(() => offlineFor(user.role), [user.role]);
  const [searchTapped, setSearchTapped] = useState(false);
  const [typed, setTyped] = useState('');
  const [searchLoaded, setSearchLoaded] = useState(false);
  useEffect(() => {
    if (idle) void HeaderSearch.preload().then(() => setSearchLoaded(true));
  }, [idle]);
  // until the search has loaded, a plain box that keeps what is typed and loads it as soon as someone taps it; the
  // search replaces it only once its code is here, starting from the same text and keeping the focus
  const reachForSearch = () => {
    setSearchTapped(true);
    now();
  };
  const placeholder = (
    <input
      aria-label="Search"
      placeholder={searchPlaceholderFor(user.role)}
      onFocus={reachForSearch}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      className={inputClass}
    />
  );
  const search = searchLoaded ? (
    <HeaderSearch
      fallback={placeholder}
      whenNotLoaded={placeholder}
      initialQuery={typed}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- hands the focus on from the placeholder the person just focused
      autoFocus={searchTapped}
      placeholder={searchPlaceholderFor(user.role)}
    />
  ) : (
    placeholder
  );
  return (
    <div className="flex min-h-screen">
      <Sidebar />
      {menuOpen && <SidebarDrawer open onClose={() => setMenuOpen(false)} />}
      {ended && <SessionEndedDialog user={user} onSignOut={() => void signOutHere()} />}
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur">
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => setMenuOpen(true)}
              aria-label="Open menu"
              className="min-h-11 min-w-11 rounded-lg text-xl hover:bg-slate-100 lg:hidden"
            >
              ☰
            </button>
            {path !== '/' && (
              <Link
                to="/"
                aria-label="Back to home"
                className="flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 hover:bg-slate-50"
              >
                ←
              </Link>
            )}
            <h1 className="mr-auto line-clamp-2 min-w-0 flex-1 text-[14px] font-semibold leading-tight sm:text-lg">
              {titleFor(path, user.role)}
            </h1>
            <div className="hidden w-72 md:block">{search}</div>
            {idle ? (
              <Notifications fallback={bellPlaceholder} whenNotLoaded={bellPlaceholder} user={user} />
            ) : (
              bellPlaceholder
            )}
            <UserBadge user={user} />
            <LogoutLink />
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <div className="w-full md:hidden">{search}</div>
            <SyncIndicator />
          </div>
        </header>
        <main className="mx-auto max-w-7xl p-3 sm:p-4">{children}</main>
      </div>
    </div>
  );
}
