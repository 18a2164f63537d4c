import type { ReactNode } from 'react';

import { formatDate, fullName, plural, progressTone } from '#web/lib/format.ts';
import { progressKey } from '#web/lib/sync-client.ts';
import { Badge, Card, ProgressBar } from '#web/lib/ui/display.tsx';

import { type DisciplineWording, STATUS_TONES, trackerStatusLabel } from './discipline.ts';
import type { SkillCell, TrackedStudent } from './tracker-figures.ts';

function SkillCellBody({ cell, wording, pending }: { cell: SkillCell; wording: DisciplineWording; pending: boolean }) {
  const { skill } = cell;
  return (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="text-sm font-medium text-slate-900">{skill.name}</span>
        <span className="shrink-0 whitespace-nowrap">
          <Badge tone={STATUS_TONES[cell.status]}>{trackerStatusLabel(cell.status)}</Badge>
        </span>
      </span>
      <span className="text-xs text-slate-600">
        {skill.category}
        {skill.standardReference && (
          <>
            {' '}
            · <span title={`${wording.standard} reference`}>{skill.standardReference}</span>
          </>
        )}
      </span>
      <span className="flex items-center gap-2">
        <ProgressBar
          percent={cell.progressPercentage}
          tone={STATUS_TONES[cell.status]}
          label={`${skill.name} progress`}
        />
        <span className="w-10 shrink-0 text-right text-xs font-medium text-slate-800">{cell.progressPercentage}%</span>
      </span>
      <span className="flex flex-wrap gap-x-3 text-xs text-slate-600">
        <span>Attempts: {cell.attempts}</span>
        <span>Last attempt: {cell.lastAttemptDate ? formatDate(cell.lastAttemptDate) : 'None'}</span>
        {pending && <Badge tone="yellow">Pending sync</Badge>}
      </span>
      {cell.waiting && <span className="text-xs text-amber-800">{cell.waiting}</span>}
    </>
  );
}

export function StudentCard({
  card,
  wording,
  pendingKeys,
  onEdit,
  book,
}: {
  card: TrackedStudent;
  /** The fire candidate's task book line (web/features/task-book). */
  book?: ReactNode;
  wording: DisciplineWording;
  pendingKeys: Set<string>;
  /** Absent for roles that cannot record progress: the cells are then read-only. */
  onEdit?: (cell: SkillCell) => void;
}) {
  const { student, summary, cells } = card;
  const cellClass = 'flex h-full w-full flex-col gap-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3 text-left';
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-slate-900">{fullName(student)}</h3>
          <p className="text-sm text-slate-700">{summary.program?.name || wording.defaultProgramName}</p>
          <p className="break-all text-sm text-slate-600">{student.email}</p>
        </div>
        <div className="w-full sm:w-56">
          <p className="flex justify-between text-sm">
            <span className="text-slate-600">Overall progress</span>
            <span className="font-semibold text-slate-900">{summary.progressPercentage}%</span>
          </p>
          <ProgressBar
            percent={summary.progressPercentage}
            tone={progressTone(summary.progressPercentage)}
            label={`${fullName(student)} overall progress`}
          />
          <p className="mt-1 text-xs text-slate-600">
            {summary.skillsCompleted} of {plural(summary.totalSkills, 'skill')} completed
          </p>
          {/* hours count once verified; a student's own wait apart, as on their home */}
          <p className="text-xs text-slate-600">
            {summary.totalHours} h verified
            {summary.awaitingHours > 0 && (
              <span className="text-amber-800"> · {summary.awaitingHours} h awaiting verification</span>
            )}
            {summary.refusedHours > 0 && (
              <span className="text-red-800"> · {summary.refusedHours} h not verified: refused</span>
            )}
          </p>
        </div>
      </div>
      {book && <div className="mt-3">{book}</div>}
      {cells.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No skills match.</p>
      ) : (
        <ul aria-label={`${fullName(student)} skills`} className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {cells.map((cell) => {
            const pending = pendingKeys.has(progressKey(student.id, cell.skill.id));
            return (
              <li key={cell.skill.id}>
                {onEdit ? (
                  <button type="button" onClick={() => onEdit(cell)} className={`${cellClass} hover:border-brand-600`}>
                    <SkillCellBody cell={cell} wording={wording} pending={pending} />
                  </button>
                ) : (
                  <div className={cellClass}>
                    <SkillCellBody cell={cell} wording={wording} pending={pending} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
