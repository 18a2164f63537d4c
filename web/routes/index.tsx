import { createFileRoute, Link } from '@tanstack/react-router';
import { useSession } from '../features/auth/session.tsx';
import { Protected } from '../features/shell/app-shell.tsx';

export const Route = createFileRoute('/')({
  component: () => (
    <Protected landing>
      <Home />
    </Protected>
  ),
});

function Home() {
  const session = useSession();
  const firstName = session.status === 'signed-in' ? session.user.firstName : '';
  return (
    <section>
      <h2 className="text-2xl font-bold">Welcome back, {firstName || 'User'}</h2>
      <nav className="mt-4 grid gap-3 sm:grid-cols-3">
        <Link to="/ems/skill-entry" className="rounded-xl border border-slate-200 bg-white p-4 font-medium shadow-sm">
          EMS Skill Entry &amp; Tracking
        </Link>
      </nav>
    </section>
  );
}
