/**
 * Screens read the device's database through live queries: they update as sync or local writes change it. A query
 * by index (`useRowsWhere`) re-runs only when a row in the range it read changes, so a screen showing one student's
 * records does not re-read when another student's change arrives; `useRows` re-runs on any change to its table.
 */
import type { IndexableType } from 'dexie';
import { useMemo, useState } from 'react';

import type { SmcFigures } from '#schema/smc.ts';
import { DOMAIN_TABLES, type DomainRows, type DomainTable } from '#sync/client/db.ts';
import type { SyncPhase, SyncStatus } from '#sync/client/engine.ts';
import { fetchedIn } from '#sync/client/opened-students.ts';
import { readStudentSmc, readStudentsSmc } from '#sync/client/smc.ts';
import { pendingEntityKeys, STOPPED_PHASES } from '#sync/client/status.ts';
import {
  readStudentSummaries,
  type StudentWithProgress,
  type StudentWithSummary,
  type SummarizedStudent,
  summarizeStudents,
} from '#sync/client/student-figures.ts';
import type { ProgramTypeTotals } from '#sync/client/type-totals.ts';

import { useLiveQuery } from './live-query.ts';
import { type StudentRecordsState, useStudentsRecords } from './student-records.tsx';
import { useSync } from './sync.tsx';
import { FIRST_VIEW_IDLE_MS, useIdle } from './use-idle.ts';

/** Every row of a table on this device (undefined while the first read runs). */
export function useRows<N extends DomainTable>(name: N): DomainRows[N][] | undefined {
  const { db } = useSync();
  return useLiveQuery(() => db.rows(name).toArray(), [db, name]);
}

/** One row by id (undefined while reading, or when there is none or no id yet). */
export function useRow<N extends DomainTable>(name: N, id: string | undefined): DomainRows[N] | undefined {
  const { db } = useSync();
  return useLiveQuery(async () => (id ? await db.rows(name).get(id) : undefined), [db, name, id]);
}

/** The clinical sites still in use, as [id, name] options for a form's site select. */
/** The clinical sites a record may name: the active ones, as select options. */
export const activeSiteOptions = (sites: readonly DomainRows['clinicalSites'][]) =>
  sites.filter((s) => s.isActive).map((s) => [s.id, s.name] as const);

export function useActiveSiteOptions(): (readonly [string, string])[] {
  return activeSiteOptions(useRows('clinicalSites') ?? []);
}

type IndexList<S extends string> = S extends `${infer Head}, ${infer Rest}` ? Head | IndexList<Rest> : S;
/** The indexes sync/client/db.ts declares for a table (the primary key `id` is read with `get`, not here). */
export type IndexOf<N extends DomainTable> = Exclude<IndexList<(typeof DOMAIN_TABLES)[N]>, 'id'>;

/**
 * The rows whose index equals `value` (a compound index such as `[programType+certificationLevel]` takes an array);
 * [] when there is nothing to look for (no student chosen yet). undefined while the first read runs.
 */
export function useRowsWhere<N extends DomainTable>(
  name: N,
  index: IndexOf<N>,
  value: IndexableType | undefined,
): DomainRows[N][] | undefined {
  const { db } = useSync();
  const key = JSON.stringify([name, index, value]);
  // a live query answers its previous result until the new one resolves: never show another value's rows meanwhile
  const answer = useLiveQuery(
    async () => ({ key, rows: value === undefined ? [] : await db.rows(name).where(index).equals(value).toArray() }),
    [db, key],
  );
  return answer?.key === key ? answer.rows : undefined;
}

/**
 * A student's SMC (schema/smc.ts) from this device: undefined while reading, null when the student is not here. The
 * one reader the contact panel, the tracker and the reports use.
 */
export function useStudentSmc(studentId: string | undefined): SmcFigures | null | undefined {
  const { db } = useSync();
  const answer = useLiveQuery(
    async () => ({ studentId, smc: studentId ? ((await readStudentSmc(db, studentId)) ?? null) : null }),
    [db, studentId],
  );
  return answer && answer.studentId === studentId ? answer.smc : undefined;
}

/** Reads several students' SMC when asked (a report's download), from the same reader as `useStudentSmc`. */
export function useSmcReader(): (studentIds: readonly string[]) => Promise<Map<string, SmcFigures>> {
  const { db } = useSync();
  return (studentIds) => readStudentsSmc(db, studentIds);
}

/** Records with changes on this device that the server has not acknowledged yet, by their keys (sync/client/entity-keys.ts). */
export function usePendingKeys(): Set<string> {
  const { db } = useSync();
  return useLiveQuery(() => pendingEntityKeys(db), [db]) ?? new Set<string>();
}

