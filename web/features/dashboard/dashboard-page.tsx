import { useNavigate } from '@tanstack/react-router';

import { can } from '#schema/permissions.ts';
import { useStudentSummaries } from '#web/lib/data.ts';
import { useDeviceDownload } from '#web/lib/device-download.ts';
import { useSession } from '#web/lib/session.tsx';
import { Loading } from '#web/lib/ui/display.tsx';
import { InstallHint } from '#web/lib/ui/install-hint.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { ActivityCard } from './activity-card.tsx';
import { DeadlinesCard } from './deadlines-card.tsx';
import { STUDENT_EXPORT_COLUMNS, studentExportFileName, studentExportRows } from './export-students.ts';
import { QuickActions } from './quick-actions.tsx';
import { StatsRow } from './stats-row.tsx';
import { TARGETS } from './targets.ts';

function ExportDataButton() {
  const students = useStudentSummaries();
  const deviceDownload = useDeviceDownload();
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      disabled={!students}
      // the CSV library loads with the first export, not with the home screen every user opens first
      onClick={() =>
        students &&
        void deviceDownload(() =>
          import('#web/lib/csv.ts').then(({ downloadCsv }) =>
            downloadCsv(studentExportFileName(), studentExportRows(students), [...STUDENT_EXPORT_COLUMNS]),
          ),
        )
      }
    >
      Export Data
    </button>
  );
}

export function DashboardPage() {
  const session = useSession();
  const navigate = useNavigate();
  if (session.status !== 'signed-in') return <Loading text="Loading dashboard..." />;
  const { user } = session;
  const role = user.role;
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold text-slate-900">Welcome back, {user.firstName || 'User'}</h2>
          <p className="text-sm text-slate-600">Training progress, reviews and deadlines at a glance.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {can(role, 'students.create') && (
            <button type="button" className={buttonClass('primary')} onClick={() => void navigate(TARGETS.addStudent)}>
              Add Student
            </button>
          )}
          <ExportDataButton />
        </div>
      </div>
      <InstallHint />
      <StatsRow userId={user.id} role={role} />
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ActivityCard userId={user.id} />
        </div>
        <div className="flex flex-col gap-4">
          <QuickActions role={role} />
          <DeadlinesCard userId={user.id} />
        </div>
      </div>
    </section>
  );
}
