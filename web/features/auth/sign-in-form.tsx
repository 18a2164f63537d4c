import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ROLES, ROLE_LABELS } from '../../../schema/enums.ts';
import { loginSchema } from '../../../schema/user.ts';
import { api, ApiError, NO_SERVER } from '../../lib/api.ts';
import { keepCosignSecret } from '../../lib/cosign-secret.ts';
import { settleOwedSignOut } from '../../lib/session.tsx';

type LoginInput = z.input<typeof loginSchema>;

export function SignInForm({ next }: { next: string }) {
  const [demo, setDemo] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    api<{ demo: boolean }>('/api/health')
      .then((h) => setDemo(h.demo))
      .catch(() => setDemo(false));
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      // a session this device signed out of offline is revoked before another begins
      await settleOwedSignOut();
      const user = await api<{ id: string; cosignSecret: string | null }>('/api/login', { body: values });
      if (user.cosignSecret) await keepCosignSecret(user.id, user.cosignSecret);
      window.location.assign(next);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : NO_SERVER);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
      <label className="flex flex-col gap-1 font-medium">
        Email
        <input
          type="email"
          autoComplete="username"
          className="rounded-lg border border-slate-300 px-3 py-3"
          {...register('email')}
        />
        {errors.email && (
          <span role="alert" className="text-sm text-red-700">
            {errors.email.message}
          </span>
        )}
      </label>
      <label className="flex flex-col gap-1 font-medium">
        Password
        <input
          type="password"
          autoComplete="current-password"
          className="rounded-lg border border-slate-300 px-3 py-3"
          {...register('password')}
        />
        {errors.password && (
          <span role="alert" className="text-sm text-red-700">
            {errors.password.message}
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
                onClick={() => setValue('email', `${role}@demo.test`)}
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
