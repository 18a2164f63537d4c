/**
 * The students a desk device has opened (schema/device-set.ts): it asks the server for their per-skill records in every
 * pull, and holds them for offline use. Newest first; opening one past MAX_OPENED_STUDENTS lets the longest unopened
 * go, with its rows of those tables, since the server no longer keeps them up (they come back in full when opened again).
 */
import { MAX_OPENED_STUDENTS, OPENED_STUDENT_TABLES } from '#schema/device-set.ts';

import type { Cookie } from '../protocol.ts';
import type { TrainingDb } from './db.ts';

const OPENED_KEY = 'openedStudents';

/** The students this device asks the server to keep it up with, newest first. */
export const openedStudents = async (db: TrainingDb) => (await db.getMeta<string[]>(OPENED_KEY)) ?? [];

/**
 * Notes the students opened, the first newest; false when they already were the last opened (nothing to ask the
 * server). A screen listing students opens them all at once, so each showing of it asks nothing more.
 */
export function noteOpened(db: TrainingDb, studentIds: readonly string[]): Promise<boolean> {
  const tables = OPENED_STUDENT_TABLES.map((name) => db.domain(name));
  return db.transaction('rw', [db.meta, ...tables], async () => {
    const before = await openedStudents(db);
    const newest = new Set(before.slice(0, studentIds.length));
    if (studentIds.every((id) => newest.has(id))) return false;
    const asked = new Set(studentIds);
    const after = [...asked, ...before.filter((id) => !asked.has(id))];
    const gone = new Set(after.splice(MAX_OPENED_STUDENTS));
    // rare (the 201st student), so read through rather than index every table by student
    if (gone.size) for (const table of tables) await table.filter((r) => gone.has(r.studentId as string)).delete();
    await db.setMeta(OPENED_KEY, after);
    return true;
  });
}

/** The students whose records the server has sent in full to this device. */
export const fetchedStudents = async (db: TrainingDb) => new Set((await db.getMeta<Cookie>('cookie'))?.opened);

/** Whether the server has sent these students' records in full to this device (the cookie says whose it has). */
export async function fetchedIn(db: TrainingDb, studentIds: readonly string[]) {
  const opened = await fetchedStudents(db);
  return studentIds.every((id) => opened.has(id));
}
