import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import type { ContactListQuery } from '../../../schema/paging.ts';
import * as t from '../../../schema/tables.ts';
import type { Actor } from '../../commands/command.ts';
import type { Q } from '../../db/open.ts';
import { keysOf, rowidOf, rowsByKey, type List } from '../../http/paging.ts';
import { visibleWhere } from '../../permissions/visibility.ts';

export const contactToApi = ({ deletedAt: _d, ...c }: typeof t.patientContacts.$inferSelect) => c;

/** The patient contacts of the students the actor may see, newest first. */
export function contactList(q: Q, actor: Actor, f: ContactListQuery): List<ReturnType<typeof contactToApi>> {
  const where = and(
    isNull(t.patientContacts.deletedAt),
    visibleWhere.patientContacts(q, actor),
    f.studentId ? eq(t.patientContacts.studentId, f.studentId) : undefined,
  );
  const key = rowidOf(t.patientContacts);
  const joined = <S extends SelectedFields>(fields: S) => q.select(fields).from(t.patientContacts);
  return {
    total: () => joined({ n: count() }).where(where).get()!.n,
    keys: (page) =>
      keysOf(
        q,
        joined({ key })
          .where(where)
          .orderBy(desc(t.patientContacts.date), desc(t.patientContacts.createdAt), asc(t.patientContacts.id))
          .$dynamic(),
        page,
      ),
    rows: (keys) => rowsByKey(q, t.patientContacts, keys).map(contactToApi),
  };
}
