import { ERR } from '#schema/messages.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/** An error a user may see: its message is safe to show, its status says what kind of refusal it is. */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const invalid = (fields: Record<string, string>, message: string = ERR.invalidInput) =>
  new AppError(400, message, fields);
export const forbidden = (message: string = ERR.forbidden) => new AppError(403, message);
export const notFound = (what = 'Record') => new AppError(404, `${what} not found`);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, message, fields);

export function errorBody(e: AppError) {
  return e.fields ? { error: e.message, fields: e.fields } : { error: e.message };
}
