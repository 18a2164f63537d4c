import { and, asc, desc, eq } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { type List, tableList } from '#api/http/paging.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { PatientContactAnswer } from '#schema/api-answers.ts';
import type { ContactListQuery } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

export const contactToApi = ({ deletedAt: _d, ...c }: typeof t.patientContacts.$inferSelect): PatientContactAnswer => c;

/** The patient contacts of the students the actor may see, newest first. */
export function contactList(q: Q, actor: Actor, f: ContactListQuery): List<ReturnType<typeof contactToApi>> {
  const where = and(
    visibleWhere.patientContacts(q, actor),
    f.studentId ? eq(t.patientContacts.studentId, f.studentId) : undefined,
  );
  const order = [desc(t.patientContacts.date), desc(t.patientContacts.createdAt), asc(t.patientContacts.id)];
  return tableList(q, t.patientContacts, where, order, (rows) => rows.map(contactToApi));
}
