/**
 * What each write route reads from its request body, as the zod schema that checks it: most routes hand the body to a
 * command, which validates it with its own schema; a route that turns a form into arguments first (programs, clinical
 * sites) or reads a multipart form (imports, documents) names that form's schema. A route passes the body as the whole
 * arguments, as their `changes` (updates: the path gives the id), or merged with ids from the path.
 */
import { z } from 'zod';

import type { Command } from '#api/commands/command.ts';
import { COMMANDS } from '#api/commands/registry.ts';
import { attestSchema } from '#schema/attestation.ts';
import { clinicalSiteSchema, managementSiteSchema, simpleSiteSchema } from '#schema/clinical-site.ts';
import { documentMetaSchema } from '#schema/document.ts';
import { dataManagementProgramFormSchema, programManagementFormSchema } from '#schema/program.ts';
import { importRequestSchema } from '#schema/roster-import.ts';
import { linkDecisionSchema } from '#schema/sign-off-schema.ts';
import { loginSchema } from '#schema/user.ts';

export interface BodySchema {
  schema: z.ZodType;
  /** Arguments the route fills in from the path (or itself), left out of the body. */
  fromPath: string[];
  /** multipart/form-data with a `file` part, not JSON. */
  form?: boolean;
}

interface BodyOf {
  commands: string[];
  part?: 'changes';
  fromPath?: string[];
}
type Entry = BodyOf | BodySchema;

const whole = (command: string, fromPath: string[] = []): BodyOf => ({ commands: [command], fromPath });
const changes = (command: string): BodyOf => ({ commands: [command], part: 'changes' });
const form = (schema: z.ZodType): BodySchema => ({ schema, fromPath: [], form: true });
const direct = (schema: z.ZodType): BodySchema => ({ schema, fromPath: [] });

