import { defineCommand } from '#api/commands/command.ts';
import { assertSite, verification } from '#api/domain/evidence/checks.ts';
import { removeStudentRecord } from '#api/domain/evidence/remove-record.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { assertStudentVisible, studentFieldNotFound } from '#api/permissions/scope.ts';
import { queuedRemoveEntrySchema, removeEntrySchema } from '#schema/common.ts';
import { patientContactSchema } from '#schema/patient-contact-schema.ts';
import * as t from '#schema/tables.ts';

/** Records a patient a student assessed (no identifiers); the skills performed are attempts that name it. */
export const logPatientContact = defineCommand({
  name: 'logPatientContact',
  offline: true,
  args: patientContactSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'attempts.log');
    assertStudentVisible(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    assertSite(ctx, args.clinicalSiteId);
    return ctx.insert(t.patientContacts, { ...args, recordedBy: ctx.actor.id, ...verification(ctx) });
  },
});

/** Corrects a wrong entry (logged twice, the wrong patient): its recorder, or director and administration. */
export const deletePatientContact = defineCommand({
  name: 'deletePatientContact',
  offline: true,
  args: removeEntrySchema,
  queuedArgs: queuedRemoveEntrySchema,
  apply: (ctx, args) => removeStudentRecord(ctx, t.patientContacts, args, 'Patient contact'),
});

export const patientContactCommands = [logPatientContact, deletePatientContact];
