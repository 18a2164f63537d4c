/** A sign-off as the preceptor's link page and the review queue show it: the frozen records in words, no identifiers. */
import { eq, inArray } from 'drizzle-orm';

import type { Q } from '#api/db/open.ts';
import type { SignOffRow } from '#api/domain/evidence/sign-off-effects.ts';
import type { SignOffSummaryAnswer } from '#schema/api-answers.ts';
import * as t from '#schema/tables.ts';

const idsOf = (signOff: SignOffRow, kind: string) => signOff.records.filter((r) => r.kind === kind).map((r) => r.id);

export function signOffSummary(q: Q, signOff: SignOffRow): SignOffSummaryAnswer {
  const student = q.select().from(t.students).where(eq(t.students.id, signOff.studentId)).get();
  const attemptIds = idsOf(signOff, 'attempt');
  const attempts = attemptIds.length
    ? q
        .select({
          id: t.skillAttempts.id,
          skill: t.skills.name,
          attemptedAt: t.skillAttempts.attemptedAt,
          setting: t.skillAttempts.setting,
          outcome: t.skillAttempts.outcome,
          participation: t.skillAttempts.participation,
        })
        .from(t.skillAttempts)
        .leftJoin(t.skills, eq(t.skills.id, t.skillAttempts.skillId))
        .where(inArray(t.skillAttempts.id, attemptIds))
        .all()
    : [];
  const contactIds = idsOf(signOff, 'contact');
  const contacts = contactIds.length
    ? q
        .select({
          id: t.patientContacts.id,
          date: t.patientContacts.date,
          ageYears: t.patientContacts.ageYears,
          ageMonths: t.patientContacts.ageMonths,
          gender: t.patientContacts.gender,
          primaryImpression: t.patientContacts.primaryImpression,
          teamLead: t.patientContacts.teamLead,
          careLevel: t.patientContacts.careLevel,
        })
        .from(t.patientContacts)
        .where(inArray(t.patientContacts.id, contactIds))
        .all()
    : [];
  const hourIds = idsOf(signOff, 'hours');
  const hours = hourIds.length
    ? q
        .select({
          id: t.clinicalHours.id,
          date: t.clinicalHours.date,
          startTime: t.clinicalHours.startTime,
          endTime: t.clinicalHours.endTime,
          hoursCompleted: t.clinicalHours.hoursCompleted,
          hourType: t.clinicalHours.hourType,
        })
        .from(t.clinicalHours)
        .where(inArray(t.clinicalHours.id, hourIds))
        .all()
    : [];
  return {
    id: signOff.id,
    student: student ? `${student.firstName} ${student.lastName}` : 'Student',
    capturedAt: signOff.capturedAt,
    preceptor: signOff.preceptor,
    status: signOff.status,
    attempts,
    contacts,
    hours,
  };
}
