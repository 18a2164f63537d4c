import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';

import { DISCIPLINE_FORM_STATUSES } from '#schema/enums.ts';
import { FIGURES } from '#schema/figures.ts';
import { bookTotals } from '#schema/fire-task-book.ts';
import { can } from '#schema/permissions.ts';
import { downloadCsv } from '#web/lib/csv.ts';
import { usePendingKeys, useProgramTypeSummaries, useRowsWhere } from '#web/lib/data.ts';
import { useDeviceDownload } from '#web/lib/device-download.ts';
import { useSession } from '#web/lib/session.tsx';
import { RecordsNotice } from '#web/lib/student-records.tsx';
import { EmptyState, Loading, Tile } from '#web/lib/ui/display.tsx';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { DorTracker } from '../dor/index.ts';
import { LazyProgressDialog } from '../skill-entry/index.ts';
import { BookLine, useCandidateBooks, useCandidateProgress } from '../task-book/index.ts';
import { wordingFor } from './discipline.ts';
import { progressExportColumns, progressExportFileName, progressExportRows } from './export-progress.ts';
import { StudentCard } from './student-card.tsx';
import { TrackSkillDialog } from './track-skill-dialog.tsx';
import {
  ALL_PROGRAMS,
  type Discipline,
  matchingSkills,
  type SkillCell,
  type TrackedStudent,
  trackerView,
} from './tracker-figures.ts';

/** The tracker's figures from the discipline's rows, read by index; undefined while the first reads run. */
function useTrackerView(discipline: Discipline, programId: string) {
  const programs = useRowsWhere('programs', 'type', discipline);
  const skills = useRowsWhere('skills', 'programType', discipline);
  const held = useProgramTypeSummaries(discipline, programId === ALL_PROGRAMS ? undefined : programId);
  const students = typeof held === 'string' ? undefined : held;
  // the students' progress records come with their summaries: no second read of the table
  const progress = useMemo(() => students?.flatMap((s) => [...s.progress.values()]), [students]);
  // a fire candidate's skills are their task book's JPRs
  const jprs = useCandidateProgress();
  const view = useMemo(
    () =>
      programs && skills && progress && students && jprs
        ? trackerView({ discipline, programId, programs, skills, progress, students, jprs })
        : undefined,
    [discipline, programId, programs, skills, progress, students, jprs],
  );
  return { view, missing: typeof held === 'string' ? held : undefined, programs };
}

