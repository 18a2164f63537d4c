/**
 * "<name>'s later change to <field> stands": assessment edits made on this device that lost to a later one, recorded
 * by the sync engine when the server's answer arrives (sync/client/engine.ts). Features read them here, not from
 * sync/client directly.
 */
import type { AssessmentNotice } from '#sync/client/db.ts';

import { useLiveQuery } from './live-query.ts';
import { useSync } from './sync.tsx';

export type { AssessmentNotice };

/** The notices for one student's skill (or all, without a pair), oldest first; undefined while the first read runs. */
export function useAssessmentNotices(pair?: { studentId: string; skillId: string }): AssessmentNotice[] | undefined {
  const { db } = useSync();
  return useLiveQuery(
    () =>
      pair
        ? db.notices.where('[studentId+skillId]').equals([pair.studentId, pair.skillId]).sortBy('seq')
        : db.notices.orderBy('seq').toArray(),
    [db, pair?.studentId, pair?.skillId],
  );
}

/** Removes a notice the user has read. */
export function useDismissNotice(): (seq: number) => Promise<void> {
  const { db } = useSync();
  return (seq) => db.notices.delete(seq);
}
