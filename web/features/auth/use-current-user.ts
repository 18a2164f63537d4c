import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  profileImageUrl: string | null;
}

type State = { status: 'loading' } | { status: 'signed-in'; user: CurrentUser } | { status: 'signed-out' } | { status: 'error'; message: string };

/** The signed-in user from GET /api/auth/user (401 means signed out). */
export function useCurrentUser(): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    api<CurrentUser>('/api/auth/user')
      .then((user) => setState({ status: 'signed-in', user }))
      .catch((e: unknown) => setState(e instanceof ApiError && e.status === 401
        ? { status: 'signed-out' }
        : { status: 'error', message: e instanceof Error ? e.message : String(e) }));
  }, []);
  return state;
}
