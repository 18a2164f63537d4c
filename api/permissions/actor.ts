/**
 * Who a command or read runs as. Its own file because both the write path (commands/command.ts) and the permission
 * checks it calls (matrix.ts, scope.ts) speak of it, and neither may import the other back.
 */
import type { Role } from '#schema/enums.ts';

export interface Actor {
  id: string;
  role: Role;
  /** The session the request came with (absent for the system and in tests), kept when a user's sessions are ended. */
  sessionId?: string;
}
