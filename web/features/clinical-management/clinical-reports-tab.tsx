import type { DomainRows } from '#sync/client/db.ts';
import { useReportDownload } from '#web/lib/report-download.ts';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { exportFileName } from '../student-management/index.ts';
import { hoursRows, rotationRows, siteRows, timeRequestRows } from './clinical-exports.ts';
import { rotations } from './clinical-rules.ts';
import type { ClinicalLookups } from './lookups.ts';

/** CSV downloads of the sites, logged hours, rotations and clinical time requests this device holds. */
export function ClinicalReportsTab({
  sites,
  requests,
  hours,
  shifts,
  bookings,
  lookups,
  today,
}: {
  sites: DomainRows['clinicalSites'][];
  requests: DomainRows['requests'][];
  hours: DomainRows['clinicalHours'][];
  shifts: DomainRows['shifts'][];
  bookings: DomainRows['shiftBookings'][];
  lookups: ClinicalLookups;
  today: string;
}) {
  const downloadReport = useReportDownload();
  const reports = [
    {
      title: 'Clinical Sites',
      text: 'Each site with its capacity, current students and hours logged there.',
      file: 'clinical-sites',
      rows: () => siteRows(sites, requests, hours, lookups, new Date()),
    },
    {
      title: 'Clinical Hours',
      text: 'Every logged clinical and field hours entry, newest first.',
      file: 'clinical-hours',
      rows: () => hoursRows(hours, lookups),
    },
    {
      title: 'Rotations',
      text: 'Booked clinical and field shifts running or to come, with their dates.',
      file: 'rotations',
      rows: () => rotationRows(rotations(shifts, bookings, today), lookups),
    },
    {
      title: 'Time Requests',
      text: 'Clinical time requests with their status.',
      file: 'clinical-time-requests',
      rows: () => timeRequestRows(requests, lookups),
    },
  ];
  const download = (file: string, rows: Record<string, unknown>[]) => downloadReport(exportFileName(file), rows);
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {reports
        .map((r) => ({ ...r, rows: r.rows() }))
        .map((r) => (
          <div key={r.title} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="font-semibold text-slate-900">{r.title}</h3>
            <p className="flex-1 text-sm text-slate-600">
              {r.rows.length === 0 ? `${r.text} Nothing to export yet.` : r.text}
            </p>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={r.rows.length === 0}
              onClick={() => download(r.file, r.rows)}
            >
              Download {r.title} CSV
            </button>
          </div>
        ))}
    </div>
  );
}
