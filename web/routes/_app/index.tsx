import { createFileRoute } from '@tanstack/react-router';

import { DashboardPage } from '#web/features/dashboard/dashboard-page.tsx';
import { MyProgressPage } from '#web/features/my-progress/my-progress-page.tsx';
import { MyShiftsCard } from '#web/features/shifts/index.ts';
import { useSession } from '#web/lib/session.tsx';

export const Route = createFileRoute('/_app/')({ component: Home });

/** A student's home answers how far they are from graduating; staff keep the dashboard. */
function Home() {
  const session = useSession();
  return session.status === 'signed-in' && session.user.role === 'student' ? (
    <div className="flex flex-col gap-4">
      <MyProgressPage />
      <MyShiftsCard />
    </div>
  ) : (
    <DashboardPage />
  );
}
