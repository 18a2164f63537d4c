/** Text search with LIKE where `%`, `_` and `\` in what a user types are letters, not wildcards. */
import { like, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const likeEscaped = (column: SQLiteColumn, pattern: string): SQL =>
  like(column, pattern).append(sql` escape '\\'`);
