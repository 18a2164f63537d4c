/** Real-Time Tracker tab: a student's skills of a level, their overview, and the progress form for one skill. */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

import type { AttemptOutcome } from '#schema/enums.ts';
import { verifiedOnEntry } from '#schema/permissions.ts';
import { trackLevel } from '#schema/progress.ts';
import { isActiveStudent } from '#schema/reports.ts';
import { type SkillMinimum, skillMinimum } from '#schema/skill-figures.ts';
import { bySmcNumber } from '#schema/skill-order.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { usePendingKeys, useRow, useRowsWhere } from '#web/lib/data.ts';
import { formatDate, plural, type Tone } from '#web/lib/format.ts';
import { RecordsNotice, useStudentRecords } from '#web/lib/student-records.tsx';
import { progressKey } from '#web/lib/sync-client.ts';
import { EmptyState, Loading } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass, TONE_CLASSES } from '#web/lib/ui/styles.ts';
import { useLogAttempt } from '#web/lib/writes/skill-attempts.ts';

import { StatusBadge, statusOf, studentOptionLabel } from '../ems-tracker/index.ts';
import { useAttemptsInFlight } from './attempts-in-flight.ts';
import { LazyProgressDialog } from './lazy-progress-dialog.tsx';
import { ENTRY_LEVELS, overviewCounts, quickStats } from './overview.ts';
import type { DialogTab } from './progress-dialog.tsx';
import { ShiftBar } from './shift-bar.tsx';
import { useShiftSetting } from './shift-setting.ts';
import { tapBounceFilter } from './tap-bounce.ts';

type StudentRow = DomainRows['students'];
type SkillRow = DomainRows['skills'];
type ProgressRow = DomainRows['studentSkills'];

export interface TrackerProps {
  students: StudentRow[];
  studentId: string;
  onStudentChange: (id: string) => void;
  search: string;
  onSearchChange: (q: string) => void;
  /** A skill a link chose: its card alone is shown, at its own level, until the user asks for all skills. */
  skillId?: string;
  onShowAllSkills?: () => void;
  autoRefresh: boolean;
  onAutoRefreshChange: (on: boolean) => void;
  /** Whether the user may record progress (the server refuses others). */
  canRecord: boolean;
  /** Whether the user may log attempts (a student: on their own record, unverified until staff verify them). */
  canLog: boolean;
  user: { id: string; role: string };
  today: string;
  /** The page's EMS totals as read, and where the tracker says how many skills its attempts in flight complete. */
  tiles?: { totals: unknown; onCompletedChange: (inFlight: number) => void };
}

