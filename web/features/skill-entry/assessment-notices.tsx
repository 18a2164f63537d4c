/**
 * "Your change to Status on Maya Chen / Insert OPA was not kept: Irene Okafor's later change stands", one per lost
 * edit made on this device, whichever student it was for, until dismissed.
 */
import { ASSESSMENT_FIELD_LABELS } from '../../../schema/enums.ts';
import { useRows } from '../../lib/data.ts';
import { formatDateTime, fullName } from '../../lib/format.ts';
import { useAssessmentNotices, useDismissNotice, type AssessmentNotice } from '../../lib/notices.ts';

interface Names {
  student?: string;
  skill?: string;
  by?: string;
}

function noticeText(notice: AssessmentNotice, names: Names) {
  const field = ASSESSMENT_FIELD_LABELS[notice.field as keyof typeof ASSESSMENT_FIELD_LABELS] ?? notice.field;
  const pair = `${names.student ?? 'a student'} / ${names.skill ?? 'a skill'}`;
  return `Your change to ${field} on ${pair} was not kept: ${names.by ?? 'another user'}'s later change (${formatDateTime(notice.at)}) stands.`;
}

export function AssessmentNotices() {
  const notices = useAssessmentNotices();
  const users = useRows('users');
  const students = useRows('students');
  const skills = useRows('skills');
  const dismiss = useDismissNotice();
  if (!notices?.length) return null;
  const nameOf = (person: { firstName: string; lastName: string } | undefined) => person && fullName(person);
  return (
    <ul aria-label="Changes not kept" className="flex flex-col gap-2">
      {notices.map((n) => (
        <li
          key={n.seq}
          role="status"
          className="flex items-start justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <span>
            {noticeText(n, {
              student: nameOf(students?.find((s) => s.id === n.studentId)),
              skill: skills?.find((k) => k.id === n.skillId)?.name,
              by: nameOf(users?.find((u) => u.id === n.by)),
            })}
          </span>
          <button
            type="button"
            onClick={() => void dismiss(n.seq!)}
            className="min-h-11 shrink-0 rounded-lg px-3 font-semibold hover:bg-amber-100"
          >
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  );
}
