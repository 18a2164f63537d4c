import { createFileRoute } from '@tanstack/react-router';
import { ROLE_LABELS, type Role } from '../../schema/enums.ts';
import { useCurrentUser, type CurrentUser } from '../features/auth/use-current-user.ts';
import { Landing } from '../features/landing/landing.tsx';

export const Route = createFileRoute('/')({ component: Home });

function Home() {
  const state = useCurrentUser();
  if (state.status === 'loading') return <p className="p-6 text-slate-600">Loading...</p>;
  if (state.status === 'signed-in') return <SignedIn user={state.user} />;
  return <Landing />;
}

function SignedIn({ user }: { user: CurrentUser }) {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <header className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Welcome back, {user.firstName || 'User'}</h1>
        <a href="/api/logout" className="rounded-lg border border-slate-300 px-4 py-3 font-medium">Logout</a>
      </header>
      <p className="mt-2 text-slate-600">
        Signed in as {user.firstName} {user.lastName} ({ROLE_LABELS[user.role as Role] ?? user.role}).
      </p>
    </main>
  );
}
