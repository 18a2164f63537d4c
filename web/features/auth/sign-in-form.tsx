import { type FormEvent, useEffect, useState } from 'react';

import type { AuthRoutes } from '#api/auth/routes.ts';
import { ROLE_LABELS, ROLES } from '#schema/enums.ts';
import { type Login, type LoginErrors, loginErrors, normalEmail } from '#schema/login.ts';
import { answer, apiClient, ApiError, NO_SERVER } from '#web/lib/api.ts';
import { offlineFor } from '#web/lib/offline-readiness.ts';
import { settleOwedSignOut } from '#web/lib/session.tsx';

const authApi = apiClient<AuthRoutes>();

/**
 * Plain state and the rule in schema/login.ts, not the form library and zod the other forms use: this is the first
 * page a phone loads, and those two were 150 KB of it.
 */
export function SignInForm({ next }: { next: string }) {
  const [demo, setDemo] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<Login>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  // as the other forms do: a field's message shows from the first Sign in, then follows what is typed
  const [tried, setTried] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  useEffect(() => {
    answer(authApi.health.$get())
      .then((h) => setDemo(h.demo))
      .catch(() => setDemo(false));
  }, []);

  const change = (field: keyof Login, value: string) => {
    const changed = { ...values, [field]: value };
    setValues(changed);
    if (tried) setErrors(loginErrors(changed));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const found = loginErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setError(null);
    setSubmitting(true);
    try {
      // a session this device signed out of offline is revoked before another begins
      await settleOwedSignOut();
      const body = { email: normalEmail(values.email), password: values.password };
      const user = await answer(authApi.login.$post({ json: body }));
      // the service worker, installing meanwhile, stores and counts this role's screens first: told now, the app's
      // page hears "Ready offline" from its first question, not once it has asked who is signed in and drawn the shell
      offlineFor(user.role);
      // the device database comes with the signed-in shell: the sign-in page loads it only for a preceptor's secret
      if (user.cosignSecret)
        await (await import('#web/lib/cosign-secret.ts')).keepCosignSecret(user.id, user.cosignSecret);
      window.location.assign(next);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : NO_SERVER);
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-4">
      <label className="flex flex-col gap-1 font-medium">
        Email
        <input
          type="email"
          autoComplete="username"
          className="rounded-lg border border-slate-300 px-3 py-3"
          name="email"
          value={values.email}
          onChange={(e) => change('email', e.target.value)}
        />
        {errors.email && (
          <span role="alert" className="text-sm text-red-700">
            {errors.email}
          </span>
        )}
      </label>
      <label className="flex flex-col gap-1 font-medium">
        Password
        <input
          type="password"
          autoComplete="current-password"
          className="rounded-lg border border-slate-300 px-3 py-3"
          name="password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
        />
        {errors.password && (
          <span role="alert" className="text-sm text-red-700">
            {errors.password}
          </span>
        )}
      </label>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={isSubmitting}
        className="rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white disabled:opacity-60"
      >
        {isSubmitting ? 'Signing in...' : 'Sign in'}
      </button>
      {demo && (
        <section aria-label="Demo accounts" className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <p className="font-medium">Demo accounts (password: printed by the server at start)</p>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {ROLES.map((role) => (
              <button
                key={role}
                type="button"
                className="min-h-11 rounded-md border border-slate-300 px-2 py-2 text-left"
                onClick={() => change('email', `${role}@demo.test`)}
              >
                {ROLE_LABELS[role]}
              </button>
            ))}
          </div>
        </section>
      )}
    </form>
  );
}
