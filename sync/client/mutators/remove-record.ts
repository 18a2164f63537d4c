/** The device's side of api/domain/evidence/remove-record.ts. */
import { queuedRemoveEntrySchema, removeEntrySchema } from '#schema/common.ts';

import { entityKey } from '../entity-keys.ts';
import { mutator } from './mutator.ts';
import { markChangedAfterSigning } from './sign-off-effects.ts';

/** A wrong contact or hours entry leaves the device's figures at once, and the sign-offs holding it are changed. */
export const removeStudentRecord = (table: 'patientContacts' | 'clinicalHours') =>
  mutator({
    args: removeEntrySchema,
    queuedArgs: queuedRemoveEntrySchema,
    entityKeys: (a) => [entityKey(table, a.id)],
    async apply(w, { id }, ctx) {
      const row = await w.get(table, id);
      await w.delete(table, id);
      if (row) await markChangedAfterSigning(w, row.studentId, id, ctx);
    },
  });
