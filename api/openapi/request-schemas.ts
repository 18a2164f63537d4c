/**
 * Which command's arguments each write route reads from its JSON body: the route hands the body to that command,
 * which validates it with its zod schema; the document is generated from those same schemas. A route passes the body
 * as the whole arguments, as their `changes` (updates: the path gives the id), or merged with ids from the path.
 * Routes that turn a form into arguments first (POST /api/programs, /api/clinical-sites, /api/users) are not here.
 */
import type { z } from 'zod';

import type { Command } from '#api/commands/command.ts';
import { COMMANDS } from '#api/commands/registry.ts';

interface BodyOf {
  command: string;
  part?: 'changes';
  /** Arguments the route fills in from the path, left out of the body. */
  fromPath?: string[];
}

const whole = (command: string, fromPath: string[] = []): BodyOf => ({ command, fromPath });
const changes = (command: string): BodyOf => ({ command, part: 'changes' });

const BODIES: Record<string, BodyOf> = {
  'POST /api/instructors': whole('createInstructor'),
  'PATCH /api/instructors/:id': changes('updateInstructor'),
  'PUT /api/instructors/:id': changes('updateInstructor'),
  'PATCH /api/programs/:id': changes('updateProgram'),
  'PUT /api/programs/:id': changes('updateProgram'),
  'PUT /api/programs/:id/requirements': whole('setProgramRequirements', ['programId']),
  'POST /api/programs/:id/users': whole('assignUserToProgram', ['programId']),
  'POST /api/skills': whole('createSkill'),
  'PATCH /api/skills/:id': changes('updateSkill'),
  'PUT /api/skills/:id': changes('updateSkill'),
  'POST /api/skill-attempts': whole('logSkillAttempt'),
  'POST /api/skill-attempts/:id/void': whole('voidSkillAttempt', ['attemptId']),
  'POST /api/patient-contacts': whole('logPatientContact'),
  'POST /api/sign-offs': whole('signOff'),
  'PATCH /api/clinical-sites/:id': changes('updateClinicalSite'),
  'PUT /api/clinical-sites/:id': changes('updateClinicalSite'),
  'POST /api/clinical-hours': whole('logClinicalHours'),
  'POST /api/messages': whole('sendMessage'),
  'PATCH /api/messages/:id': changes('updateMessageFlags'),
  'PUT /api/messages/:id': changes('updateMessageFlags'),
  'PATCH /api/accreditation/requirements/:id': changes('updateRequirement'),
  'PUT /api/accreditation/requirements/:id': changes('updateRequirement'),
  'PATCH /api/ram/assessments/:id': changes('updateRamAssessment'),
  'PUT /api/ram/assessments/:id': changes('updateRamAssessment'),
};

/** The zod schema of a route's JSON body, and the argument names the path supplies instead. */
export function bodySchemaOf(method: string, path: string): { schema: z.ZodType; fromPath: string[] } | undefined {
  const body = BODIES[`${method} ${path}`];
  const command: Command | undefined = body && COMMANDS.get(body.command);
  if (!body || !command) return undefined;
  const schema = body.part ? (command.args as z.ZodObject).shape[body.part] : command.args;
  return { schema: schema as z.ZodType, fromPath: body.fromPath ?? [] };
}

/** Routes with a documented body (the test checks each names a route that exists and a command that does). */
export const DOCUMENTED_BODIES = Object.entries(BODIES).map(([route, { command }]) => ({ route, command }));
