import { createFileRoute } from '@tanstack/react-router';

import { MyProgressPage } from '#web/features/my-progress/my-progress-page.tsx';
import { useBelowFirstView } from '#web/lib/data.ts';
import { useSession } from '#web/lib/session.tsx';
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';

export const Route = createFileRoute('/_app/')({ component: Home });

/**
 * Below the figures, and it brings the shifts screen's code (its forms, zod): loaded after the first screen, which
 * it would otherwise hold back on a phone's first visit (web/first-screen.test.ts), and rendered only once the
 * first view is drawn (`useBelowFirstView`), since rendering it fetches that code.
 */
const MyShiftsCard = lazyPart(
  () => import('#web/features/shifts/index.ts'),
  (m) => m.MyShiftsCard,
  'My Shifts',
);

/**
 * The staff's home, with its server reads (TanStack Query) and dates (date-fns): a student's home never shows it, so
 * a student's first screen neither fetches nor runs its code (web/first-screen.test.ts); staff load it on sign-in.
 */
const DashboardPage = lazyPart(
  () => import('#web/features/dashboard/dashboard-page.tsx'),
  (m) => m.DashboardPage,
  'The dashboard',
);

/** A student's home answers how far they are from graduating; staff keep the dashboard. */
function Home() {
  const session = useSession();
  const belowFirstView = useBelowFirstView();
  return session.status === 'signed-in' && session.user.role === 'student' ? (
    <div className="flex flex-col gap-4">
      <MyProgressPage />
      {belowFirstView && <MyShiftsCard />}
    </div>
  ) : (
    <DashboardPage />
  );
}