export function DisciplineTrackerPage({
  discipline,
  query = '',
  onClearQuery,
}: {
  discipline: Discipline;
  /** Narrows the skills shown (the header search opens a skill with it). */
  query?: string;
  onClearQuery: () => void;
}) {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'student';
  // a fire candidate's skills are their task book's JPRs: they are signed there, not tracked as progress records
  const canRecord = can(role, 'progress.record') && discipline !== 'fire';
  const navigate = useNavigate();
  const wording = wordingFor(discipline);
  const [programId, setProgramId] = useState(ALL_PROGRAMS);
  const { view, missing, programs } = useTrackerView(discipline, programId);
  // the fire tracker shows each candidate's task book, from its JPR records
  const books = useCandidateBooks();
  const shownBooks =
    discipline === 'fire' && view && books ? view.cards.flatMap((c) => books.get(c.student.id) ?? []) : undefined;
  const totals = shownBooks && bookTotals(shownBooks);
  const pendingKeys = usePendingKeys();
  const deviceDownload = useDeviceDownload();
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<{ card: TrackedStudent; cell: SkillCell } | null>(null);

  if (missing)
    return (
      <section className="flex flex-col gap-4">
        <h2 className="text-xl font-bold text-slate-900">{wording.label} Skills by Student</h2>
        <ProgramSelect value={programId} onChange={setProgramId} programs={programs ?? []} />
        <RecordsNotice state={missing} several />
      </section>
    );
  if (!view) return <Loading text={`Loading ${wording.label} competencies...`} />;
  const cards = matchingSkills(view.cards, query);
  const picked = view.programs.find((p) => p.id === programId);
  const exportProgress = () =>
    void deviceDownload(() =>
      downloadCsv(
        progressExportFileName(discipline),
        progressExportRows(view.cards, wording, discipline === 'fire' ? books : undefined),
        progressExportColumns(wording, discipline === 'fire'),
      ),
    );

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-slate-900">{wording.label} Skills by Student</h2>
          <p className="text-sm text-slate-600">Skills follow {wording.framework}.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canRecord && (
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={view.cards.length === 0}
              onClick={() => setPicking(true)}
            >
              Track New Skill
            </button>
          )}
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={view.cards.length === 0}
            onClick={exportProgress}
          >
            Export Progress
          </button>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label="Total Skills"
          value={view.tiles.totalSkills}
          hint={picked ? `In ${picked.name}` : `${wording.standard} skills configured`}
        />
        <Tile label="Active Students" value={view.tiles.activeStudents} hint="Enrolled and not yet graduated" />
        <Tile
          label={FIGURES.averageProgress.name}
          value={`${view.tiles.avgProgress}%`}
          hint="Of the students shown"
          about={FIGURES.averageProgress}
        />
        <Tile
          label={FIGURES.completedSkillRecords.name}
          value={view.tiles.completedSkillRecords}
          hint="Of the students shown"
          about={FIGURES.completedSkillRecords}
        />
        {totals && (
          <>
            <Tile
              label={FIGURES.jprsSigned.name}
              value={`${totals.signed} / ${totals.required}`}
              hint="In the task books of the students shown"
              about={FIGURES.jprsSigned}
            />
            <Tile
              label={FIGURES.taskBooksCertified.name}
              value={totals.certified}
              hint="Of the students shown"
              about={FIGURES.taskBooksCertified}
            />
          </>
        )}
      </div>
      {discipline === 'police' && <DorTracker />}
      <div className="flex flex-wrap items-end gap-3">
        <ProgramSelect value={programId} onChange={setProgramId} programs={view.programs} />
        {query && (
          <p className="flex min-h-11 items-center gap-2 rounded-lg bg-brand-50 px-3 text-sm text-slate-800">
            Skills matching “{query}”
            <button
              type="button"
              onClick={onClearQuery}
              className="min-h-11 px-2 font-semibold text-brand-700 underline"
            >
              Show all skills
            </button>
          </p>
        )}
      </div>
      {view.skills.length === 0 ? (
        <EmptyState
          title="No Skills Found"
          text={`No ${wording.label} skills are currently configured in the system`}
        />
      ) : cards.length === 0 ? (
        <EmptyState
          title="No Students Enrolled"
          text={
            picked
              ? `No students are currently enrolled in ${picked.name}`
              : `No students are currently enrolled in ${wording.label} programs`
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          {cards.map((card) => (
            <StudentCard
              key={card.student.id}
              card={card}
              wording={wording}
              pendingKeys={pendingKeys}
              onEdit={
                discipline === 'fire'
                  ? () => void navigate({ to: '/fire/task-book', search: { student: card.student.id } })
                  : canRecord
                    ? (cell) => setEditing({ card, cell })
                    : undefined
              }
              book={
                discipline === 'fire' && books?.get(card.student.id) ? (
                  <BookLine studentId={card.student.id} figures={books.get(card.student.id)!} />
                ) : undefined
              }
            />
          ))}
        </div>
      )}
      <TrackSkillDialog
        open={picking}
        cards={view.cards}
        onClose={() => setPicking(false)}
        onPick={(card, cell) => setEditing({ card, cell })}
      />
      {editing && (
        <LazyProgressDialog
          student={editing.card.student}
          skill={editing.cell.skill}
          current={editing.cell.record}
          onClose={() => setEditing(null)}
          formStatuses={DISCIPLINE_FORM_STATUSES}
        />
      )}
    </section>
  );
}

function ProgramSelect({
  value,
  onChange,
  programs,
}: {
  value: string;
  onChange: (programId: string) => void;
  programs: readonly { id: string; name: string }[];
}) {
  return (
    <SelectField
      label="Program"
      className="w-full sm:w-72"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[[ALL_PROGRAMS, 'All'], ...programs.map((p) => [p.id, p.name] as const)]}
    />
  );
}
