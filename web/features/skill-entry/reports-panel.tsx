/** Reports tab: six CSV reports built on the device from the students listed here (works offline). */
import { useMemo, useState } from 'react';

import { byRecordName } from '#schema/names.ts';
import { type SmcFigures, smcTableLabelOf } from '#schema/smc.ts';
import { useRowsWhere, useSmcReader } from '#web/lib/data.ts';
import { plural } from '#web/lib/format.ts';
import { useReportDownload } from '#web/lib/report-download.ts';
import { RecordsNotice } from '#web/lib/student-records.tsx';
import { Loading } from '#web/lib/ui/display.tsx';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { studentOptionLabel } from '../ems-tracker/index.ts';
import { ENTRY_LEVELS } from './overview.ts';
import {
  cohortProgressReport,
  competencyMatrixReport,
  graduationReadinessReport,
  individualStudentReport,
  type Report,
  smcTable2Report,
  smcTable3Report,
} from './reports.ts';
import { useEntryStudents } from './use-entry-students.ts';

const CHOOSE_STUDENT = 'Select a student for the Individual Student Report';

export function ReportsPanel({
  studentId,
  onStudentChange,
  today,
}: {
  studentId: string;
  onStudentChange: (id: string) => void;
  today: string;
}) {
  // a desk device opens the students a report reads, at most MAX_OPENED_STUDENTS: a college's picks one program
  const [programId, setProgramId] = useState('');
  const students = useEntryStudents(programId || undefined);
  const readSmc = useSmcReader();
  const downloadReport = useReportDownload();
  const emsSkills = useRowsWhere('skills', 'programType', 'ems');
  const [level, setLevel] = useState('');
  const [problem, setProblem] = useState('');
  const cohort = useMemo(
    () => (typeof students === 'string' ? undefined : students?.filter((s) => !level || s.summary.level === level)),
    [students, level],
  );
  const programPicker = <ProgramPicker value={programId} onChange={setProgramId} />;
  if (typeof students === 'string')
    return (
      <section className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-3xl">{programPicker}</div>
        <RecordsNotice state={students} several />
      </section>
    );
  if (!emsSkills || !students || !cohort) return <Loading />;

  const download = (report: Report) => {
    setProblem('');
    downloadReport(report.fileName, report.rows, report.columns);
  };
  /** The SMC reports read the students' figures when asked, from the reader the contact panel uses. */
  const withSmc = (list: typeof cohort, make: (smc: Map<string, SmcFigures>) => Report) => () =>
    void readSmc(list.map((s) => s.student.id)).then((smc) => download(make(smc)));
  const chosen = students.find((s) => s.student.id === studentId);
  // the SMC tables are titled by the cohort's levels: an EMT's are not the paramedic SMC's numbered tables
  const levels = [...new Set(cohort.map((s) => s.summary.level))];
  const reports = [
    {
      title: 'Individual Student Report',
      text: "The chosen student's SMC tables by setting, verified and awaiting, then their other skills.",
      run: chosen
        ? withSmc([chosen], (smc) => individualStudentReport(chosen, emsSkills, smc.get(chosen.student.id)!, today))
        : () => setProblem(CHOOSE_STUDENT),
    },
    {
      title: 'Cohort Progress Report',
      text: 'One row per student: overall progress, skills completed and hours.',
      run: () => download(cohortProgressReport(cohort, today)),
    },
    {
      title: 'Competency Matrix Report',
      text: "Every student's status on every skill of their level.",
      run: () => download(competencyMatrixReport(cohort, emsSkills, today)),
    },
    {
      title: `${smcTableLabelOf('pathology', levels)} report`,
      text: "Each student's verified patient contacts by pathology against the program's minimums, by setting.",
      run: withSmc(cohort, (smc) => smcTable2Report(cohort, smc, today)),
    },
    {
      title: `${smcTableLabelOf('motor', levels)} report`,
      text: "Each student's attempts and successes on each motor skill.",
      run: withSmc(cohort, (smc) => smcTable3Report(cohort, smc, today)),
    },
    {
      title: 'Graduation Readiness',
      text: 'Progress and hours against the requirements, ready yes or no.',
      run: () => download(graduationReadinessReport(cohort, today)),
    },
  ];

  return (
    <section className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-3xl">
        {programPicker}
        <SelectField
          label="Student (individual report)"
          value={studentId}
          placeholder="Select a student"
          onChange={(e) => {
            onStudentChange(e.target.value);
            setProblem('');
          }}
          options={students.map((s) => [s.student.id, studentOptionLabel(s.student)] as const)}
        />
        <SelectField
          label="Cohort level"
          value={level}
          onChange={(e) => setLevel(e.target.value)}
          placeholder="All levels"
          options={ENTRY_LEVELS}
        />
      </div>
      <p className="text-sm text-slate-600">Cohort reports cover {plural(cohort.length, 'student')}.</p>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {reports.map((r) => (
          <div key={r.title} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-600">{r.text}</p>
            <button type="button" className={buttonClass('secondary', 'mt-auto')} onClick={r.run}>
              {r.title}
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The EMS programs the reports cover: all of them, or one (what a desk device holding a college's picks). */
function ProgramPicker({ value, onChange }: { value: string; onChange: (programId: string) => void }) {
  const programs = useRowsWhere('programs', 'type', 'ems');
  const options = useMemo(
    () => [...(programs ?? [])].sort(byRecordName).map((p) => [p.id, p.name] as const),
    [programs],
  );
  return (
    <SelectField
      label="Program"
      value={value}
      placeholder="All programs"
      onChange={(e) => onChange(e.target.value)}
      options={options}
    />
  );
}
