/** EMS Competency Tracker (/ems/competency-tracker): one student's progress against the CoAEMSP matrix of a level. */
import { useMemo, useState } from 'react';

import { CERTIFICATION_LEVEL_LABELS, EMS_LEVELS } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import { addUpHours } from '#schema/student-summary.ts';
import { useRow, useRowsWhere } from '#web/lib/data.ts';
import { progressTone } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { logSkillLink } from '#web/lib/skill-entry-search.ts';
import { StudentRecordsGate, useStudentRecords } from '#web/lib/student-records.tsx';
import { Card, Loading, PageHeader, ProgressBar, Tile } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';

import { LogEvidenceActions, SmcPanel } from '../patient-contacts/index.ts';
import { EmsMatrix } from './ems-matrix.tsx';
import { studentOptionLabel, useEmsStudents } from './ems-students.ts';
import { domainsPresent, filterSkills, type MatrixProgress, trackerFigures } from './matrix.ts';

const LEVEL_OPTIONS = EMS_LEVELS.map((l) => [l, CERTIFICATION_LEVEL_LABELS[l]] as const);
const NO_HOURS = addUpHours([]);
/** The Completed tile's hint while a desk device has not the student's progress (student-records.tsx). */
const RECORDS_HINT = {
  fetching: "Fetching this student's records...",
  'not-on-device': 'Not on this device yet',
  'too-many': 'Not on this device yet',
} as const;

function useStudentRows(studentId: string) {
  const progress = useRowsWhere('studentSkills', 'studentId', studentId || undefined);
  const hours = useRowsWhere('clinicalHours', 'studentId', studentId || undefined);
  return { progress, hours };
}

export function EmsTrackerPage({ query, onQueryChange }: { query: string; onQueryChange: (q: string) => void }) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : '';
  const canLog = session.status === 'signed-in' && can(session.user.role, 'attempts.log');
  const students = useEmsStudents();
  const [studentChoice, setStudentChoice] = useState<string | null>(null);
  const [levelChoice, setLevelChoice] = useState<string | null>(null);
  const [domainChoice, setDomainChoice] = useState('');

  // a student user sees their own record preselected; staff choose
  const ownRecord = students?.find((s) => s.userId === userId);
  const studentId = studentChoice ?? ownRecord?.id ?? '';
  const student = students?.find((s) => s.id === studentId);
  const level = levelChoice ?? student?.emsCertificationLevel ?? 'emt';
  const { progress, hours } = useStudentRows(student?.id ?? '');
  // a desk device holds the chosen student's progress once opened and come: no count from rows not here yet
  const records = useStudentRecords(student?.id);
  const program = useRow('programs', student?.programId);

  const levelSkills = useRowsWhere('skills', '[programType+certificationLevel]', ['ems', level]);
  const domains = useMemo(() => domainsPresent(levelSkills ?? []), [levelSkills]);
  const domain = domains.includes(domainChoice) ? domainChoice : '';
  const shown = useMemo(() => filterSkills(levelSkills ?? [], { domain, query }), [levelSkills, domain, query]);
  const progressBySkill = useMemo(
    () => (student && progress ? new Map<string, MatrixProgress>(progress.map((p) => [p.skillId, p])) : null),
    [student, progress],
  );
  const figures = useMemo(
    () => trackerFigures(levelSkills ?? [], progressBySkill ?? new Map(), hours ? addUpHours(hours) : NO_HOURS),
    [levelSkills, progressBySkill, hours],
  );

  // the same function while the student stays, so the matrix's cards do not draw again
  const loggedId = canLog ? student?.id : undefined;
  const logLink = useMemo(
    () => (loggedId ? (skillId: string) => logSkillLink(skillId, loggedId) : undefined),
    [loggedId],
  );

  if (!students || !levelSkills || (student && (!progress || !hours)))
    return <Loading text="Loading comprehensive EMS competencies..." />;

  const chooseStudent = (id: string) => {
    setStudentChoice(id);
    setLevelChoice(null);
  };
  const hint = (required: number) => (required > 0 ? `Level skills require ${required} h` : undefined);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="CoAEMSP Competency Matrix"
        description="Student Minimum Competencies by certification level and domain"
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Student"
          value={studentId}
          onChange={(e) => chooseStudent(e.target.value)}
          placeholder={ownRecord ? undefined : 'No student (show the matrix only)'}
          options={students.map((s) => [s.id, studentOptionLabel(s)] as const)}
        />
        <SelectField
          label="Certification level"
          value={level}
          onChange={(e) => setLevelChoice(e.target.value)}
          options={LEVEL_OPTIONS}
        />
        <SelectField
          label="Domain"
          value={domain}
          onChange={(e) => setDomainChoice(e.target.value)}
          placeholder="All Domains"
          options={domains.map((d) => [d, d] as const)}
        />
        <TextField
          label="Search skills"
          type="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          placeholder="Skill name"
        />
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label="Total Competencies"
          value={figures.totalCompetencies}
          hint={CERTIFICATION_LEVEL_LABELS[level as keyof typeof CERTIFICATION_LEVEL_LABELS]}
        />
        <Tile
          label="Completed"
          value={student && records === 'here' ? figures.completed : '—'}
          hint={
            !student
              ? 'Choose a student'
              : records === 'here'
                ? `of ${figures.totalCompetencies}`
                : RECORDS_HINT[records]
          }
        />
        <Tile
          label="Clinical Hours"
          value={student ? figures.clinicalHours : '—'}
          hint={hint(figures.clinicalHoursRequired)}
        />
        <Tile label="Field Hours" value={student ? figures.fieldHours : '—'} hint={hint(figures.fieldHoursRequired)} />
      </div>

      {student && <LogEvidenceActions student={student} skills={levelSkills} />}
      {student && (
        <SmcPanel
          studentId={student.id}
          hours={hours ? addUpHours(hours) : NO_HOURS}
          requiredHours={program?.requiredHours}
        />
      )}
      {student && (
        <Card>
          <div className="mb-2 flex items-baseline justify-between gap-2">
            <p className="font-semibold text-slate-900">
              Overall progress · {student.firstName} {student.lastName}
            </p>
            <p className="text-lg font-bold">{figures.overallProgress}%</p>
          </div>
          <ProgressBar
            percent={figures.overallProgress}
            tone={progressTone(figures.overallProgress)}
            label="Overall progress"
          />
        </Card>
      )}

      <h3 className="text-lg font-semibold text-slate-900">Competency Matrix</h3>
      <StudentRecordsGate studentId={student?.id}>
        <EmsMatrix
          skills={shown}
          progressBySkill={progressBySkill}
          minimums={program?.skillMinimums}
          logLink={logLink}
        />
      </StudentRecordsGate>

      <p className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
        <span className="font-semibold">CoAEMSP compliance: </span>
        These competencies follow the CoAEMSP Student Minimum Competency Matrix (2023 edition, effective January 1,
        2023). Programs document each student's minimum competencies, attempts and clinical and field hours before
        graduation.
      </p>
    </div>
  );
}
