/**
 * Who is signed in. Online, GET /api/auth/user decides (and the user is remembered on the device); with no network
 * the remembered user opens the app, so a preceptor at an ambulance bay is not bounced to a sign-in it cannot reach.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Role } from '../../schema/enums.ts';
import { api, ApiError, NO_SERVER } from './api.ts';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  profileImageUrl: string | null;
}

export type Session =
  { status: 'loading' } | { status: 'signed-in'; user: CurrentUser; fromCache: boolean } | { status: 'signed-out' };

const REMEMBERED_USER = 'training-records:user';

async function loadSession(): Promise<Session> {
  try {
    const user = await api<CurrentUser>('/api/auth/user');
    localStorage.setItem(REMEMBERED_USER, JSON.stringify(user));
    return { status: 'signed-in', user, fromCache: false };
  } catch (e) {
    if (e instanceof ApiError) {
      localStorage.removeItem(REMEMBERED_USER);
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

/**
 * Signs out by POST (a GET sign-out is what a link on another site can trigger), clears what must not stay on the
 * device after the account leaves it, then shows the landing page.
 */
export async function signOut(forgetOnDevice: () => Promise<unknown>) {
  try {
    await api('/api/logout', { method: 'POST' });
  } catch (e) {
    toast.error('Could not sign out', { description: e instanceof ApiError ? e.message : NO_SERVER });
    return;
  }
  // the next person on a shared device must not see this user's reports offline
  await import('./server-reads.ts').then((m) => m.forgetServerReads());
  await forgetOnDevice();
  window.location.assign('/');
}

const LOGIN_REDIRECT_MS = 500;

/** The spec's unauthorised behaviour: a toast, then the sign-in page after 500 ms. Changes queued on the device stay. */
export function goToSignIn() {
  forgetUser();
  toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' });
  return setTimeout(
    () => window.location.assign(`/api/login?next=${encodeURIComponent(location.pathname)}`),
    LOGIN_REDIRECT_MS,
  );
}

const SessionContext = createContext<Session>({ status: 'loading' });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'loading' });
  useEffect(() => {
    void loadSession().then(setSession);
  }, []);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
