import { type StudentWithSummary, useRows, useRowsWhere } from '#web/lib/data.ts';
import { fullName, plural } from '#web/lib/format.ts';
import { useReportDownload } from '#web/lib/report-download.ts';
import { Loading } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { categoryRows, exportFileName, hoursRows, rosterRows } from './student-exports.ts';
import { academicRecord, progressByCategory } from './student-rules.ts';

/** CSV downloads of what the other tabs show: the filtered list, and the chosen student's progress and hours. */
export function StudentReportsTab({
  shown,
  selected,
}: {
  shown: StudentWithSummary[];
  selected: StudentWithSummary | null;
}) {
  const skills = useRows('skills');
  // the chosen student's records and hours only
  const records = useRowsWhere('studentSkills', 'studentId', selected?.student.id);
  const hours = useRowsWhere('clinicalHours', 'studentId', selected?.student.id);
  const sites = useRows('clinicalSites');
  const download = useReportDownload();
  if (!skills || !records || !hours || !sites) return <Loading />;

  const who = selected ? `${fullName(selected.student)} (${selected.student.studentId})` : null;
  const reports = [
    {
      title: 'Student Roster',
      text: `The ${plural(shown.length, 'student')} listed with the current search and filters.`,
      disabled: shown.length === 0,
      run: () => download(exportFileName('student-roster'), rosterRows(shown)),
    },
    {
      title: 'Progress by Category',
      text: who ? `Skill categories of ${who}.` : 'Choose a student in the Overview first.',
      disabled: !selected,
      run: () =>
        selected &&
        download(
          exportFileName(`progress-${selected.student.studentId}`),
          categoryRows(selected, progressByCategory(selected.summary, skills, records)),
        ),
    },
    {
      title: 'Academic Records',
      text: who ? `Logged hours of ${who}.` : 'Choose a student in the Overview first.',
      disabled: !selected,
      run: () =>
        selected &&
        download(
          exportFileName(`hours-${selected.student.studentId}`),
          hoursRows(selected, academicRecord(selected.student.id, hours, new Map(sites.map((s) => [s.id, s.name])))),
        ),
    },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {reports.map((r) => (
        <div key={r.title} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h3 className="font-semibold text-slate-900">{r.title}</h3>
          <p className="flex-1 text-sm text-slate-600">{r.text}</p>
          <button type="button" className={buttonClass('secondary')} disabled={r.disabled} onClick={r.run}>
            Download {r.title} CSV
          </button>
        </div>
      ))}
    </div>
  );
}
