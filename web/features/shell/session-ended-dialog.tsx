/**
 * When the server stops accepting the session while a screen is open: says so, says that what was saved on the device
 * is safe, and lets the same user sign in again over the screen, so an open form keeps its draft and the queued
 * changes are sent. Another account signs in from the sign-in page instead (Sign out).
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { type FormEvent, useState } from 'react';

import type { AuthRoutes } from '#api/auth/routes.ts';
import { answer, apiClient, ApiError, NO_SERVER } from '#web/lib/api.ts';
import { keepCosignSecret } from '#web/lib/cosign-secret.ts';
import { type CurrentUser, sessionResumed } from '#web/lib/session.tsx';
import { useSync } from '#web/lib/sync.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';

const authApi = apiClient<AuthRoutes>();

export function SessionEndedDialog({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const { engine } = useSync();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Password is required');
    setBusy(true);
    setError(null);
    try {
      const me = await answer(authApi.login.$post({ json: { email: user.email, password } }));
      if (me.cosignSecret) await keepCosignSecret(me.id, me.cosignSecret);
      const { cosignSecret: _secret, ...signedIn } = me;
      sessionResumed(signedIn);
      void engine.sync();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : NO_SERVER);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => undefined} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl">
          <DialogTitle className="text-lg font-semibold">Your session has ended</DialogTitle>
          <p className="mt-2 text-sm text-slate-700">
            Everything saved on this device is safe, and what you were typing is still on the screen. Sign in again as{' '}
            {user.email} to send your changes and carry on.
          </p>
          <form onSubmit={(e) => void signIn(e)} noValidate className="mt-4 flex flex-col gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Password
              <input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                className={inputClass}
              />
            </label>
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonClass('secondary')} onClick={onSignOut}>
                Sign out
              </button>
              <button type="submit" disabled={busy} className={buttonClass('primary')}>
                {busy ? 'Signing in...' : 'Sign in again'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
