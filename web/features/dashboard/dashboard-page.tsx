import { useSession } from '../auth/session.tsx';

export function DashboardPage() {
  const session = useSession();
  const firstName = session.status === 'signed-in' ? session.user.firstName : '';
  return <h2 className="text-2xl font-bold">Welcome back, {firstName || 'User'}</h2>;
}
