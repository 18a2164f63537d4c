/** Reading a list's query (filters and page) and answering one page of it (schema/paging.ts). */
import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '../../schema/common.ts';
import type { Q } from '../db/open.ts';
import type { Env } from './context.ts';
import { invalid } from './errors.ts';
import { keptResponse } from './kept-response.ts';

export interface Page<T> { rows: T[]; total: number }

/** The request's query checked against a list's schema; bad values are a 400 naming the parameter. */
export function listQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

/** One page as a JSON array, with the number of matching rows in X-Total-Count, kept until the next write. */
export function pageResponse<T>(c: Context<Env>, q: Q, compute: () => Page<T>) {
  return keptResponse(c, q, '', () => {
    const { rows, total } = compute();
    return { json: rows, total };
  });
}

/** One page of a list already filtered in memory (lists that stay short per user: requests, documents). */
export const slicePage = <T>(rows: T[], page: { limit: number; offset: number }): Page<T> =>
  ({ rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length });
