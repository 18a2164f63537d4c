/**
 * Bulk Entry tab: logs one attempt at one skill for each chosen student, through the sync engine (works offline).
 * Each student's current status is shown beside them; a status chosen for the session only ever raises one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';

import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_OUTCOMES,
  ATTEMPT_SETTING_LABELS,
  ATTEMPT_SETTINGS,
  SKILL_STATUS_LABELS,
  type SkillStatus,
} from '#schema/enums.ts';
import { byPersonName, compareText } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { useRows, useRowsWhere } from '#web/lib/data.ts';
import { fullName } from '#web/lib/format.ts';
import { RecordsNotice, useRecordsHere, useStudentsRecords } from '#web/lib/student-records.tsx';
import { EmptyState } from '#web/lib/ui/display.tsx';
import { CheckboxField, SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import {
  bulkAttemptArgs,
  type BulkEntry,
  type BulkEntryInput,
  bulkEntrySchema,
  raisesStatus,
  sessionNote,
} from './bulk-entry.ts';
import { ENTRY_LEVELS, levelLabel } from './overview.ts';
import { useLogBulkAttempts } from './use-log-bulk-attempts.ts';

type StudentRow = DomainRows['students'];

/** 'Maya Chen · STU-2026002 · Paramedic — In Progress': with the chosen skill's current status. */
const studentLabel = (s: StudentRow, status: string | null | undefined) =>
  [s.firstName + ' ' + s.lastName, s.studentId, levelLabel(s.emsCertificationLevel)].join(' · ') +
  (status === null ? '' : ` — ${SKILL_STATUS_LABELS[(status ?? 'not_started') as SkillStatus]}`);
const SETTING_OPTIONS = ATTEMPT_SETTINGS.map((s) => [s, ATTEMPT_SETTING_LABELS[s]] as const);
const OUTCOME_OPTIONS = ATTEMPT_OUTCOMES.map((o) => [o, ATTEMPT_OUTCOME_LABELS[o]] as const);
const STATUS_OPTIONS = (['completed', 'in_progress', 'needs_improvement'] as const).map(
  (s) => [s, SKILL_STATUS_LABELS[s]] as const,
);
const PRECEPTOR_ROLES = new Set(['preceptor', 'instructor']);

export interface BulkEntryProps {
  students: StudentRow[];
  user: { id: string; firstName: string; lastName: string };
  canRecord: boolean;
  today: string;
}

export function BulkEntryForm({ students, user, canRecord, today }: BulkEntryProps) {
  if (!canRecord) {
    return (
      <EmptyState
        title="Bulk entry is for staff who record skill progress"
        text="Instructors, preceptors, administration and directors log attempts for several students at once."
      />
    );
  }
  if (students.length === 0)
    return <EmptyState title="No students" text="There are no EMS students to record progress for." />;
  return <BulkForm students={students} user={user} today={today} />;
}

