/** "Your change to Status on Insert OPA was not kept: Irene Okafor's later change stands", one per lost edit. */
import { useRows } from '../../lib/data.ts';
import { formatDateTime, fullName } from '../../lib/format.ts';
import { useAssessmentNotices, useDismissNotice, type AssessmentNotice } from '../../lib/notices.ts';
import { ASSESSMENT_FIELD_LABELS } from './assessment-fields.ts';

function noticeText(notice: AssessmentNotice, names: { skill?: string; by?: string }) {
  const field = ASSESSMENT_FIELD_LABELS[notice.field as keyof typeof ASSESSMENT_FIELD_LABELS] ?? notice.field;
  return `Your change to ${field} on ${names.skill ?? 'this skill'} was not kept: ${names.by ?? 'another user'}'s later change (${formatDateTime(notice.at)}) stands.`;
}

export function AssessmentNotices({ studentId }: { studentId: string }) {
  const notices = useAssessmentNotices()?.filter((n) => n.studentId === studentId) ?? [];
  const users = useRows('users');
  const skills = useRows('skills');
  const dismiss = useDismissNotice();
  if (notices.length === 0) return null;
  return (
    <ul aria-label="Changes not kept" className="flex flex-col gap-2">
      {notices.map((n) => {
        const by = users?.find((u) => u.id === n.by);
        const text = noticeText(n, {
          skill: skills?.find((k) => k.id === n.skillId)?.name,
          by: by ? fullName(by) : undefined,
        });
        return (
          <li
            key={n.seq}
            role="status"
            className="flex items-start justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <span>{text}</span>
            <button
              type="button"
              onClick={() => void dismiss(n.seq!)}
              className="min-h-11 shrink-0 rounded-lg px-3 font-semibold hover:bg-amber-100"
            >
              Dismiss
            </button>
          </li>
        );
      })}
    </ul>
  );
}
