/** Shift rows for the shifts screens' tests (a shift row is shared with the student home's: web/lib/testing/). */
export { shiftRow } from '#web/lib/testing/test-rows.ts';

export const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };
