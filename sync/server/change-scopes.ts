/**
 * "Anything new for me?" without reading the data. Triggers mark, in each write's transaction, the scopes of who may
 * see the row written with its version (`change_scopes`, 0015_change_scopes.sql). A user's pull reads the last change
 * in the scopes that may concern them: one program's writes do not turn another program's up-to-date polls into
 * changed pulls, though every write still takes the next global version (cookies keep their shape).
 */
import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { statement } from '#api/db/statements.ts';
import { can } from '#api/permissions/matrix.ts';

/** The scopes whose changes may concern a user, beyond `all` and their own `user:<id>`. */
export interface Interest {
  /** `program:<id>` of each program whose students they see, `requests`, `sign-offs`. */
  scopes: string[];
  /** Sees every program's students: every `program:` scope counts. */
  everyProgram: boolean;
}

export function interestOf(actor: Actor, programs: 'all' | Set<string>): Interest {
  const scopes = programs === 'all' ? [] : [...programs].sort().map((id) => `program:${id}`);
  if (can(actor.role, 'requests.readAll')) scopes.push('requests');
  // A preceptor sees the sign-offs given in their name, whichever program the student is in (visibility.ts).
  if (actor.role === 'preceptor') scopes.push('sign-offs');
  return { scopes, everyProgram: programs === 'all' };
}

const LAST_IN = `select coalesce(max(version), 0) as version from change_scopes
  where scope in (select value from json_each(@scopes))`;
/** `program:` followed by anything: the range between `program:` and `program;` on the key. */
const LAST_IN_ANY_PROGRAM = `select coalesce(max(version), 0) as version from change_scopes
  where scope > 'program:' and scope < 'program;'`;

const lastIn = (q: Q, scopes: string[]) =>
  (statement(q, LAST_IN).get({ scopes: JSON.stringify(scopes) }) as { version: number }).version;

/**
 * The last change to what the user's view is made of (role, e-mail, programs, own student records): the tables
 * everyone reads and their own scope. Their view stays valid until it moves.
 */
export const lastViewChange = (q: Q, actor: Actor) => lastIn(q, ['all', `user:${actor.id}`]);

/** The last change to any row the user may see or may hold. */
export function lastChangeFor(q: Q, actor: Actor, interest: Interest): number {
  const scoped = lastIn(q, ['all', `user:${actor.id}`, ...interest.scopes]);
  if (!interest.everyProgram) return scoped;
  return Math.max(scoped, (statement(q, LAST_IN_ANY_PROGRAM).get() as { version: number }).version);
}
