/**
 * Every command whose arguments are all its input, by name. The sync push runs only the offline ones among them
 * (sync/server/routes.ts); an upload's command is built per stored file by its route, so it is not here.
 */
import { shiftCommands } from '../domain/shifts/shifts.commands.ts';
import { taskBookCommands } from '../domain/task-book/task-book.commands.ts';
import { accreditationCommands } from '../routes/accreditation/accreditation.commands.ts';
import { annualReportCommands } from '../routes/annual-report/annual-report.commands.ts';
import { clinicalHoursCommands } from '../routes/clinical-hours/clinical-hours.commands.ts';
import { clinicalSiteCommands } from '../routes/clinical-sites/clinical-sites.commands.ts';
import { documentCommands } from '../routes/documents/documents.commands.ts';
import { dorCommands } from '../routes/dors/dors.commands.ts';
import { instructorCommands } from '../routes/instructors/instructors.commands.ts';
import { messageCommands } from '../routes/messages/messages.commands.ts';
import { patientContactCommands } from '../routes/patient-contacts/patient-contacts.commands.ts';
import { programCommands } from '../routes/programs/programs.commands.ts';
import { requestCommands } from '../routes/requests/requests.commands.ts';
import { signOffCommands } from '../routes/sign-offs/sign-offs.commands.ts';
import { skillAttemptCommands } from '../routes/skill-attempts/skill-attempts.commands.ts';
import { skillCommands } from '../routes/skills/skills.commands.ts';
import { studentSkillCommands } from '../routes/student-skills/student-skills.commands.ts';
import { studentCommands } from '../routes/students/students.commands.ts';
import { userCommands } from '../routes/users/users.commands.ts';
import type { Command } from './command.ts';

/** Commands by name; two of one name are refused at start, since a push or route would run whichever came last. */
export function commandRegistry(commands: readonly Command[]): ReadonlyMap<string, Command> {
  const byName = new Map<string, Command>();
  for (const command of commands) {
    if (byName.has(command.name)) throw new Error(`Two commands are named ${command.name}`);
    byName.set(command.name, command);
  }
  return byName;
}

export const COMMANDS = commandRegistry([
  ...userCommands,
  ...instructorCommands,
  ...programCommands,
  ...studentCommands,
  ...skillCommands,
  ...studentSkillCommands,
  ...skillAttemptCommands,
  ...patientContactCommands,
  ...signOffCommands,
  ...clinicalSiteCommands,
  ...clinicalHoursCommands,
  ...documentCommands,
  ...messageCommands,
  ...requestCommands,
  ...accreditationCommands,
  ...shiftCommands,
  ...dorCommands,
  ...taskBookCommands,
  ...annualReportCommands,
] as Command[]);
