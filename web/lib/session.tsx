/**
 * Who is signed in. Online, GET /api/auth/session decides (and the user is remembered on the device); with no network
 * the remembered user opens the app, so a preceptor at an ambulance bay is not bounced to a sign-in it cannot reach.
 */
import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

import type { AuthRoutes } from '#api/auth/routes.ts';
import type { Role } from '#schema/enums.ts';

import { answer, apiClient, ApiError } from './api.ts';
import { prepareDeviceDatabase } from './start-up-worker.ts';
import { toast } from './ui/toasts.tsx';

const authApi = apiClient<AuthRoutes>();

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  profileImageUrl: string | null;
}

export type Session =
  | { status: 'loading' }
  /** `ended`: the server no longer accepts this device's session; the user signs in again over the open screen. */
  | { status: 'signed-in'; user: CurrentUser; fromCache: boolean; ended?: boolean }
  | { status: 'signed-out' };

const REMEMBERED_USER = 'training-records:user';
/** Set when this device signed out with no signal: the server's session is revoked at the next contact. */
const SIGN_OUT_OWED = 'training-records:sign-out-owed';

/** Revokes a session this device signed out of offline, once the server can be reached. */
export async function settleOwedSignOut() {
  if (!localStorage.getItem(SIGN_OUT_OWED)) return;
  try {
    await answer(authApi.logout.$post());
  } catch (e) {
    // no answer: still owed; any answer (even "not signed in") means the server holds no session for this device
    if (!(e instanceof ApiError)) return;
  }
  localStorage.removeItem(SIGN_OUT_OWED);
}

async function loadSession(): Promise<Session> {
  await settleOwedSignOut();
  if (localStorage.getItem(SIGN_OUT_OWED)) return { status: 'signed-out' };
  try {
    const { user } = await answer(authApi.auth.session.$get());
    if (!user) {
      forgetUser();
      return { status: 'signed-out' };
    }
    rememberUser(user);
    return { status: 'signed-in', user, fromCache: false };
  } catch (e) {
    if (e instanceof ApiError) {
      forgetUser();
      return { status: 'signed-out' };
    }
    const remembered = localStorage.getItem(REMEMBERED_USER);
    return remembered
      ? { status: 'signed-in', user: JSON.parse(remembered) as CurrentUser, fromCache: true }
      : { status: 'signed-out' };
  }
}

const forgetUser = () => localStorage.removeItem(REMEMBERED_USER);

/** Keeps the remembered user in step with a profile change, so an offline start shows the new name. */
export const rememberUser = (user: CurrentUser) => localStorage.setItem(REMEMBERED_USER, JSON.stringify(user));

let showSession: ((session: Session | ((current: Session) => Session)) => void) | undefined;

/**
 * Signs out by POST (a GET sign-out is what a link on another site can trigger), clears what must not stay on the
 * device after the account leaves it, then shows the landing page. With no signal the device signs out at once and
 * the server's session is revoked at the next contact; changes still queued stay for this user's next sign-in.
 */
export async function signOut(forgetOnDevice: () => Promise<unknown>, goHome: () => void) {
  let owed = false;
  try {
    await answer(authApi.logout.$post());
  } catch (e) {
    if (e instanceof ApiError && e.status !== 401) {
      toast.error('Could not sign out', { description: e.message });
      return;
    }
    owed = !(e instanceof ApiError);
  }
  if (owed) localStorage.setItem(SIGN_OUT_OWED, '1');
  forgetUser();
  // the next person on a shared device must not see this user's reports offline
  await import('./server-reads.ts').then((m) => m.forgetServerReads());
  await forgetOnDevice();
  if (!owed) return window.location.assign('/');
  // a reload with no signal could land on the browser's offline page: the app itself shows the landing page
  showSession?.({ status: 'signed-out' });
  goHome();
}

const LOGIN_REDIRECT_MS = 500;

/** The spec's unauthorised behaviour, for a screen opened with no session: a toast, then the sign-in page after 500 ms. */
export function goToSignIn() {
  forgetUser();
  toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' });
  return setTimeout(
    () => window.location.assign(`/api/login?next=${encodeURIComponent(location.pathname)}`),
    LOGIN_REDIRECT_MS,
  );
}

/**
 * The server stopped accepting this device's session while a screen is open (it expired, or was revoked): the screen
 * and any half-typed form stay, and the user signs in again over it (web/features/shell/session-ended-dialog.tsx).
 */
export function sessionEnded() {
  showSession?.((s) => (s.status === 'signed-in' ? { ...s, ended: true } : s));
}

/** The same user signed in again over the open screen. */
export function sessionResumed(user: CurrentUser) {
  rememberUser(user);
  showSession?.({ status: 'signed-in', user, fromCache: false });
}

const SessionContext = createContext<Session>({ status: 'loading' });

let asked: Promise<Session> | undefined;

/**
 * Asks who is signed in before React mounts (web/main.tsx): the answer is on its way while the screens' code loads
 * and runs, instead of after their first render, which on a slow phone was a second or more before the request left.
 */
export function askSession() {
  asked ??= loadSession().then((session) => {
    prepareDeviceDatabase(session.status === 'signed-in' && !session.fromCache ? session.user.id : null);
    return session;
  });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'loading' });
  useEffect(() => {
    showSession = setSession;
    // the answer asked at start, once; a provider mounted again (StrictMode) asks afresh
    const answer = asked ?? loadSession();
    asked = undefined;
    // the screens this answer opens are drawn in a transition, in slices, as the first screen is (web/main.tsx)
    void answer.then((next) => startTransition(() => setSession(next)));
    const settle = () => void settleOwedSignOut();
    window.addEventListener('online', settle);
    return () => {
      showSession = undefined;
      window.removeEventListener('online', settle);
    };
  }, []);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
