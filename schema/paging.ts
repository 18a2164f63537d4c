/**
 * Lists that can grow long: the usual array with the number of matching rows in the `X-Total-Count` header. Without
 * `limit` a list answers every matching row (from `offset` on): the spec's clients call without paging and must miss
 * nothing. `?limit=&offset=` answers one page.
 */
import { z } from 'zod';

import { optionalIsoDate } from './common.ts';
import { DOCUMENT_PROGRAM_TYPES, PROGRAM_TYPES } from './enums.ts';
import { spellingOf } from './spelling.ts';

export const LIST_PAGE_MAX = 500;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

const pageSchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${LIST_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${LIST_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${LIST_PAGE_MAX}`)
    .max(LIST_PAGE_MAX, `limit must be a whole number from 1 to ${LIST_PAGE_MAX}`)
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a whole number, 0 or more' })
    .int('offset must be a whole number, 0 or more')
    .min(0, 'offset must be a whole number, 0 or more')
    .default(0),
});
export type Page = z.output<typeof pageSchema>;

const optionalFilter = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
/** A program type filter in either spelling; one that names no type matches nothing. */
const programTypeFilter = (types: readonly string[]) => {
  const spell = spellingOf(types);
  return optionalFilter.transform((v) => v && spell(v));
};

export const studentListQuerySchema = pageSchema.extend({
  programId: optionalFilter,
  programType: programTypeFilter(PROGRAM_TYPES),
  /** Matches first or last name, student code or e-mail. */
  search: optionalFilter,
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type StudentListQuery = z.output<typeof studentListQuerySchema>;

export const progressListQuerySchema = pageSchema.extend({
  studentId: optionalFilter,
  programType: programTypeFilter(PROGRAM_TYPES),
  skillId: optionalFilter,
  status: optionalFilter,
});
export type ProgressListQuery = z.output<typeof progressListQuerySchema>;

export const attemptListQuerySchema = pageSchema.extend({ studentId: optionalFilter, skillId: optionalFilter });
export type AttemptListQuery = z.output<typeof attemptListQuerySchema>;

export const contactListQuerySchema = pageSchema.extend({ studentId: optionalFilter });
/** GET /api/task-books and /api/jpr-sign-offs: one candidate's, or every visible one. */
export const taskBookListQuerySchema = pageSchema.extend({ studentId: optionalFilter });
export type TaskBookListQuery = z.output<typeof taskBookListQuerySchema>;
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const hoursListQuerySchema = pageSchema.extend({
  studentId: optionalFilter,
  hourType: optionalFilter,
  from: optionalIsoDate(),
  to: optionalIsoDate(),
});
export type HoursListQuery = z.output<typeof hoursListQuerySchema>;

export const messageListQuerySchema = pageSchema.extend({
  direction: z.enum(['received', 'sent'], { error: 'direction must be received or sent' }).optional(),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

export const requestListQuerySchema = pageSchema.extend({ status: optionalFilter });

export const userListQuerySchema = pageSchema.extend({ role: optionalFilter, search: optionalFilter });
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const documentListQuerySchema = pageSchema.extend({
  programId: optionalFilter,
  programType: programTypeFilter(DOCUMENT_PROGRAM_TYPES),
});

export const dorListQuerySchema = pageSchema.extend({ studentId: optionalFilter });
export type DorListQuery = z.output<typeof dorListQuerySchema>;
