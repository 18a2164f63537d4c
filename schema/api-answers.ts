/**
 * The shapes of the API's answers that many routes share, as zod schemas: the OpenAPI document (api/openapi/) is
 * generated from them and its test checks every route's real answer against it. An answer particular to one feature
 * lives with that feature's schemas (schema/roster-import.ts, schema/calendar.ts).
 */
import { z } from 'zod';

/** A refusal: the spec's message, and each bad field's message for a 400. */
export const errorAnswerSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** A record as its list reads it: its id and its fields (each resource's fields are its GET list's). */
export const recordAnswerSchema = z.looseObject({ id: z.string() });
export const recordsAnswerSchema = z.array(recordAnswerSchema);
/** A row of a report or summary, which is keyed by what it summarises rather than an id of its own. */
export const rowsAnswerSchema = z.array(z.looseObject({}));
/** A figure sheet: named figures, one object. */
export const figuresAnswerSchema = z.looseObject({});
/** What a removal answers: the id of the record removed (its tombstone stays for devices to pull). */
export const removedAnswerSchema = z.object({ id: z.string() });

/** GET /api/health: the server is up, and whether it runs the demo. */
export const healthAnswerSchema = z.object({ ok: z.boolean(), demo: z.boolean() });
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** GET /api/auth/session: the signed-in user, or null for a signed-out visitor. */
export const sessionAnswerSchema = z.object({ user: recordAnswerSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** POST /api/sign-offs/:id/review: the sign-off as moved, and a confirm link when it is to be handed over by hand. */
export const signOffReviewAnswerSchema = z.object({ signOff: recordAnswerSchema, url: z.string().nullable() });
export type SignOffReviewAnswer = z.infer<typeof signOffReviewAnswerSchema>;

/** POST /api/sign-offs/:id/link: a new confirm link for the sign-off's preceptor. */
export const signOffLinkAnswerSchema = z.object({ signOffId: z.string(), url: z.string() });
export type SignOffLinkAnswer = z.infer<typeof signOffLinkAnswerSchema>;