function BulkForm({ students, user, today }: Omit<BulkEntryProps, 'canRecord'>) {
  const logAll = useLogBulkAttempts();
  const sites = useRows('clinicalSites');
  const users = useRows('users');
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<BulkEntryInput, unknown, BulkEntry>({
    resolver: zodResolver(bulkEntrySchema),
    defaultValues: {
      clinicalSiteId: '',
      assessmentDate: today,
      preceptorId: user.id,
      level: 'emt',
      skillId: '',
      setting: 'clinical',
      outcome: 'successful',
      status: '',
      studentIds: [],
    },
  });
  const level = watch('level');
  // controlled, so a choice shows once its option arrives from the device database (options load after the form)
  const select = (name: 'clinicalSiteId' | 'preceptorId' | 'skillId' | 'status' | 'setting' | 'outcome') => ({
    ...register(name),
    value: watch(name),
  });
  const chosen = watch('studentIds') ?? [];
  const skillId = watch('skillId');
  const skillRows = useRowsWhere('studentSkills', 'skillId', skillId || undefined);
  const statusOf = useMemo(() => new Map((skillRows ?? []).map((r) => [r.studentId, r.status])), [skillRows]);
  // a desk device holds the statuses of the students it opened only: it opens those chosen, shows a status only
  // where it is here, and starts the session (which raises statuses from them) once every chosen one's has come
  const here = useRecordsHere();
  const chosenRecords = useStudentsRecords(chosen);

  const siteOptions = useMemo(
    () => [...(sites ?? [])].sort((a, b) => compareText(a.name, b.name)).map((s) => [s.id, s.name] as const),
    [sites],
  );
  const preceptors = useMemo(() => {
    const list = (users ?? []).filter((u) => u.isActive && (PRECEPTOR_ROLES.has(u.role) || u.id === user.id));
    const people = list.some((u) => u.id === user.id) ? list : [...list, user];
    return people.sort(byPersonName).map((u) => [u.id, fullName(u)] as const);
  }, [users, user]);
  const levelSkills = useRowsWhere('skills', '[programType+certificationLevel]', ['ems', level]);
  const skillOptions = useMemo(
    () =>
      [...(levelSkills ?? [])]
        .sort((a, b) => compareText(a.name, b.name))
        .map((k) => [k.id, k.smcMatrixNumber ? `${k.name} (${k.smcMatrixNumber})` : k.name] as const),
    [levelSkills],
  );

  const setStudents = (ids: string[]) => setValue('studentIds', ids, { shouldValidate: !!errors.studentIds });
  const toggle = (id: string) => setStudents(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  const allChosen = chosen.length === students.length;

  const start = handleSubmit(async (entry) => {
    const note = sessionNote(
      entry,
      sites?.find((s) => s.id === entry.clinicalSiteId)?.name,
      preceptors.find(([id]) => id === entry.preceptorId)?.[1],
    );
    const chosenStatus = entry.status || undefined;
    await logAll(
      entry.studentIds.map((studentId) => ({
        attempt: bulkAttemptArgs(entry, studentId, note),
        raiseTo: chosenStatus && raisesStatus(chosenStatus, statusOf.get(studentId)) ? chosenStatus : undefined,
      })),
      chosenStatus,
    );
    // the session goes on with the same students; the skill is cleared so it is not recorded twice by accident
    resetField('skillId', { defaultValue: '' });
  });

  return (
    <form onSubmit={start} noValidate className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Clinical site"
          placeholder="Select a clinical site"
          options={siteOptions}
          {...select('clinicalSiteId')}
        />
        <TextField
          label="Assessment date"
          type="date"
          error={errors.assessmentDate?.message}
          {...register('assessmentDate')}
        />
        <SelectField
          label="Preceptor"
          placeholder="Select a preceptor"
          options={preceptors}
          {...select('preceptorId')}
        />
        <SelectField
          label="Certification level"
          options={ENTRY_LEVELS}
          {...register('level', { onChange: () => resetField('skillId', { defaultValue: '' }) })}
          value={level}
        />
        <SelectField
          label="Skill"
          placeholder="Select a skill"
          options={skillOptions}
          error={errors.skillId?.message}
          className="sm:col-span-2"
          {...select('skillId')}
        />
        <SelectField label="Setting" options={SETTING_OPTIONS} {...select('setting')} />
        <SelectField label="Outcome" options={OUTCOME_OPTIONS} {...select('outcome')} />
        <SelectField
          label="Status (optional)"
          placeholder="From the attempts"
          options={STATUS_OPTIONS}
          {...select('status')}
        />
      </div>
      <fieldset className="rounded-xl border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-800">
          Students ({chosen.length} of {students.length} selected)
        </legend>
        <label className="flex min-h-11 items-center gap-3 border-b border-slate-200 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="h-5 w-5 rounded border-slate-400"
            checked={allChosen}
            ref={(el) => {
              if (el) el.indeterminate = chosen.length > 0 && !allChosen;
            }}
            onChange={() => setStudents(allChosen ? [] : students.map((s) => s.id))}
          />
          Select all
        </label>
        <div className="grid sm:grid-cols-2 lg:grid-cols-3">
          {students.map((s) => (
            <CheckboxField
              key={s.id}
              label={studentLabel(s, skillId && here?.(s.id) ? statusOf.get(s.id) : null)}
              checked={chosen.includes(s.id)}
              onChange={() => toggle(s.id)}
            />
          ))}
        </div>
        {errors.studentIds && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errors.studentIds.message}
          </p>
        )}
      </fieldset>
      <p className="text-sm text-slate-600">
        Each chosen student gets one attempt on this date. A status chosen here is given only to students whose current
        status is lower; it never lowers one (a Completed student stays Completed).
      </p>
      <RecordsNotice state={chosenRecords} several />
      <button
        type="submit"
        disabled={isSubmitting || chosenRecords !== 'here'}
        className={buttonClass('primary', 'self-start')}
      >
        Start Bulk Entry Session
      </button>
    </form>
  );
}
