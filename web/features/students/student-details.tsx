import { levelName } from '#schema/names.ts';
import { hoursRemaining } from '#schema/progress.ts';
import type { StudentWithSummary } from '#web/lib/data.ts';
import { useRowsWhere } from '#web/lib/data.ts';
import { formatDate, fullName, studentStatus } from '#web/lib/format.ts';
import { Modal } from '#web/lib/ui/modal.tsx';

import { LogEvidenceActions, RecordedEntries } from '../patient-contacts/index.ts';

/** Everything on a student's record, read-only, with the student's hours and patient contacts to log and correct. */
export function StudentDetailsDialog({ item, onClose }: { item: StudentWithSummary | null; onClose: () => void }) {
  return (
    <Modal title={item ? fullName(item.student) : 'Student'} open={item !== null} onClose={onClose} wide>
      {item && <LogActions item={item} />}
      {item && <StudentDetails item={item} />}
    </Modal>
  );
}

/** The student's level's skills, for a contact's "skills performed". */
function LogActions({ item: { student, summary } }: { item: StudentWithSummary }) {
  const skills = useRowsWhere('skills', '[programType+certificationLevel]', [
    summary.program?.type ?? '',
    summary.level ?? '',
  ]);
  return (
    <div className="mb-4">
      <LogEvidenceActions student={student} skills={skills ?? []} />
      <RecordedEntries studentId={student.id} />
    </div>
  );
}

function StudentDetails({ item: { student, summary } }: { item: StudentWithSummary }) {
  const rows: [string, string][] = [
    ['Student ID', student.studentId],
    ['Program', summary.program?.name ?? 'Unknown program'],
    ['Certification Level', summary.level ? levelName(summary.level) : ''],
    ['Status', studentStatus(student)],
    ['Email', student.email],
    ['Phone', student.phone],
    ['Address', student.address ?? ''],
    ['Emergency Contact', student.emergencyContact ?? ''],
    ['Emergency Phone', student.emergencyPhone ?? ''],
    ['Enrollment Date', formatDate(student.enrollmentDate)],
    ['Expected Graduation', formatDate(student.expectedGraduation)],
    ['Graduation Date', formatDate(student.graduationDate)],
    ['GPA', student.gpa === null ? '' : student.gpa.toFixed(2)],
    ['Overall Progress', `${summary.progressPercentage}%`],
    ['Skills Completed', `${summary.skillsCompleted} of ${summary.totalSkills}`],
    ['Clinical Hours', String(summary.clinicalHours)],
    ['Field Hours', String(summary.fieldHours)],
    ['Total Hours', `${summary.totalHours} of ${summary.requiredHours} required`],
    ['Hours Remaining', String(hoursRemaining(summary.totalHours, summary.requiredHours))],
    ['Last Activity', formatDate(summary.lastActivity)],
    ['Last Updated', formatDate(student.updatedAt)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value || 'Not provided'}</dd>
        </div>
      ))}
    </dl>
  );
}
