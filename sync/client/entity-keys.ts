/**
 * The keys a queued mutation files under in the outbox, one per record it changes: screens look a record's key up
 * there to mark it 'Pending sync' until the server has it.
 */
import type { SyncedTableName } from '../protocol.ts';

export const entityKey = (table: SyncedTableName, id: string) => `${table}:${id}`;

/** A student's progress on a skill is keyed by the pair: a record made offline elsewhere may hold it under another id. */
export const progressKey = (studentId: string, skillId: string) =>
  entityKey('studentSkills', `${studentId}/${skillId}`);
