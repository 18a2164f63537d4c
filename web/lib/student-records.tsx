/**
 * A desk device holds every student's figures but only the records of the students its user opened
 * (schema/device-set.ts): a screen showing one student's records opens that student, which fetches them online and
 * keeps them for offline use, and says so plainly when offline before they came.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';

import { holdsSummariesOnly } from '#schema/device-set.ts';
import { MSG } from '#schema/messages.ts';
import { fetchedIn } from '#sync/client/opened-students.ts';

import { useSession } from './session.tsx';
import { useSync } from './sync.tsx';
import { EmptyState, Loading } from './ui/display.tsx';

export type StudentRecordsState = 'here' | 'fetching' | 'not-on-device';

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
  const { db, engine } = useSync();
  const session = useSession();
  const desk = session.status === 'signed-in' && holdsSummariesOnly(session.user.role);
  useEffect(() => {
    if (desk && studentId) void engine.openStudent(studentId);
  }, [desk, studentId, engine]);
  const fetched = useLiveQuery(
    async () => (desk && studentId ? fetchedIn(db, studentId) : true),
    [db, desk, studentId],
  );
  const online = useOnline();
  if (!desk || !studentId || fetched) return 'here';
  return online || fetched === undefined ? 'fetching' : 'not-on-device';
}

/** The student's records part of a screen, once they are on this device. */
export function StudentRecordsGate({ studentId, children }: { studentId: string | undefined; children: ReactNode }) {
  return useStudentRecords(studentId) === 'here' ? children : <StudentRecordsNotice studentId={studentId} />;
}

/**
 * Above a screen that keeps its student picker within: nothing once the records are here, else whether they are on
 * their way or not on this device yet.
 */
export function StudentRecordsNotice({ studentId }: { studentId: string | undefined }) {
  const state = useStudentRecords(studentId);
  if (state === 'here') return null;
  if (state === 'fetching') return <Loading text="Fetching this student's records..." />;
  return <EmptyState title="Not on this device yet" text={MSG.notOnDeviceYet} />;
}
