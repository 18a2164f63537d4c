/**
 * What a device holds offline, by its user's role (docs/ARCHITECTURE.md, "What each role holds"). Students and the
 * staff of a program hold every record of the students they see; the desk (director, administration, clinical
 * coordinator), who see every student, hold each student's summary figures and fetch a student's per-skill evidence
 * when they open that student. One rule for the server's pull and the device's "not on this device yet".
 */
import type { Role } from './enums.ts';
import { can } from './permissions.ts';

/** The desk's tables held per opened student: the per-skill log and summaries, most of a college's rows. */
export const OPENED_STUDENT_TABLES = ['studentSkills', 'skillAttempts', 'skillAttemptVoids'] as const;

/** Students a device may hold opened at once; opening one more lets the longest unopened go. */
export const MAX_OPENED_STUDENTS = 200;

/** Students a pull fetches in full at most (about 450 rows each on the large set); the rest come in the next pull. */
export const OPENED_PER_PULL = 20;

/** Whether the role's devices hold summaries of every student and fetch a student's evidence when opened. */
export const holdsSummariesOnly = (role: Role) => can(role, 'students.readAll');

/**
 * Whether the role's devices hold, of the skills catalogue, only the skills of their own programs' disciplines and those
 * their own records name: a student's. The catalogue's 217 skills of three disciplines were 180 KB of a student's
 * 316 KB first pull; the REST catalogue stays whole (api/routes/skills).
 */
export const holdsOwnDisciplineSkills = (role: Role) => role === 'student';

/** A student's records that name a skill: the device holding one holds its skill, whatever the skill's discipline. */
export const SKILL_NAMING_TABLES = ['studentSkills', 'skillAttempts', 'skillAttemptVoids', 'jprSignOffs'] as const;

/**
 * What a student's figures add up from, as the server's tallies keep it (api/db/migrations/0007_student_tallies.sql):
 * sent with each student row to a desk device, which computes the figures from it as the server's lists do.
 */
export interface StudentTallies {
  attempts: number;
  pendingAttempts: number;
  lastProgress: string | null;
  /** Hours in thousandths, as kept. */
  clinical: number;
  field: number;
  awaiting: number;
  refused: number;
  lastHours: string | null;
  /** By skill track ('<program type>:<level>'): progress summed and skills completed. */
  groups: { skillGroup: string; progressSum: number; completed: number }[];
}
