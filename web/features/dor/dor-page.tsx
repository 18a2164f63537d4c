import { useMemo, useState } from 'react';

import { latestToday } from '#schema/dates.ts';
import { dorCategoriesOf } from '#schema/dor-categories.ts';
import { can } from '#schema/permissions.ts';
import { useFirstSyncSettled, usePendingKeys, useRows, useRowsWhere } from '#web/lib/data.ts';
import { formatDate, fullName, plural } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { entityKey } from '#web/lib/sync-client.ts';
import { Badge, Card, EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useSaveDor } from '#web/lib/writes/dors.ts';

import { DorEditor } from './dor-editor.tsx';
import { DOR_STATUS_LABELS } from './dor-rules.ts';

/** The police trainees the user sees, with their programs (reports are kept for police programs only). */
function usePoliceTrainees() {
  const programs = useRowsWhere('programs', 'type', 'police');
  const students = useRows('students');
  return useMemo(() => {
    if (!programs || !students) return undefined;
    const byId = new Map(programs.map((p) => [p.id, p]));
    return students.filter((s) => byId.has(s.programId)).map((s) => ({ student: s, program: byId.get(s.programId)! }));
  }, [programs, students]);
}

/** Starts a report for a trainee and shift; the FTO then fills it in below. */
function NewReport({
  trainees,
  onCreated,
}: {
  trainees: { id: string; name: string }[];
  onCreated: (id: string) => void;
}) {
  const save = useSaveDor();
  const [studentId, setStudentId] = useState(trainees[0]?.id ?? '');
  const [date, setDate] = useState(latestToday(new Date()));
  const [shiftStart, setShiftStart] = useState('');
  return (
    <Card className="grid gap-3 sm:grid-cols-4">
      <SelectField
        label="Trainee"
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        options={trainees.map((t) => [t.id, t.name] as const)}
      />
      <TextField
        label="Date of the shift"
        type="date"
        max={latestToday(new Date())}
        value={date}
        onChange={(e) => setDate(e.target.value)}
      />
      <TextField
        label="Shift start"
        placeholder="HH:MM"
        value={shiftStart}
        onChange={(e) => setShiftStart(e.target.value)}
      />
      <button
        type="button"
        className={buttonClass('primary', 'self-end')}
        onClick={() => {
          const id = crypto.randomUUID();
          void save({ id, studentId, date, changes: { shiftStart: shiftStart || null } }).then(
            (ok) => ok && onCreated(id),
          );
        }}
      >
        New report
      </button>
    </Card>
  );
}

/** An empty list: none yet, or on a first visit, none arrived yet (an FTO with three weeks of reports is not told none). */
function NoReports() {
  return useFirstSyncSettled() ? (
    <EmptyState title="No reports yet" text="Reports appear here once an FTO starts one." />
  ) : (
    <EmptyState
      title="Bringing the reports to this device"
      text="They appear here as they arrive, and stay on this device for use with no signal."
    />
  );
}

/** Police Daily Observation Reports: the trainee's own, or those of the user's programs' trainees; one open below. */
export function DorPage({ openId, onOpen }: { openId?: string; onOpen: (id: string | undefined) => void }) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : undefined;
  const trainees = usePoliceTrainees();
  const dors = useRows('dors');
  const users = useRows('users');
  const pending = usePendingKeys();
  if (!user || !trainees || !dors || !users) return <Loading />;
  const nameOf = (id: string) => {
    const u = users.find((x) => x.id === id);
    return u ? fullName(u) : 'Someone';
  };
  const traineeOf = (studentId: string) => trainees.find((t) => t.student.id === studentId);
  const sorted = [...dors].sort((a, b) => b.date.localeCompare(a.date));
  const open = sorted.find((d) => d.id === openId);
  const openTrainee = open && traineeOf(open.studentId);
  const mayWrite = can(user.role, 'dor.write');
  const others = trainees.filter((t) => t.student.userId !== user.id);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Daily Observation Reports"
        description="Police field training: one report per trainee per shift, written by the FTO, acknowledged by the trainee, reviewed by a supervisor. Works with no signal."
      />
      {/* on a phone the open report comes first: starting another waits for the list */}
      {mayWrite && others.length > 0 && !(open && openTrainee) && (
        <NewReport
          trainees={others.map((t) => ({ id: t.student.id, name: fullName(t.student) }))}
          onCreated={(id) => onOpen(id)}
        />
      )}
      {open && openTrainee ? (
        <>
          <button type="button" className={buttonClass('secondary', 'self-start')} onClick={() => onOpen(undefined)}>
            Back to the list
          </button>
          <DorEditor
            dor={open}
            categories={dorCategoriesOf(openTrainee.program)}
            traineeName={fullName(openTrainee.student)}
            traineeUserId={openTrainee.student.userId}
            user={user}
            nameOf={nameOf}
            pending={pending.has(entityKey('dors', open.id))}
          />
        </>
      ) : sorted.length === 0 ? (
        <NoReports />
      ) : (
        <ul className="flex flex-col gap-2">
          {sorted.map((d) => {
            const trainee = traineeOf(d.studentId);
            return (
              <li key={d.id}>
                <button
                  type="button"
                  className="flex min-h-11 w-full flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 text-left text-sm shadow-sm"
                  onClick={() => onOpen(d.id)}
                >
                  <span className="font-medium text-slate-900">{formatDate(d.date)}</span>
                  <span className="text-slate-700">{trainee ? fullName(trainee.student) : 'Trainee'}</span>
                  <Badge tone={d.status === 'reviewed' ? 'green' : 'yellow'}>{DOR_STATUS_LABELS[d.status]}</Badge>
                  {pending.has(entityKey('dors', d.id)) && <Badge tone="blue">Pending sync</Badge>}
                  {/* two people's edits met: the one that lost is kept on the report, so say so from the list */}
                  {d.superseded.length > 0 && (
                    <Badge tone="yellow">{plural(d.superseded.length, 'edit')} stood over, kept</Badge>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