export function RealTimeTracker({
  students,
  studentId,
  onStudentChange,
  search,
  onSearchChange,
  skillId,
  onShowAllSkills,
  autoRefresh,
  onAutoRefreshChange,
  canRecord,
  canLog,
  user,
  today,
  tiles,
}: TrackerProps) {
  const [levelChoice, setLevelChoice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ skill: SkillRow; tab: DialogTab } | null>(null);
  const [shift, setShift] = useShiftSetting(user.id, user.role, today);
  const logAttempt = useLogAttempt();
  const student = students.find((s) => s.id === studentId);
  const linkedSkill = useRow('skills', skillId);
  const level = levelChoice ?? linkedSkill?.certificationLevel ?? student?.emsCertificationLevel ?? 'emt';
  // the chosen level's EMS skills and the chosen student's progress, nothing else; nothing before a student is chosen:
  // a staff member's first visit draws no cards, and these live queries were read again and redrawn for every page of
  // the first sync (docs/PERFORMANCE.md, issue 32, seventh stop)
  const levelSkills = useRowsWhere('skills', '[programType+certificationLevel]', student ? ['ems', level] : undefined);
  const progress = useRowsWhere('studentSkills', 'studentId', student?.id);
  // a desk device draws a student's cards once their records are here (schema/device-set.ts): never zeros meanwhile,
  // and the tap that opens them leaves the main thread to the fetch
  const records = useStudentRecords(student?.id);
  const program = useRow('programs', student?.programId ?? undefined);
  const pendingKeys = usePendingKeys();
  const skills = useMemo(() => [...(levelSkills ?? [])].sort(bySmcNumber), [levelSkills]);
  const storedBySkill = useMemo(() => new Map((progress ?? []).map((p) => [p.skillId, p])), [progress]);
  const minimumOf = useCallback(
    (skillId: string): SkillMinimum =>
      skillMinimum(program?.skillMinimums as Record<string, SkillMinimum> | null | undefined, {
        id: skillId,
        minimumAttempts: skills.find((k) => k.id === skillId)?.minimumAttempts ?? 1,
      }),
    [program, skills],
  );
  // the tiles count the completed skills of active EMS students at their own level
  const countsInTiles =
    !!student &&
    isActiveStudent(student) &&
    program?.type === 'ems' &&
    level === trackLevel('ems', program.certificationLevel, student.emsCertificationLevel);
  const tilesRead = useMemo(() => ({ totals: tiles?.totals, counted: countsInTiles }), [tiles?.totals, countsInTiles]);
  const { bySkill, inFlightKeys, completedInTiles, track } = useAttemptsInFlight(
    studentId,
    storedBySkill,
    minimumOf,
    tilesRead,
  );
  const onTilesChange = tiles?.onCompletedChange;
  useLayoutEffect(() => onTilesChange?.(completedInTiles), [onTilesChange, completedInTiles]);
  // the cards' handlers stay the same functions, so a card re-renders only when its own figures change
  const latest = useRef({ student, shift, logAttempt, track });
  useLayoutEffect(() => {
    latest.current = { student, shift, logAttempt, track };
  });
  const openSkill = useCallback((skill: SkillRow, tab: DialogTab) => setEditing({ skill, tab }), []);
  // a finger that bounces on a button taps it twice: one attempt (tap-bounce.ts)
  const [isNewTap] = useState(tapBounceFilter);
  const logSkill = useCallback(
    (skill: SkillRow, outcome: AttemptOutcome) => {
      const { student: chosen, shift: setting, logAttempt: log, track: follow } = latest.current;
      if (!chosen || !isNewTap(`${chosen.id}:${skill.id}:${outcome}`, Date.now())) return;
      const args = {
        id: crypto.randomUUID(),
        studentId: chosen.id,
        skillId: skill.id,
        attemptedAt: new Date().toISOString(),
        outcome,
        ...setting,
      };
      follow({ ...args, verified: verifiedOnEntry(user.role) }, () =>
        log(args, `${skill.name} · ${chosen.firstName} ${chosen.lastName}`),
      );
    },
    [user.role, isNewTap],
  );

  const studentOptions = useMemo(() => students.map((s) => [s.id, studentOptionLabel(s)] as const), [students]);
  const skillIds = useMemo(() => skills.map((k) => k.id), [skills]);
  const counts = useMemo(() => overviewCounts(skillIds, bySkill), [skillIds, bySkill]);
  const stats = useMemo(() => quickStats(skillIds, bySkill, today), [skillIds, bySkill, today]);
  const needle = search.trim().toLowerCase();
  const shown = skills.filter(
    (k) =>
      (!skillId || k.id === skillId) &&
      (!needle ||
        [k.name, k.category, k.smcMotorSkillName, k.smcPathologyCategory].some(
          (v) => typeof v === 'string' && v.toLowerCase().includes(needle),
        )),
  );

  const chooseStudent = (id: string) => {
    onStudentChange(id);
    setLevelChoice(null);
  };

  return (
    <section className="flex flex-col gap-4">
      {/* on a phone the level and search share a row, so the first skill card is on the first screen */}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {/* a student works with their own record only: a picker of one is a row of the phone's first screen lost */}
        {studentOptions.length === 1 && student ? (
          <p className="col-span-2 text-sm text-slate-700 sm:col-span-1 sm:self-end">
            <span className="font-medium text-slate-800">Student:</span> {studentOptions[0][1]}
          </p>
        ) : (
          <SelectField
            label="Student"
            className="col-span-2 sm:col-span-1"
            value={studentId}
            onChange={(e) => chooseStudent(e.target.value)}
            placeholder="Select a student"
            options={studentOptions}
          />
        )}
        <SelectField
          label="Certification level"
          className="min-w-0"
          value={level}
          onChange={(e) => setLevelChoice(e.target.value)}
          options={ENTRY_LEVELS}
        />
        <TextField
          label="Search skills"
          type="search"
          className="min-w-0"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          placeholder="Name, category, SMC name"
        />
        <AutoRefreshSwitch on={autoRefresh} onChange={onAutoRefreshChange} />
      </div>
      {!student ? (
        <EmptyState title="Select a student to view progress" />
      ) : records !== 'here' ? (
        <RecordsNotice state={records} />
      ) : !levelSkills || !progress ? (
        <Loading />
      ) : (
        <>
          {canLog && <ShiftBar shift={shift} onChange={setShift} />}
          {/* on a phone the student's summary follows the cards: the cards are what a shift taps */}
          <ProgressOverview counts={counts} />
          <dl className="order-last grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm sm:order-none sm:grid-cols-4">
            <QuickStat label="Overall progress" value={`${stats.overallProgress}%`} />
            <QuickStat label="Attempts" value={`${stats.successfulAttempts} of ${stats.attempts} successful`} />
            <QuickStat label="Success rate" value={`${stats.successRate}%`} />
            <QuickStat
              label="Next assessment"
              value={stats.nextAssessment ? formatDate(stats.nextAssessment) : 'None scheduled'}
              extra={stats.overdue > 0 ? `${stats.overdue} overdue` : undefined}
            />
          </dl>
          {shown.length < skills.length && (
            <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
              Showing {shown.length} of {plural(skills.length, 'skill')}
              {skillId && onShowAllSkills && (
                <button type="button" onClick={onShowAllSkills} className={buttonClass('secondary')}>
                  Show all skills
                </button>
              )}
            </p>
          )}
          {skills.length === 0 ? (
            <EmptyState
              title="No skills at this level"
              text="The skills catalogue has no EMS skills for this certification level."
            />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((skill) => (
                <li key={skill.id}>
                  <SkillCard
                    skill={skill}
                    progress={bySkill.get(skill.id)}
                    pending={
                      pendingKeys.has(progressKey(student.id, skill.id)) ||
                      inFlightKeys.has(progressKey(student.id, skill.id))
                    }
                    onOpen={canRecord || canLog ? openSkill : undefined}
                    onLog={canLog ? logSkill : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {student && editing && (
        <LazyProgressDialog
          student={student}
          skill={editing.skill}
          tab={editing.tab}
          current={bySkill.get(editing.skill.id)}
          shift={shift}
          canRecord={canRecord}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/** A native checkbox drawn as a switch: the first screen of a field phone carries no widget library for it. */
function AutoRefreshSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="col-span-2 flex min-h-11 cursor-pointer items-center gap-3 self-end sm:col-span-1">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => onChange(e.target.checked)}
        className="relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition before:absolute before:top-1 before:left-1 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-brand-700 checked:before:translate-x-5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <span className="text-sm font-medium text-slate-800">Auto-refresh (every 30 s)</span>
    </label>
  );
}

const OVERVIEW: { key: keyof ReturnType<typeof overviewCounts>; label: string; tone: Tone }[] = [
  { key: 'completed', label: 'Completed', tone: 'green' },
  { key: 'inProgress', label: 'In Progress', tone: 'blue' },
  { key: 'needWork', label: 'Need Work', tone: 'yellow' },
  { key: 'notStarted', label: 'Not Started', tone: 'slate' },
];

function ProgressOverview({ counts }: { counts: ReturnType<typeof overviewCounts> }) {
  return (
    <div
      role="group"
      aria-label="Progress overview"
      className="order-last grid grid-cols-2 gap-3 sm:order-none sm:grid-cols-4"
    >
      {OVERVIEW.map(({ key, label, tone }) => (
        <div key={key} className={`rounded-xl p-3 text-center ${TONE_CLASSES[tone]}`}>
          <p className="text-2xl font-bold">{counts[key]}</p>
          <p className="text-sm font-medium">{label}</p>
        </div>
      ))}
    </div>
  );
}

function QuickStat({ label, value, extra }: { label: string; value: string; extra?: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">
        {value}
        {extra && <span className="ml-2 font-medium text-red-800">{extra}</span>}
      </dd>
    </div>
  );
}

interface SkillCardProps {
  skill: SkillRow;
  progress?: ProgressRow;
  pending: boolean;
  onOpen?: (skill: SkillRow, tab: DialogTab) => void;
  onLog?: (skill: SkillRow, outcome: AttemptOutcome) => void;
}

/** The figures a card shows of its record: every read of the records brings new objects, equal or not. */
const CARD_FIGURES = ['status', 'progressPercentage', 'attempts', 'successfulAttempts', 'pendingAttempts'] as const;
const sameCard = (a: SkillCardProps, b: SkillCardProps) =>
  a.skill === b.skill &&
  a.pending === b.pending &&
  a.onOpen === b.onOpen &&
  a.onLog === b.onLog &&
  (a.progress === b.progress || CARD_FIGURES.every((k) => a.progress?.[k] === b.progress?.[k]));

/** A level has up to 150 skills: after one attempt, only that skill's card draws again. */
const SkillCard = memo(function SkillCard({ skill, progress, pending, onOpen, onLog }: SkillCardProps) {
  const body = (
    <>
      <span className="font-medium">{skill.name}</span>
      <span className="text-sm text-slate-600">
        {skill.category}
        {skill.smcMatrixNumber ? ` · ${skill.smcMatrixNumber}` : ''}
      </span>
      <span className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={statusOf(progress)} />
        {progress ? (
          <span>
            {progress.progressPercentage}% · {progress.successfulAttempts} of {progress.attempts} successful
          </span>
        ) : (
          <span className="text-slate-600">No attempts yet</span>
        )}
        {!!progress?.pendingAttempts && (
          <span className="text-xs text-amber-800">{progress.pendingAttempts} awaiting verification</span>
        )}
        {pending && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Pending sync</span>
        )}
      </span>
    </>
  );
  return (
    <div className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {onOpen ? (
        <button
          type="button"
          onClick={() => onOpen(skill, 'Log attempt')}
          aria-label={`Details: ${skill.name}`}
          className="flex flex-col gap-2 rounded-lg text-left hover:text-brand-700"
        >
          {body}
        </button>
      ) : (
        <div className="flex flex-col gap-2">{body}</div>
      )}
      {onOpen && (
        <button
          type="button"
          onClick={() => onOpen(skill, 'History')}
          aria-label={`History: ${skill.name}`}
          className="min-h-11 self-start rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-slate-100"
        >
          History
        </button>
      )}
      {onLog && (
        <div className="mt-auto grid grid-cols-2 gap-2">
          <button
            type="button"
            aria-label={`Successful: ${skill.name}`}
            onClick={() => onLog(skill, 'successful')}
            className={buttonClass('primary')}
          >
            ✓ Successful
          </button>
          <button
            type="button"
            aria-label={`Unsuccessful: ${skill.name}`}
            onClick={() => onLog(skill, 'unsuccessful')}
            className={buttonClass('secondary')}
          >
            ✗ Unsuccessful
          </button>
        </div>
      )}
    </div>
  );
}, sameCard);
