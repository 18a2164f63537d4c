import { localDay } from '#schema/dates.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import { useSync } from '#web/lib/sync.tsx';
import { entityKey, pendingEntityKeys } from '#web/lib/sync-client.ts';

import { signableRecords } from '../sign-offs/index.ts';
import { type MyProgress, myProgress } from './my-progress-figures.ts';

export type MyHome =
  | {
      state: 'ready';
      figures: MyProgress;
      studentId: string;
      programType: string;
      programName: string;
      expectedGraduation: string;
    }
  | { state: 'no-record' };

/** The signed-in student's home figures, from the device database only, so the home works with no signal. */
export function useMyProgress(userId: string): MyHome | undefined {
  const { db } = useSync();
  return useLiveQuery(async (): Promise<MyHome> => {
    const student = await db.rows('students').where('userId').equals(userId).first();
    if (!student) return { state: 'no-record' };
    const program = await db.rows('programs').get(student.programId);
    const [
      skills,
      progress,
      hours,
      contacts,
      signOffs,
      attempts,
      voids,
      bookings,
      messages,
      sites,
      queued,
      books,
      jprRecords,
    ] = await Promise.all([
      program ? db.rows('skills').where('programType').equals(program.type).toArray() : [],
      db.rows('studentSkills').where('studentId').equals(student.id).toArray(),
      db.rows('clinicalHours').where('studentId').equals(student.id).toArray(),
      db.rows('patientContacts').where('studentId').equals(student.id).toArray(),
      db.rows('signOffs').where('studentId').equals(student.id).toArray(),
      db.rows('skillAttempts').where('studentId').equals(student.id).toArray(),
      db.rows('skillAttemptVoids').toArray(),
      db.rows('shiftBookings').where('studentId').equals(student.id).toArray(),
      db.rows('messages').where('recipientId').equals(userId).toArray(),
      db.rows('clinicalSites').toArray(),
      // read here, not through a hook, so a booking queued or confirmed redraws the card with the figures
      pendingEntityKeys(db),
      db.rows('taskBooks').where('studentId').equals(student.id).toArray(),
      db.rows('jprSignOffs').where('studentId').equals(student.id).toArray(),
    ]);
    const shifts = (await db.rows('shifts').bulkGet(bookings.map((b) => b.shiftId))).filter((s) => !!s);
    const unsigned = signableRecords({ attempts, voids, contacts, hours, signOffs, skills }, student.id, userId);
    const siteNames = new Map(sites.map((s) => [s.id, s.name]));
    const now = new Date();
    return {
      state: 'ready',
      studentId: student.id,
      programType: program?.type ?? 'ems',
      programName: program?.name ?? '',
      expectedGraduation: student.expectedGraduation,
      figures: myProgress(
        {
          student,
          program,
          skills,
          progress,
          hours,
          contacts,
          signOffs,
          shifts,
          bookings,
          pendingBookings: new Set(
            bookings.filter((b) => queued.has(entityKey('shiftBookings', b.id))).map((b) => b.id),
          ),
          messages,
          books,
          jprRecords,
          unsignedRecords: unsigned.length,
        },
        {
          userId,
          today: localDay(now),
          now: now.toISOString(),
          siteName: (id) => (id ? siteNames.get(id) : undefined),
        },
      ),
    };
  }, [db, userId]);
}