const BODIES: Record<string, Entry> = {
  'POST /api/login': direct(loginSchema),
  'POST /api/users': whole('createUser'),
  'PUT /api/users/:id': changes('updateProfile'),
  'POST /api/instructors': whole('createInstructor'),
  'PATCH /api/instructors/:id': changes('updateInstructor'),
  'PUT /api/instructors/:id': changes('updateInstructor'),
  'POST /api/programs': direct(z.union([programManagementFormSchema, dataManagementProgramFormSchema])),
  'PATCH /api/programs/:id': changes('updateProgram'),
  'PUT /api/programs/:id': changes('updateProgram'),
  'PUT /api/programs/:id/requirements': whole('setProgramRequirements', ['programId']),
  'POST /api/programs/:id/users': whole('assignUserToProgram', ['programId']),
  'PUT /api/programs/:id/dor-settings': whole('setDorSettings', ['programId']),
  'PUT /api/programs/:id/task-book-rules': whole('setTaskBookRules', ['programId']),
  'POST /api/students': whole('createStudent'),
  'PATCH /api/students/:id': changes('updateStudent'),
  'PUT /api/students/:id': changes('updateStudent'),
  'POST /api/students/:id/attestations': direct(attestSchema),
  'POST /api/skills': whole('createSkill'),
  'PATCH /api/skills/:id': changes('updateSkill'),
  'PUT /api/skills/:id': changes('updateSkill'),
  'POST /api/student-skills': whole('recordSkillProgress'),
  'POST /api/skill-attempts': whole('logSkillAttempt'),
  'POST /api/skill-attempts/:id/void': whole('voidSkillAttempt', ['attemptId']),
  'POST /api/patient-contacts': whole('logPatientContact'),
  'POST /api/sign-offs': whole('signOff'),
  'POST /api/sign-offs/:id/review': whole('reviewSignOff', ['canMail']),
  'POST /api/sign-off-links/:token': direct(linkDecisionSchema),
  'POST /api/clinical-sites': direct(z.union([clinicalSiteSchema, managementSiteSchema, simpleSiteSchema])),
  'PATCH /api/clinical-sites/:id': changes('updateClinicalSite'),
  'PUT /api/clinical-sites/:id': changes('updateClinicalSite'),
  'POST /api/clinical-sites/:id/emails': whole('addSiteEmail', ['clinicalSiteId']),
  'POST /api/clinical-hours': whole('logClinicalHours'),
  'POST /api/documents': form(documentMetaSchema),
  'POST /api/messages': whole('sendMessage'),
  'PATCH /api/messages/:id': changes('updateMessageFlags'),
  'PUT /api/messages/:id': changes('updateMessageFlags'),
  'POST /api/requests/:kind': {
    commands: ['fileProgramJoinRequest', 'fileRoleChangeRequest', 'filePreceptorRequest', 'fileClinicalTimeRequest'],
  },
  'POST /api/requests/:kind/:id/approve': whole('approveRequest'),
  'POST /api/requests/:kind/:id/deny': whole('denyRequest'),
  'POST /api/preceptor-requests': whole('fileSitePreceptorRequest'),
  'POST /api/preceptor-requests/:id/review': whole('reviewSitePreceptorRequest'),
  'PATCH /api/accreditation/requirements/:id': changes('updateRequirement'),
  'PUT /api/accreditation/requirements/:id': changes('updateRequirement'),
  'PATCH /api/ram/assessments/:id': changes('updateRamAssessment'),
  'PUT /api/ram/assessments/:id': changes('updateRamAssessment'),
  'PUT /api/annual-report/outcomes': whole('setStudentOutcome'),
  'POST /api/annual-report/exam-attempts': whole('recordExamAttempt'),
  'POST /api/imports/inspect': form(importRequestSchema),
  'POST /api/imports': form(importRequestSchema),
  'POST /api/shifts': whole('createShift'),
  'PATCH /api/shifts/:id': whole('editShift'),
  'POST /api/shifts/:id/cancel': whole('cancelShift'),
  'POST /api/shifts/:id/bookings': whole('bookShift', ['shiftId']),
  'POST /api/student-credentials': whole('recordCredential'),
  'PUT /api/programs/:id/clock-window': whole('setClockWindow', ['programId']),
  'PUT /api/clinical-sites/:id/location': whole('setSiteLocation', ['clinicalSiteId']),
  'POST /api/task-books': whole('startTaskBook'),
  'POST /api/task-books/:id/jprs': whole('signJpr', ['taskBookId']),
  'POST /api/task-books/:id/verify': whole('verifyTaskBook', ['taskBookId']),
  'POST /api/task-books/:id/certify': whole('certifyTaskBook', ['taskBookId']),
};

const byCommand = (entry: Entry): entry is BodyOf => 'commands' in entry;

function argsOf(name: string, part: BodyOf['part']): z.ZodType {
  const command: Command | undefined = COMMANDS.get(name);
  if (!command) throw new Error(`No command ${name}`);
  return (part ? (command.args as z.ZodObject).shape[part] : command.args) as z.ZodType;
}

/**
 * The zod schema of a route's body, and the argument names the path supplies instead; `extra` are the routes whose
 * schemas live where this folder may not import (the sync protocol's, given by api/app.ts).
 */
export function bodySchemaOf(
  method: string,
  path: string,
  extra: Record<string, BodySchema> = {},
): BodySchema | undefined {
  const body: Entry | undefined = extra[`${method} ${path}`] ?? BODIES[`${method} ${path}`];
  if (!body || !byCommand(body)) return body;
  const schemas = body.commands.map((name) => argsOf(name, body.part));
  return {
    schema: schemas.length === 1 ? schemas[0] : z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]),
    fromPath: body.fromPath ?? [],
  };
}

/** Routes with a documented body by a command (the test checks each names a route that exists and a command that does). */
export const DOCUMENTED_BODIES = Object.entries(BODIES).flatMap(([route, body]) =>
  byCommand(body) ? body.commands.map((command) => ({ route, command })) : [],
);
