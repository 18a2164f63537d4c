import type { DashboardRoutes } from '#api/routes/dashboard/index.ts';
import type { Role } from '#schema/enums.ts';
import { FIGURES } from '#schema/figures.ts';
import { can } from '#schema/permissions.ts';
import { serverClient, useServerRead } from '#web/lib/server-reads.ts';
import { Tile, TileSkeleton } from '#web/lib/ui/display.tsx';
import { LastUpdated } from '#web/lib/ui/last-updated.tsx';

const { dashboard } = serverClient<DashboardRoutes>();
/** The spec's statistics skeleton has 4 cards. */
const SKELETON_CARDS = 4;

/**
 * What each figure counts, from the rules of GET /api/dashboard/stats. The API gives no earlier figures to compare
 * with, so the hints state the scope instead of a trend.
 */
function statHints(role: Role) {
  return {
    activeStudents: 'Enrolled and not yet graduated',
    pendingReviews: can(role, 'requests.review') ? 'Requests awaiting review' : 'Your requests awaiting review',
    complianceRate: role === 'student' ? 'Across your level skills' : 'Across compliance requirements',
    graduations: 'This academic year',
  };
}

/** The one percentage the stats answer holds is a different figure for a student (see DashboardStats). */
const rateFigure = (role: Role) =>
  role === 'student' ? FIGURES.yourSkillProgress : FIGURES.averageRequirementCompliance;

export function StatsRow({ userId, role }: { userId: string; role: Role }) {
  const answer = useServerRead(dashboard.stats, userId);
  const hints = statHints(role);
  const rate = rateFigure(role);
  return (
    <section aria-label="Statistics" className="flex flex-col gap-2">
      {answer.status === 'ready' && answer.savedAt && <LastUpdated at={answer.savedAt} />}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {answer.status === 'loading' && <TileSkeleton count={SKELETON_CARDS} />}
        {answer.status === 'failed' && (
          <p
            role="alert"
            className="col-span-2 rounded-xl border border-slate-200 bg-white p-4 text-slate-700 shadow-sm lg:col-span-4"
          >
            Unable to load statistics
          </p>
        )}
        {answer.status === 'ready' && (
          <>
            <Tile label="Active Students" value={answer.data.activeStudents} hint={hints.activeStudents} />
            <Tile label="Pending Reviews" value={answer.data.pendingReviews} hint={hints.pendingReviews} />
            <Tile label={rate.name} value={`${answer.data.complianceRate}%`} hint={hints.complianceRate} about={rate} />
            <Tile label="Graduations" value={answer.data.graduations} hint={hints.graduations} />
          </>
        )}
      </div>
    </section>
  );
}
