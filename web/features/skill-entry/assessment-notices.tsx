/**
 * "Your change to Status on Maya Chen / Insert OPA was not kept: Irene Okafor's later change stands", one per lost
 * edit made on this device, whichever student it was for, until dismissed. What the user saved is shown, to copy or
 * to save again as a new edit ("Use mine instead"), so nothing they typed is lost.
 */
import type { AssessmentField } from '#schema/assessment-fields.ts';
import { ASSESSMENT_FIELD_LABELS } from '#schema/enums.ts';
import { useRows } from '#web/lib/data.ts';
import { formatDateTime, fullName } from '#web/lib/format.ts';
import { type AssessmentNotice, useAssessmentNotices, useDismissNotice } from '#web/lib/notices.ts';
import { toast } from '#web/lib/ui/toasts.tsx';
import { useEditAssessment } from '#web/lib/writes/skill-attempts.ts';

import { shownValue } from './assessment-values.ts';

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

const noticeButton = 'min-h-11 shrink-0 rounded-lg px-3 font-semibold hover:bg-amber-100';

/**
 * Reads the names only when there is a notice to show: read on every visit, the whole users, students and skills
 * tables were read again and the screen redrawn for every page of a first sync (docs/PERFORMANCE.md, issue 32,
 * seventh stop).
 */
export function AssessmentNotices() {
  const notices = useAssessmentNotices();
  return notices?.length ? <NoticeList notices={notices} /> : null;
}

function NoticeList({ notices }: { notices: readonly AssessmentNotice[] }) {
  const users = useRows('users');
  const students = useRows('students');
  const skills = useRows('skills');
  const dismiss = useDismissNotice();
  const edit = useEditAssessment();
  // a notice names who and what: never "a student" while the names are read
  if (!users || !students || !skills) return null;
  const copy = async (n: AssessmentNotice) => {
    try {
      await navigator.clipboard.writeText(String(n.mine ?? ''));
      toast.success('Copied');
    } catch {
      toast.error('Could not copy: select the text and copy it instead');
    }
  };
  // a new edit, stamped now: it stands over the change that won, on every device
  const saveMine = async (n: AssessmentNotice) => {
    const saved = await edit({ studentId: n.studentId, skillId: n.skillId, changes: { [n.field]: n.mine ?? null } });
    if (saved) await dismiss(n.seq!);
  };
  const nameOf = (person: { firstName: string; lastName: string } | undefined) => person && fullName(person);
  return (
    <ul aria-label="Changes not kept" className="flex flex-col gap-2">
      {notices.map((n) => (
        <li
          key={n.seq}
          role="status"
          className="flex items-start justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <div className="flex flex-col gap-1">
            <span>
              {noticeText(n, {
                student: nameOf(students.find((s) => s.id === n.studentId)),
                skill: skills.find((k) => k.id === n.skillId)?.name,
                by: nameOf(users.find((u) => u.id === n.by)),
              })}
            </span>
            <span className="break-words">{`You wrote: ${shownValue(n.field as AssessmentField, n.mine)}`}</span>
            <span className="flex flex-wrap gap-2">
              <button type="button" onClick={() => void copy(n)} className={noticeButton}>
                Copy
              </button>
              <button type="button" onClick={() => void saveMine(n)} className={noticeButton}>
                Use mine instead
              </button>
            </span>
          </div>
          <button type="button" onClick={() => void dismiss(n.seq!)} className={noticeButton}>
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  );
}
