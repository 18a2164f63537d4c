import { z } from 'zod';

import { isAfterToday, isInstantAfterToday } from './dates.ts';
import { MSG } from './messages.ts';

/**
 * The app's pages allow no eval (Content-Security-Policy `script-src 'self'`). Zod would probe for it with
 * `new Function` as each object schema is built, to compile faster parsers, and the browser reports the refused probe
 * as a CSP violation. Set here, in the module the schemas import (and in the device's zod chunk, which loads with
 * it), before any of them is built; the parsers then run as interpreted code, on the server as on the device.
 */
z.config({ jitless: true });

/** A required, trimmed text field whose absence and emptiness both answer `message`. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const email = (message: string = MSG.emailInvalid) =>
  z.string({ error: message }).trim().toLowerCase().pipe(z.email(message).max(254, message));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** A calendar date written YYYY-MM-DD. */
export const isoDate = (message: string = MSG.dateInvalid) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((s) => ISO_DATE.test(s) && isRealDate(s), message);
export const optionalIsoDate = () =>
  z
    .union([isoDate(), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null));

/** An ISO date-time string (as sent by `Date.prototype.toISOString`). */
export const isoDateTime = (message: string = MSG.dateInvalid) =>
  z.string({ error: message }).refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), message);

/**
 * The day something happened: not after today (schema/dates.ts says which today), on the device as on the server;
 * `message` when it is missing or not a day.
 */
export const happenedOn = (message?: string) =>
  isoDate(message).refine((s) => !isAfterToday(s, new Date()), MSG.dateNotFuture);
/** The time something happened, by the same rule as `happenedOn`. */
export const happenedAt = () => isoDateTime().refine((s) => !isInstantAfterToday(s, new Date()), MSG.dateNotFuture);

/** Records may be created offline with a client-generated id. */
export const clientId = () => z.uuid().optional();
export const refId = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

/** An optional reference to another record: blank or absent is none, as is `noneValue` where a select offers one. */
export const optionalRefId = (noneValue?: string) =>
  z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v && v !== noneValue ? v : null));

/** A whole number from min to max; a fraction is refused as such, never rounded (2.5 is not 'out of range'). */
export const intInRange = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(MSG.wholeNumber).min(min, message).max(max, message);

export const stringList = (maxItems = 50, maxLen = 100) =>
  z.array(z.string().trim().min(1).max(maxLen)).max(maxItems).default([]);

/** Maps a zod error to the API's `{ fieldName: message }`, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    // update commands take { id, changes }: report the changed field's own name
    const path = issue.path[0] === 'changes' && issue.path.length > 1 ? issue.path.slice(1) : issue.path;
    const key = path.length ? String(path[0]) : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

type PatchShape<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]>;
};
/**
 * The schema of a partial update: every field optional and, unlike `.partial()`, without defaults, so that a patch
 * which leaves a field out never resets it.
 */
export function patchOf<S extends z.ZodRawShape>(shape: S) {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
    ]),
  );
  return z.object(fields as unknown as PatchShape<S>);
}

/** Arguments of a command that acts on one record by id (delete, mark read...). */
export const byId = z.object({ id: z.string().trim().min(1).max(64) });
/** A wrong patient contact or hours entry removed, and why: the reason goes into the audit log. */
export const removeEntrySchema = byId.extend({ reason: requiredText(MSG.removeReasonRequired, 400) });
/**
 * The same removal as a device queued it before reasons were asked: the push accepts it without one only from a
 * mutation that carries no `argsVersion` (sync/protocol-version.ts), since the current app always stamps one.
 */
export const queuedRemoveEntrySchema = byId.extend({ reason: optionalText(400) });
/** Arguments of a partial update: the record's id and the changed fields. */
export const updateOf = <S extends z.ZodType>(changes: S) =>
  z.object({ id: z.string().trim().min(1).max(64), changes });
