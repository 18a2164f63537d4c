import { createFileRoute } from '@tanstack/react-router';

import { safeNextPath } from '#schema/next-path.ts';

import { SignInForm } from '../features/auth/sign-in-form.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>) => ({
    next: typeof search.next === 'string' ? search.next : undefined,
  }),
  component: LoginPage,
});

function LoginPage() {
  const { next } = Route.useSearch();
  return (
    // from the top, not centred: the demo accounts, shown once the server says it is a demo, then add below the form
    // instead of pushing it up under the thumb (a layout shift Lighthouse counted)
    <main className="mx-auto flex min-h-screen max-w-sm flex-col p-4 pt-16 sm:pt-[15vh]">
      <h1 className="text-2xl font-bold text-brand-900">Sign in</h1>
      <SignInForm next={safeNextPath(next, window.location.origin)} />
    </main>
  );
}
