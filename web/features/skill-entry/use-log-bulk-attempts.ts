/**
 * Bulk entry's writes (web/lib/writes/skill-attempts.ts) with this tab's toast texts: who was logged and, with the
 * session's status, who got it and who kept a higher one. Resolves to how many students were logged.
 */
import type { SkillStatus } from '#schema/enums.ts';
import { type BulkStudentWrite, useLogBulkAttempts as useBulkWrites } from '#web/lib/writes/skill-attempts.ts';

import { bulkSavedText, bulkStatusText, bulkSuccessText } from './bulk-entry.ts';

export function useLogBulkAttempts() {
  const logAll = useBulkWrites();
  /** `status`: the session's chosen status, if any. */
  return (all: readonly BulkStudentWrite[], status?: SkillStatus): Promise<number> => {
    const text = (first: string, logged: number, raised: number) =>
      [first, status ? bulkStatusText(status, raised, logged) : null].filter(Boolean).join('. ');
    return logAll(all, {
      success: (logged, raised) => text(bulkSuccessText(logged), logged, raised),
      saved: (logged, raised) => text(bulkSavedText(logged), logged, raised),
    });
  };
}