export type { StudentWithSummary, SummarizedStudent };

/**
 * Students the user may see with their progress and hours, computed by the same rules as the server's reports. Reads
 * the figures the device keeps per student (sync/client/student-figures.ts), one row a student, not their records.
 */
export function useStudentSummaries(): StudentWithSummary[] | undefined {
  const { db } = useSync();
  return useLiveQuery(() => readStudentSummaries(db), [db]);
}

/** One program type's totals over the students on this device (skill entry's tiles); null when it has none. */
export function useProgramTypeTotals(programType: string): ProgramTypeTotals | null | undefined {
  const { db } = useSync();
  return useLiveQuery(async () => (await db.programTypeTotals.get(programType)) ?? null, [db, programType]);
}

/** Why a desk device cannot show students' records yet (student-records.tsx): the screen says so in their place. */
export type RecordsMissing = Exclude<StudentRecordsState, 'here' | 'fetching'>;

/**
 * The summaries of one program type's students (or one program's, given) with their full progress records (the
 * discipline trackers' matrix, skill entry's reports), read by index: only those programs, their students, the type's
 * skills and those students' progress and hours. A change to another program's records does not re-run it. A desk
 * device holds the progress of the students it opened only: it opens them all and answers once every one's records
 * are here (undefined meanwhile), never figures short of the students still on their way.
 */
export function useProgramTypeSummaries(
  programType: string,
  programId?: string,
): StudentWithProgress[] | RecordsMissing | undefined {
  const { db } = useSync();
  const summaries = useLiveQuery(async () => {
    const type = await db.programTypeStudents(programType);
    const programs = programId ? type.programs.filter((p) => p.id === programId) : type.programs;
    const students = programId ? type.students.filter((s) => s.programId === programId) : type.students;
    const ids = students.map((s) => s.id);
    const [skills, progress, hours, books, records] = await Promise.all([
      db.rows('skills').where('programType').equals(programType).toArray(),
      db.rowsWithAnyOf('studentSkills', 'studentId', ids),
      db.rowsWithAnyOf('clinicalHours', 'studentId', ids),
      db.rowsWithAnyOf('taskBooks', 'studentId', ids),
      db.rowsWithAnyOf('jprSignOffs', 'studentId', ids),
    ]);
    return {
      key: `${programType} ${programId}`,
      list: summarizeStudents(students, programs, skills, progress, hours, { books, records }),
      fetched: await fetchedIn(db, ids),
    };
  }, [db, programType, programId]);
  const current = summaries?.key === `${programType} ${programId}` ? summaries : undefined;
  const ids = useMemo(() => current?.list.map((s) => s.student.id), [current]);
  const records = useStudentsRecords(ids, current?.fetched);
  if (!current || records === 'fetching') return undefined;
  return records === 'here' ? current.list : records;
}

/** Phases after which a first sync is not running: it landed, or it stopped (no signal, refused) and waits. */
const SETTLED_PHASES = new Set<SyncPhase>(['in-sync', ...STOPPED_PHASES]);

/**
 * False while this device's first sync is still bringing pages (the screens draw each one); true once the device has
 * synced at least once or the first sync has stopped. Work the first screen does not need waits for it.
 */
export function useFirstSyncSettled(): boolean {
  return useSettledRead() ?? false;
}

/** {@link useFirstSyncSettled}, undefined while the device's status is read. */
function useSettledRead(): boolean | undefined {
  const { db } = useSync();
  return useLiveQuery(async () => {
    const status = await db.getMeta<SyncStatus>('status');
    return Boolean(status?.lastSyncedAt) || (status !== undefined && SETTLED_PHASES.has(status.phase));
  }, [db]);
}

/**
 * Whether a part below a screen's first view may render, and so fetch its code (My Shifts on a student's home): at
 * once on a device that had synced when the screen opened; on a first visit once the first sync has settled and the
 * browser is idle, when the shell fetches the field screens, whose file holds that code (app-shell.tsx). Rendered at
 * once, the home's card fetched and ran that file (116 KB brotli, zod with it) before the home's first paint on a
 * phone's first visit (docs/PERFORMANCE.md, issue 32).
 */
export function useBelowFirstView(): boolean {
  const settled = useSettledRead();
  const [settledAtOpen, setSettledAtOpen] = useState<boolean>();
  if (settledAtOpen === undefined && settled !== undefined) setSettledAtOpen(settled);
  const { idle } = useIdle(FIRST_VIEW_IDLE_MS, settled === true && settledAtOpen === false);
  return settledAtOpen === true || idle;
}
