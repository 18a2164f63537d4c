/**
 * A desk device holds every student's figures but only the records of the students its user opened
 * (schema/device-set.ts): a screen showing one student's records opens that student, which fetches them online and
 * keeps them for offline use, and says so plainly when offline before they came.
 */
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';

import { holdsSummariesOnly, MAX_OPENED_STUDENTS } from '#schema/device-set.ts';
import { MSG } from '#schema/messages.ts';
import { fetchedIn, fetchedStudents } from '#sync/client/opened-students.ts';

import { useLiveQuery } from './live-query.ts';
import { useSession } from './session.tsx';
import { useSync } from './sync.tsx';
import { EmptyState, Loading } from './ui/display.tsx';

/** 'too-many': more students than a device holds opened at once (MAX_OPENED_STUDENTS); a screen asks to narrow. */
export type StudentRecordsState = 'here' | 'fetching' | 'not-on-device' | 'too-many';

const subscribeOnline = (changed: () => void) => {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
};
const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

/** Opens the student on a desk device and says whether their records are here; others hold them all already. */
export function useStudentRecords(studentId: string | undefined): StudentRecordsState {
  return useStudentsRecords(studentId ? [studentId] : undefined);
}

/**
 * Opens these students on a desk device and says whether every one's records are here: a screen showing figures of
 * several students shows them once all have come, never a count short of those still on their way. `readWithRows`:
 * whether they were here as the screen read its rows, in the same read (so no figure counts rows read before).
 */
export function useStudentsRecords(
  studentIds: readonly string[] | undefined,
  readWithRows?: boolean,
): StudentRecordsState {
  const { db, engine } = useSync();
  const session = useSession();
  const desk = session.status === 'signed-in' && holdsSummariesOnly(session.user.role);
  const tooMany = (studentIds?.length ?? 0) > MAX_OPENED_STUDENTS;
  const key = studentIds?.join() ?? '';
  useEffect(() => {
    if (desk && studentIds?.length && !tooMany) void engine.openStudents(studentIds);
    // the ids by value: a list read again with the same students opens nothing more
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [desk, key, tooMany, engine]);
  // a live query answers its previous result until the new one resolves: never another list's answer meanwhile
  const answer = useLiveQuery(
    async () => ({ key, fetched: desk && studentIds?.length ? await fetchedIn(db, studentIds) : true }),

    [db, desk, key],
  );
  const fetched = answer?.key === key ? answer.fetched : undefined;
  const online = useOnline();
  if (!desk || !studentIds?.length || (readWithRows ?? fetched)) return 'here';
  if (tooMany) return 'too-many';
  return online || fetched === undefined ? 'fetching' : 'not-on-device';
}

/**
 * Whether this device holds a student's records: every student's but on a desk device, there those fetched (opened
 * and come). undefined while reading. For a list showing a record of each student beside them.
 */
export function useRecordsHere(): ((studentId: string) => boolean) | undefined {
  const { db } = useSync();
  const session = useSession();
  const desk = session.status === 'signed-in' && holdsSummariesOnly(session.user.role);
  const fetched = useLiveQuery(async () => (desk ? fetchedStudents(db) : null), [db, desk]);
  if (fetched === undefined) return undefined;
  return fetched ? (id) => fetched.has(id) : () => true;
}

/** The student's records part of a screen, once they are on this device. */
export function StudentRecordsGate({ studentId, children }: { studentId: string | undefined; children: ReactNode }) {
  const state = useStudentRecords(studentId);
  return state === 'here' ? children : <RecordsNotice state={state} />;
}

/** What a screen shows in place of students' records not here: nothing once they are. */
export function RecordsNotice({ state, several = false }: { state: StudentRecordsState; several?: boolean }) {
  if (state === 'here') return null;
  if (state === 'fetching')
    return <Loading text={several ? "Fetching these students' records..." : "Fetching this student's records..."} />;
  if (state === 'too-many') return <EmptyState title="Too many students to show here" text={MSG.tooManyToOpen} />;
  return <EmptyState title="Not on this device yet" text={several ? MSG.studentsNotOnDeviceYet : MSG.notOnDeviceYet} />;
}
